import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { createMemoryTables, MemoryAdapter, type MemoryTables } from "../../src/adapters/memory.js";
import type { Adapter } from "../../src/adapters/types.js";
import {
  type AuthConfig,
  getSession,
  listSessions,
  revokeSession,
  revokeUserSessions,
  UnsupportedStrategy,
} from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import { SECRET, TestBrowser } from "./harness.js";

const SESSION_COOKIE = "authjs.session-token";
const DAY_MS = 24 * 60 * 60 * 1000;
const START = new Date("2026-11-01T00:00:00Z");

/** Wraps every adapter method in a spy so tests can count writes. */
function spiedAdapter(tables: MemoryTables) {
  const adapter = MemoryAdapter(tables) as Required<Adapter>;
  for (const key of Object.keys(adapter) as Array<keyof Adapter>) {
    vi.spyOn(adapter, key);
  }
  return adapter as {
    [K in keyof Adapter]-?: MockInstance<NonNullable<Adapter[K]>> & NonNullable<Adapter[K]>;
  };
}

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

async function signIn(browser: TestBrowser, username = "ada") {
  const response = await browser.postForm("/auth/callback/credentials", { username, password: "right" });
  expect(response.status).toBe(302);
  return browser.jar.get(SESSION_COOKIE) as string;
}

