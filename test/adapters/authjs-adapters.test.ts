/**
 * latchkey's database-session flows through `Auth()` on Auth.js's own adapters, as an Auth.js app
 * that switches to latchkey brings them: credentials sign-in, session read, extension, sign-out,
 * rotation and session management, on PostgreSQL and SQLite. These adapters return rows with
 * extra fields (a surrogate `id`), throw for unknown keys (Prisma's P2025), return nothing from
 * deleteSession, and lack latchkey's optional methods.
 */

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Adapter } from "../../src/adapters/types.js";
import { type AuthConfig, listSessions, revokeUserSession } from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import { SECRET, TestBrowser } from "../session/harness.js";
import type { OpenedStore } from "../session/stores.js";
import { AUTHJS_DRIZZLE_STORES, AUTHJS_PRISMA_STORES } from "./support/authjs-stores.js";

const SESSION_COOKIE = "authjs.session-token";
const DAY_MS = 24 * 60 * 60 * 1000;
const START = new Date("2026-11-01T00:00:00Z");

const STORES = [...AUTHJS_PRISMA_STORES, ...AUTHJS_DRIZZLE_STORES].filter(
  (store) => store.database === "SQLite" || store.database === "PostgreSQL",
);

/** `authorize` accepts any username with the password "right" and returns the id `app-<username>`. */
function config(adapter: Adapter, overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    adapter,
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username, password }) =>
          password === "right"
            ? {
                id: `app-${String(username)}`,
                name: String(username),
                email: `${String(username)}@example.test`,
              }
            : null,
      }),
    ],
    ...overrides,
  };
}

async function signIn(browser: TestBrowser, username = "ada"): Promise<string> {
  const response = await browser.postForm("/auth/callback/credentials", { username, password: "right" });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).not.toContain("error=");
  return browser.jar.get(SESSION_COOKIE) as string;
}

