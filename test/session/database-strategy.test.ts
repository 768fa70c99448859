import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import type { Adapter } from "../../src/adapters/types.js";
import {
  type AuthConfig,
  getSession,
  listSessions,
  listUserSessions,
  revokeSession,
  revokeUserSessions,
  UnsupportedStrategy,
} from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import { SECRET, TestBrowser } from "./harness.js";
import { SESSION_STORES, useStore } from "./stores.js";

const SESSION_COOKIE = "authjs.session-token";
const DAY_MS = 24 * 60 * 60 * 1000;
const START = new Date("2026-11-01T00:00:00Z");

type SpiedAdapter = {
  [K in keyof Adapter]-?: MockInstance<NonNullable<Adapter[K]>> & NonNullable<Adapter[K]>;
};

/** A copy of the adapter with every method wrapped in a spy, so tests can count calls on any store. */
function spiedAdapter(adapter: Adapter): SpiedAdapter {
  const spied = { ...adapter } as Required<Adapter>;
  for (const key of Object.keys(spied) as Array<keyof Adapter>) {
    if (typeof spied[key] === "function") vi.spyOn(spied, key);
  }
  return spied as SpiedAdapter;
}

/** `authorize` accepts any username with the password "right"; the user id it returns is `userIdFor(username)`. */
function config(
  adapter: Adapter,
  overrides: Partial<AuthConfig> = {},
  userIdFor = (username: string) => `app-${username}`,
): AuthConfig {
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
                id: userIdFor(String(username)),
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

describe.each(SESSION_STORES)("database sessions on $name", (store) => {
  const opened = useStore(store);
  let adapter: SpiedAdapter;
  const db = () => opened().db;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: START });
    adapter = spiedAdapter(opened().adapter);
  });
  afterEach(() => vi.useRealTimers());

  it("is the default strategy when an adapter is configured", async () => {
    const browser = new TestBrowser(config(adapter));
    const token = await signIn(browser);
    expect((await db().session(token))?.expires).toEqual(new Date(START.valueOf() + 30 * DAY_MS));
  });

  it("stores only the standard fields of a new credentials user, and none without an e-mail address", async () => {
    const authorize = ({ username }: Partial<Record<string, unknown>>) => ({
      id: `app-${String(username)}`,
      name: String(username),
      passwordHash: "$argon2id$v=19$secret",
    });
    const noEmail = config(adapter, {
      providers: [Credentials({ credentials: { username: {}, password: {} }, authorize })],
    });
    const first = await signIn(new TestBrowser(noEmail), "ada");
    const second = await signIn(new TestBrowser(noEmail), "grace");
    const firstUser = await db().user((await db().session(first))?.userId as string);
    const secondUser = await db().user((await db().session(second))?.userId as string);
    expect(firstUser).toMatchObject({ name: "ada" });
    expect(secondUser).toMatchObject({ name: "grace" });
    expect(firstUser?.email ?? null).toBeNull();
    expect(JSON.stringify([firstUser, secondUser])).not.toContain("argon2id");
  });

  it("uses a random 256-bit token, not the user id", async () => {
    const browser = new TestBrowser(config(adapter));
    const token = await signIn(browser);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).not.toContain((await db().session(token))?.userId);
  });

  it("creates a stored user linked to the credentials identity on first sign-in, and reuses it", async () => {
    const createUser = vi.fn();
    const first = new TestBrowser(config(adapter, { events: { createUser } }));
    const firstToken = await signIn(first);
    expect(await db().count("users")).toBe(1);
    expect(await db().count("accounts")).toBe(1);
    const account = await db().account("credentials", "app-ada");
    expect(account).toMatchObject({
      provider: "credentials",
      providerAccountId: "app-ada",
      type: "credentials",
      userId: (await db().session(firstToken))?.userId,
    });
    expect(createUser).toHaveBeenCalledTimes(1);

    const second = new TestBrowser(config(adapter));
    const secondToken = await signIn(second);
    expect(await db().count("users")).toBe(1);
    expect(await db().count("sessions")).toBe(2);
    expect((await db().session(secondToken))?.userId).toBe(account?.userId);
  });

  it("uses the stored user directly when authorize returns an id the adapter knows", async () => {
    // Database adapters assign their own ids: authorize returns whatever id the store gave.
    const stored = await adapter.createUser({
      id: "app-ada",
      email: "ada@example.test",
      emailVerified: null,
      name: "Ada",
    });
    const browser = new TestBrowser(config(adapter, {}, () => stored.id));
    const token = await signIn(browser);
    expect((await db().session(token))?.userId).toBe(stored.id);
    expect(await db().count("users")).toBe(1);
    expect(await db().count("accounts")).toBe(0);
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
    expect((await db().session(token))?.expires).toEqual(new Date(later.valueOf() + 30 * DAY_MS));
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
    expect(await db().session(token)).toBeNull();
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false);
  });

  it("accepts a session row written straight into the adapter, as Auth.js writes them", async () => {
    const grace = await adapter.createUser({
      id: "u1",
      email: "grace@example.test",
      emailVerified: null,
      name: "Grace",
    });
    await adapter.createSession({
      sessionToken: "raw-token-from-authjs",
      userId: grace.id,
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
    expect(await db().session(planted)).toBeNull();
    attacker.jar.set(SESSION_COOKIE, planted);
    expect(await attacker.session()).toBeNull();
    expect(await victim.session()).toMatchObject({ user: { name: "ada" } });
  });

  it("signs out by deleting the row and emits signOut with the deleted session", async () => {
    const signOut = vi.fn();
    const browser = new TestBrowser(config(adapter, { events: { signOut } }));
    const token = await signIn(browser);
    await browser.postForm("/auth/signout", {});
    expect(await db().session(token)).toBeNull();
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false);
    expect(signOut).toHaveBeenCalledWith({
      session: expect.objectContaining({ sessionToken: token }),
      reason: "signOut",
    });
  });

  it("answers GET /session once the app's session event handler has finished", async () => {
    const finished: string[] = [];
    const session = async ({ session }: { session: { user?: { name?: string | null } } }) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      finished.push(String(session.user?.name));
    };
    const browser = new TestBrowser(config(adapter, { events: { session } }));
    await signIn(browser);
    expect(await browser.session()).toMatchObject({ user: { name: "ada" } });
    expect(finished).toEqual(["ada"]);
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
    expect(seen).toHaveLength(1);
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

  it("lists and revokes sessions by id; revoking all but the current keeps that one", async () => {
    const cfg = config(adapter);
    const laptop = new TestBrowser(cfg);
    const phone = new TestBrowser(cfg);
    const laptopToken = await signIn(laptop);
    const phoneToken = await signIn(phone);
    const userId = (await db().session(laptopToken))?.userId as string;
    const fromLaptop = new Request("http://app.test/account", { headers: { cookie: laptop.cookieHeader() } });
    const listed = (await listSessions(fromLaptop, cfg)) ?? [];
    expect(listed).toHaveLength(2);
    expect(JSON.stringify(listed)).not.toContain(laptopToken);
    expect(JSON.stringify(listed)).not.toContain(phoneToken);
    const laptopId = listed.find((session) => session.current)?.id as string;
    expect((await listUserSessions(cfg, userId)).map((s) => s.id).sort()).toEqual(
      listed.map((s) => s.id).sort(),
    );

    expect(await revokeUserSessions(cfg, userId, { except: laptopId })).toBe(1);
    expect(await phone.session()).toBeNull();
    expect(await laptop.session()).not.toBeNull();

    expect(await revokeSession(fromLaptop, cfg, laptopId)).toBe(true);
    expect(await laptop.session()).toBeNull();
    expect(await listUserSessions(cfg, userId)).toEqual([]);
  });

  it("leaves no user behind when linking the account fails", async () => {
    const failing: Adapter = {
      ...adapter,
      createUserAndLinkAccount: undefined,
      linkAccount: () => {
        throw new Error("disk full");
      },
    };
    const errors: Error[] = [];
    const browser = new TestBrowser(config(failing, { logger: { error: (e) => errors.push(e) } }));
    const response = await browser.postForm("/auth/callback/credentials", {
      username: "ada",
      password: "right",
    });
    expect(response.headers.get("location")).toBe("http://app.test/auth/error?error=Configuration");
    expect(adapter.createUser).toHaveBeenCalledTimes(1);
    expect(await db().count("users")).toBe(0);
    expect(await db().count("sessions")).toBe(0);
    expect(errors[0]?.name).toBe("AdapterError");
  });

  const queries = store.sessionReadQueries;
  if (queries) {
    async function sqlQueriesOfOneSessionRead(at: Date): Promise<number> {
      const browser = new TestBrowser(config(adapter));
      await signIn(browser);
      vi.setSystemTime(at);
      const countQueries = db().countQueries;
      if (!countQueries) throw new Error(`${store.name} does not count its queries`);
      return countQueries(async () => {
        expect(await browser.session()).toMatchObject({ user: { name: "ada" } });
      });
    }

    const sqlQueries = (count: number) => `${count} SQL ${count === 1 ? "query" : "queries"}`;

    it(`answers GET /session with ${sqlQueries(queries.lookup)} while no extension is due`, async () => {
      expect(await sqlQueriesOfOneSessionRead(new Date(START.valueOf() + DAY_MS / 2))).toBe(queries.lookup);
    });

    it(`answers GET /session with ${sqlQueries(queries.extension)} when an extension is due`, async () => {
      expect(await sqlQueriesOfOneSessionRead(new Date(START.valueOf() + DAY_MS + 1000))).toBe(
        queries.extension,
      );
      expect(adapter.updateSession).toHaveBeenCalledTimes(1);
    });
  }
});

describe("session management", () => {
  it("refuses session management under the jwt strategy without a store, saying why", async () => {
    const cfg = config(MemoryAdapter(), { session: { strategy: "jwt" } });
    const refusal = listUserSessions(cfg, "u1");
    await expect(refusal).rejects.toBeInstanceOf(UnsupportedStrategy);
    await expect(refusal).rejects.toThrow(/needs config\.store/);
  });
});