describe("database sessions", () => {
  let tables: MemoryTables;
  let adapter: ReturnType<typeof spiedAdapter>;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: START });
    tables = createMemoryTables();
    adapter = spiedAdapter(tables);
  });
  afterEach(() => vi.useRealTimers());

  it("is the default strategy when an adapter is configured", async () => {
    const browser = new TestBrowser(config(adapter));
    const token = await signIn(browser);
    expect(tables.sessions.get(token)?.expires).toEqual(new Date(START.valueOf() + 30 * DAY_MS));
  });

  it("uses a random 256-bit token, not the user id", async () => {
    const browser = new TestBrowser(config(adapter));
    const token = await signIn(browser);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("creates a stored user linked to the credentials identity on first sign-in, and reuses it", async () => {
    const createUser = vi.fn();
    const first = new TestBrowser(config(adapter, { events: { createUser } }));
    await signIn(first);
    expect(tables.users.size).toBe(1);
    const [account] = [...tables.accounts.values()];
    expect(account).toMatchObject({
      provider: "credentials",
      providerAccountId: "app-ada",
      type: "credentials",
    });
    expect(createUser).toHaveBeenCalledTimes(1);

    const second = new TestBrowser(config(adapter));
    await signIn(second);
    expect(tables.users.size).toBe(1);
    expect(tables.sessions.size).toBe(2);
  });

  it("uses the stored user directly when authorize returns an id the adapter knows", async () => {
    await adapter.createUser({ id: "app-ada", email: "ada@example.test", emailVerified: null, name: "Ada" });
    const browser = new TestBrowser(config(adapter));
    const token = await signIn(browser);
    expect(tables.sessions.get(token)?.userId).toBe("app-ada");
    expect(tables.accounts.size).toBe(0);
  });

  it("reads the session in one adapter call and does not write while no extension is due", async () => {
    const browser = new TestBrowser(config(adapter));
    await signIn(browser);
    vi.setSystemTime(new Date(START.valueOf() + DAY_MS / 2));
    adapter.getSessionAndUser.mockClear();
    const response = await browser.fetch("/auth/session");
    expect(await response.json()).toMatchObject({ user: { name: "ada", email: "ada@example.test" } });
    expect(adapter.getSessionAndUser).toHaveBeenCalledTimes(1);
    expect(adapter.updateSession).not.toHaveBeenCalled();
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("extends the session by maxAge once updateAge has passed, and re-sets the cookie", async () => {
    const browser = new TestBrowser(config(adapter));
    const token = await signIn(browser);
    const later = new Date(START.valueOf() + DAY_MS + 1000);
    vi.setSystemTime(later);
    const response = await browser.fetch("/auth/session");
    expect(adapter.updateSession).toHaveBeenCalledTimes(1);
    expect(tables.sessions.get(token)?.expires).toEqual(new Date(later.valueOf() + 30 * DAY_MS));
    expect(response.headers.getSetCookie()[0]).toContain(
      `Expires=${new Date(later.valueOf() + 30 * DAY_MS).toUTCString()}`,
    );
    // Immediately after, nothing is due again.
    await browser.fetch("/auth/session");
    expect(adapter.updateSession).toHaveBeenCalledTimes(1);
  });

  it("deletes an expired session row when it is seen and answers null", async () => {
    const browser = new TestBrowser(config(adapter));
    const token = await signIn(browser);
    vi.setSystemTime(new Date(START.valueOf() + 31 * DAY_MS));
    expect(await browser.session()).toBeNull();
    expect(tables.sessions.has(token)).toBe(false);
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false);
  });

  it("accepts a session row written straight into the adapter, as Auth.js writes them", async () => {
    await adapter.createUser({ id: "u1", email: "grace@example.test", emailVerified: null, name: "Grace" });
    await adapter.createSession({
      sessionToken: "raw-token-from-authjs",
      userId: "u1",
      expires: new Date(START.valueOf() + DAY_MS * 20),
    });
    const browser = new TestBrowser(config(adapter));
    browser.jar.set(SESSION_COOKIE, "raw-token-from-authjs");
    expect(await browser.session()).toMatchObject({ user: { name: "Grace" } });
  });

  it("rotates the token on sign-in: a planted session cookie never becomes the signed-in session", async () => {
    // The attacker holds a valid session of their own and plants its token in the victim's browser.
    const attacker = new TestBrowser(config(adapter));
    const planted = await signIn(attacker, "mallory");
    const victim = new TestBrowser(config(adapter));
    victim.jar.set(SESSION_COOKIE, planted);
    const victimToken = await signIn(victim, "ada");
    expect(victimToken).not.toBe(planted);
    expect(tables.sessions.has(planted)).toBe(false);
    attacker.jar.set(SESSION_COOKIE, planted);
    expect(await attacker.session()).toBeNull();
    expect(await victim.session()).toMatchObject({ user: { name: "ada" } });
  });

  it("signs out by deleting the row and emits signOut with the deleted session", async () => {
    const signOut = vi.fn();
    const browser = new TestBrowser(config(adapter, { events: { signOut } }));
    const token = await signIn(browser);
    await browser.postForm("/auth/signout", {});
    expect(tables.sessions.has(token)).toBe(false);
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false);
    expect(signOut).toHaveBeenCalledWith({ session: expect.objectContaining({ sessionToken: token }) });
  });

  it("does not pass the session token to the session callback or the client", async () => {
    const seen: unknown[] = [];
    const browser = new TestBrowser(
      config(adapter, {
        callbacks: {
          session: ({ session }) => {
            seen.push(session);
            return session;
          },
        },
      }),
    );
    const token = await signIn(browser);
    const body = await (await browser.fetch("/auth/session")).text();
    expect(body).not.toContain(token);
    expect(JSON.stringify(seen)).not.toContain(token);
  });

  it("getSession reads the same session for server code", async () => {
    const cfg = config(adapter);
    const browser = new TestBrowser(cfg);
    await signIn(browser);
    const request = new Request("http://app.test/dashboard", { headers: { cookie: browser.cookieHeader() } });
    expect(await getSession(request, cfg)).toMatchObject({ user: { email: "ada@example.test" } });
    expect(await getSession(new Request("http://app.test/dashboard"), cfg)).toBeNull();
  });

  it("lists and revokes sessions; revoking all but the current keeps that one", async () => {
    const cfg = config(adapter);
    const laptop = new TestBrowser(cfg);
    const phone = new TestBrowser(cfg);
    const laptopToken = await signIn(laptop);
    const phoneToken = await signIn(phone);
    const userId = tables.sessions.get(laptopToken)?.userId as string;
    expect((await listSessions(cfg, userId)).map((s) => s.sessionToken).sort()).toEqual(
      [laptopToken, phoneToken].sort(),
    );

    expect(await revokeUserSessions(cfg, userId, { except: laptopToken })).toBe(1);
    expect(await phone.session()).toBeNull();
    expect(await laptop.session()).not.toBeNull();

    await revokeSession(cfg, laptopToken);
    expect(await laptop.session()).toBeNull();
    expect(await listSessions(cfg, userId)).toEqual([]);
  });

  it("refuses session management under the jwt strategy, saying why", async () => {
    const cfg = config(adapter, { session: { strategy: "jwt" } });
    await expect(listSessions(cfg, "u1")).rejects.toBeInstanceOf(UnsupportedStrategy);
  });

  it("leaves no user behind when linking the account fails", async () => {
    const bare: Adapter = { ...MemoryAdapter(tables), createUserAndLinkAccount: undefined };
    bare.linkAccount = () => {
      throw new Error("disk full");
    };
    const errors: Error[] = [];
    const browser = new TestBrowser(config(bare, { logger: { error: (e) => errors.push(e) } }));
    const response = await browser.postForm("/auth/callback/credentials", {
      username: "ada",
      password: "right",
    });
    expect(response.headers.get("location")).toBe("http://app.test/auth/error?error=Configuration");
    expect(tables.users.size).toBe(0);
    expect(tables.sessions.size).toBe(0);
    expect(errors[0]?.name).toBe("AdapterError");
  });
});