describe.each(STORES)("database sessions through Auth() on $name", (store) => {
  let opened: OpenedStore | undefined;
  const current = () => {
    if (!opened) throw new Error(`${store.name} did not open`);
    return opened;
  };
  const db = () => current().db;
  const adapter = () => current().adapter;

  beforeAll(async () => {
    opened = await store.open();
  });
  afterAll(async () => {
    await opened?.close();
  });
  beforeEach(async () => {
    await current().empty();
    vi.useFakeTimers({ toFake: ["Date"], now: START });
  });
  afterEach(() => vi.useRealTimers());

  it("signs in with credentials: a stored user linked to the credentials identity, and a session row", async () => {
    const token = await signIn(new TestBrowser(config(adapter())));
    const session = await db().session(token);
    expect(session?.expires).toEqual(new Date(START.valueOf() + 30 * DAY_MS));
    expect(await db().account("credentials", "app-ada")).toMatchObject({
      type: "credentials",
      userId: session?.userId,
    });
    expect(await db().count("users")).toBe(1);

    // The second sign-in finds the linked user instead of creating another.
    await signIn(new TestBrowser(config(adapter())));
    expect(await db().count("users")).toBe(1);
    expect(await db().count("sessions")).toBe(2);
  });

  it("reads the session: the user's fields and id, never the session token or the session's row id", async () => {
    const browser = new TestBrowser(config(adapter()));
    const token = await signIn(browser);
    const response = await browser.fetch("/auth/session");
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      user: { id: (await db().session(token))?.userId, name: "ada", email: "ada@example.test", image: null },
      expires: new Date(START.valueOf() + 30 * DAY_MS).toISOString(),
    });
    expect(text).not.toContain(token);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("extends the session once updateAge has passed, and re-sets the cookie", async () => {
    const browser = new TestBrowser(config(adapter()));
    const token = await signIn(browser);
    const later = new Date(START.valueOf() + DAY_MS + 1000);
    vi.setSystemTime(later);
    const response = await browser.fetch("/auth/session");
    expect(await response.json()).toMatchObject({ user: { name: "ada" } });
    expect((await db().session(token))?.expires).toEqual(new Date(later.valueOf() + 30 * DAY_MS));
    expect(response.headers.getSetCookie()[0]).toContain(
      `Expires=${new Date(later.valueOf() + 30 * DAY_MS).toUTCString()}`,
    );
  });

  it("deletes an expired session row when it is seen, and answers null", async () => {
    const browser = new TestBrowser(config(adapter()));
    const token = await signIn(browser);
    vi.setSystemTime(new Date(START.valueOf() + 31 * DAY_MS));
    expect(await browser.session()).toBeNull();
    expect(await db().session(token)).toBeNull();
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false);
  });

  it("signs out: deletes the row and clears the cookie", async () => {
    const signOut = vi.fn();
    const browser = new TestBrowser(config(adapter(), { events: { signOut } }));
    const token = await signIn(browser);
    const response = await browser.postForm("/auth/signout", {});
    expect(response.headers.get("location")).toBe("http://app.test/");
    expect(await db().session(token)).toBeNull();
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it("signs out cleanly when the session row is already gone (revoked elsewhere or cleaned up)", async () => {
    const warnings: string[] = [];
    const browser = new TestBrowser(config(adapter(), { logger: { warn: (code) => warnings.push(code) } }));
    const token = await signIn(browser);
    await adapter().deleteSession?.(token);

    const response = await browser.postForm("/auth/signout", {});
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("http://app.test/");
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false);
    expect(await browser.session()).toBeNull();
    // An adapter that throws for an unknown token (Prisma's P2025) is logged, never an error page.
    const throwsForUnknownToken = store.adapterName === "@auth/prisma-adapter";
    const aboutSignOut = warnings.filter((code) => code !== "AdapterExtensionMissing");
    expect(aboutSignOut).toEqual(throwsForUnknownToken ? ["SessionNotDeleted"] : []);
  });

  it("rotates the token at sign-in: the session the browser carried is deleted, never reused", async () => {
    const attacker = new TestBrowser(config(adapter()));
    const planted = await signIn(attacker, "mallory");
    const victim = new TestBrowser(config(adapter()));
    victim.jar.set(SESSION_COOKIE, planted);
    const victimToken = await signIn(victim, "ada");
    expect(victimToken).not.toBe(planted);
    expect(await db().session(planted)).toBeNull();
    expect(await victim.session()).toMatchObject({ user: { name: "ada" } });
  });

  it("signs in again with a cookie whose session row is gone", async () => {
    const browser = new TestBrowser(config(adapter()));
    const stale = await signIn(browser);
    await adapter().deleteSession?.(stale);
    const fresh = await signIn(browser);
    expect(fresh).not.toBe(stale);
    expect(await browser.session()).toMatchObject({ user: { name: "ada" } });
  });

  it("session management needs listSessionsByUserId, which Auth.js adapters lack, and says so", async () => {
    const cfg = config(adapter());
    const phone = new TestBrowser(cfg);
    const phoneToken = await signIn(phone);
    const userId = (await db().session(phoneToken))?.userId as string;
    const request = new Request("http://app.test/account", { headers: { cookie: phone.cookieHeader() } });

    await expect(listSessions(request, cfg)).rejects.toThrow(/listSessionsByUserId/);
    await expect(revokeUserSession(cfg, userId, "any-id")).rejects.toThrow(/listSessionsByUserId/);
    expect(await phone.session()).toMatchObject({ user: { name: "ada" } });
  });

  it("refuses a credentials user whose id is unknown but whose e-mail a stored user has, and links nothing", async () => {
    const stored = await adapter().createUser?.({
      id: "someone-else",
      email: "ada@example.test",
      emailVerified: null,
      name: "Ada (OAuth)",
    });
    const browser = new TestBrowser(config(adapter()));
    const response = await browser.postForm("/auth/callback/credentials", {
      username: "ada",
      password: "right",
    });
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.searchParams.get("error")).toBeTruthy();
    expect(location.searchParams.get("error")).not.toBe("Configuration");
    expect(await db().account("credentials", "app-ada")).toBeNull();
    expect(await db().count("sessions")).toBe(0);
    expect((await db().user(stored?.id as string))?.name).toBe("Ada (OAuth)");
  });
});
