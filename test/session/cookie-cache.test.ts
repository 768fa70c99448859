/**
 * The cookie cache of database sessions (`session.cookieCache`) and revocation markers: a cached
 * session is answered without the adapter, is bound to its session token, never outlives its
 * session or its own maxAge, dies with a secret rotation; revocation reaches a browser holding a
 * cached copy within maxAge without a shared store, and on its very next request with one (Redis).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMemoryTables, MemoryAdapter } from "../../src/adapters/memory.js";
import type { Adapter, AdapterSession, AdapterUser } from "../../src/adapters/types.js";
import {
  type AuthConfig,
  getSession,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  revokeUserSessions,
} from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import { MemoryStore } from "../../src/store/memory.js";
import { RedisStore } from "../../src/store/redis.js";
import { useTestRedis } from "../store/test-redis.js";
import { SECRET, TestBrowser } from "./harness.js";

const CACHE_COOKIE = "latchkey.session-cache";
const SESSION_COOKIE = "authjs.session-token";
const START = new Date("2026-11-01T00:00:00Z");
const OLD_SECRET = "an-older-secret-0123456789abcdef0123456789";

const redis = useTestRedis();

/** A MemoryAdapter that counts its session lookups: the cache's whole point is to skip them. */
function countingAdapter() {
  const memory = MemoryAdapter(createMemoryTables());
  const lookups = { count: 0 };
  const adapter: Adapter = {
    ...memory,
    getSessionAndUser: (token) => {
      lookups.count++;
      return memory.getSessionAndUser(token);
    },
  };
  return { adapter, lookups };
}

function configWith(adapter: Adapter, overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    adapter,
    session: { cookieCache: { maxAge: 300 } },
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username }) => ({
          id: `app-${String(username)}`,
          name: String(username),
          email: `${String(username)}@example.test`,
        }),
      }),
    ],
    ...overrides,
  };
}

async function signIn(browser: TestBrowser, username = "ada"): Promise<void> {
  const response = await browser.postForm("/auth/callback/credentials", { username, password: "x" });
  expect(response.status).toBe(302);
}

const request = (browser: TestBrowser) =>
  new Request("http://app.test/account", { headers: { cookie: browser.cookieHeader() } });

const at = (seconds: number) => vi.setSystemTime(new Date(START.valueOf() + seconds * 1000));

beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: START }));
afterEach(() => vi.useRealTimers());

describe("the cookie cache", () => {
  it("answers GET /session and getSession from the cache cookie, without the adapter", async () => {
    const { adapter, lookups } = countingAdapter();
    const config = configWith(adapter);
    const browser = new TestBrowser(config);
    await signIn(browser);
    expect(browser.jar.has(CACHE_COOKIE)).toBe(true);
    lookups.count = 0;
    at(60);
    expect(await browser.session()).toEqual({
      user: { id: expect.any(String), name: "ada", email: "ada@example.test", image: null },
      expires: new Date(START.valueOf() + 30 * 24 * 3600 * 1000).toISOString(),
    });
    expect(await getSession(request(browser), config)).toMatchObject({ user: { name: "ada" } });
    expect(lookups.count).toBe(0);
  });

  it("reaches the adapter again once the cache expires, and writes a fresh one", async () => {
    const { adapter, lookups } = countingAdapter();
    const browser = new TestBrowser(configWith(adapter));
    await signIn(browser);
    const first = browser.jar.get(CACHE_COOKIE);
    lookups.count = 0;
    at(300);
    expect(await browser.session()).toMatchObject({ user: { name: "ada" } });
    expect(lookups.count).toBe(1);
    expect(browser.jar.get(CACHE_COOKIE)).not.toBe(first);
    at(301);
    await browser.session();
    expect(lookups.count).toBe(1);
  });

  it("ignores a cache cookie of another session: it never signs a browser in as someone else", async () => {
    const { adapter } = countingAdapter();
    const config = configWith(adapter);
    const ada = new TestBrowser(config);
    const mallory = new TestBrowser(config);
    await signIn(ada, "ada");
    await signIn(mallory, "mallory");
    // Mallory keeps her own session token but presents ada's cached session.
    mallory.jar.set(CACHE_COOKIE, ada.jar.get(CACHE_COOKIE) as string);
    expect(await mallory.session()).toMatchObject({ user: { name: "mallory" } });
    // A cache cookie alone, without any session token, is nobody.
    const stranger = new TestBrowser(config);
    stranger.jar.set(CACHE_COOKIE, ada.jar.get(CACHE_COOKIE) as string);
    expect(await stranger.session()).toBeNull();
  });

  it("ignores a tampered cache cookie, and one sealed with a secret that is no longer the newest", async () => {
    const { adapter, lookups } = countingAdapter();
    const before = configWith(adapter, { secret: OLD_SECRET });
    const browser = new TestBrowser(before);
    await signIn(browser);
    const sealed = browser.jar.get(CACHE_COOKIE) as string;
    lookups.count = 0;
    const rotated = new TestBrowser(configWith(adapter, { secret: [SECRET, OLD_SECRET] }));
    rotated.jar.set(SESSION_COOKIE, browser.jar.get(SESSION_COOKIE) as string);
    rotated.jar.set(CACHE_COOKIE, sealed);
    expect(await rotated.session()).toMatchObject({ user: { name: "ada" } });
    expect(lookups.count).toBe(1);

    const tampered = new TestBrowser(before);
    tampered.jar.set(SESSION_COOKIE, browser.jar.get(SESSION_COOKIE) as string);
    tampered.jar.set(CACHE_COOKIE, `${sealed.slice(0, -4)}AAAA`);
    expect(await tampered.session()).toMatchObject({ user: { name: "ada" } });
    expect(lookups.count).toBe(2);
  });

  it("never outlives the session, and goes to the adapter when the session is due its extension", async () => {
    const { adapter, lookups } = countingAdapter();
    const config = configWith(adapter, {
      session: { maxAge: 200, updateAge: 100, cookieCache: { maxAge: 300 } },
    });
    const browser = new TestBrowser(config);
    await signIn(browser);
    expect(browser.jar.has(CACHE_COOKIE)).toBe(true);
    lookups.count = 0;
    at(101);
    expect(await browser.session()).toMatchObject({ user: { name: "ada" } });
    expect(lookups.count).toBe(1);
    at(101 + 201);
    expect(await browser.session()).toBeNull();
  });

  it("is written at sign-in and by update(), and cleared at sign-out", async () => {
    const { adapter, lookups } = countingAdapter();
    const browser = new TestBrowser(configWith(adapter));
    await signIn(browser);
    const csrfToken = await browser.csrfToken();
    lookups.count = 0;
    const updated = await browser.fetch("/auth/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken, data: {} }),
    });
    expect(updated.status).toBe(200);
    expect(lookups.count).toBe(1);
    expect(updated.headers.getSetCookie().some((cookie) => cookie.startsWith(`${CACHE_COOKIE}=`))).toBe(true);

    await browser.postForm("/auth/signout", {});
    expect(browser.jar.has(CACHE_COOKIE)).toBe(false);
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false);
  });

  it("is refused for JWT sessions, with the reason", async () => {
    const config = configWith(MemoryAdapter(), {
      session: { strategy: "jwt", cookieCache: { maxAge: 300 } },
    });
    await expect(getSession(new Request("http://app.test/"), config)).rejects.toThrow(
      /session.cookieCache is for database sessions/,
    );
  });
});

describe("revocation with the cookie cache", () => {
  it("without a shared store, a revoked browser holding a cached copy is signed out within maxAge", async () => {
    const { adapter } = countingAdapter();
    const config = configWith(adapter);
    const laptop = new TestBrowser(config);
    const phone = new TestBrowser(config);
    await signIn(laptop);
    await signIn(phone);
    expect(await revokeOtherSessions(request(laptop), config)).toBe(1);
    at(299);
    expect(await phone.session()).toMatchObject({ user: { name: "ada" } });
    at(300);
    expect(await phone.session()).toBeNull();
    expect(phone.jar.has(CACHE_COOKIE)).toBe(false);
  });

  describe("with revocation markers on Redis", () => {
    const shared = () => new RedisStore(redis.client);

    it("signs the revoked browser out on its next request, though its cache is fresh", async () => {
      const { adapter } = countingAdapter();
      // Two app instances sharing the database and the Redis store.
      const first = configWith(adapter, { store: shared() });
      const second = configWith(adapter, { store: shared() });
      const laptop = new TestBrowser(first);
      const phone = new TestBrowser(second);
      await signIn(laptop);
      await signIn(phone);
      const phoneId = (await listSessions(request(laptop), first))?.find((s) => !s.current)?.id as string;
      at(10);
      expect(await revokeSession(request(laptop), first, phoneId)).toBe(true);
      expect(await phone.session()).toBeNull();
      expect(await laptop.session()).toMatchObject({ user: { name: "ada" } });
    });

    it("signing out everywhere, by the user or an admin, reaches every cached browser", async () => {
      const { adapter } = countingAdapter();
      const config = configWith(adapter, { store: shared() });
      const browsers = [new TestBrowser(config), new TestBrowser(config), new TestBrowser(config)];
      for (const browser of browsers) await signIn(browser);
      const [keeper, second, third] = browsers as [TestBrowser, TestBrowser, TestBrowser];
      expect(await revokeOtherSessions(request(keeper), config)).toBe(2);
      expect(await second.session()).toBeNull();
      expect(await third.session()).toBeNull();
      expect(await keeper.session()).toMatchObject({ user: { name: "ada" } });

      const session = (await getSession(request(keeper), config)) as { user: { id: string } };
      expect(await revokeUserSessions(config, session.user.id)).toBe(1);
      expect(await keeper.session()).toBeNull();
    });

    it("a copy of a signed-out browser's cookies is refused too", async () => {
      const { adapter } = countingAdapter();
      const config = configWith(adapter, { store: shared() });
      const browser = new TestBrowser(config);
      await signIn(browser);
      const thief = new TestBrowser(config);
      for (const name of [SESSION_COOKIE, CACHE_COOKIE]) thief.jar.set(name, browser.jar.get(name) as string);
      await browser.postForm("/auth/signout", {});
      expect(await thief.session()).toBeNull();
    });
  });
});

describe("how long a cookie-cache revocation marker lasts (MemoryStore, moved clock)", () => {
  it("a copy of a signed-out browser's cookies is refused while its cache is fresh: at maxAge - 1 s", async () => {
    const { adapter } = countingAdapter();
    const config = configWith(adapter, { store: new MemoryStore() });
    const browser = new TestBrowser(config);
    await signIn(browser);
    const thief = new TestBrowser(config);
    for (const name of [SESSION_COOKIE, CACHE_COOKIE]) thief.jar.set(name, browser.jar.get(name) as string);
    await browser.postForm("/auth/signout", {});
    at(299);
    expect(await thief.session()).toBeNull();
  });

  it("a session revoked from the devices list stays out while its cache is fresh", async () => {
    const { adapter } = countingAdapter();
    const config = configWith(adapter, { store: new MemoryStore() });
    const laptop = new TestBrowser(config);
    const phone = new TestBrowser(config);
    await signIn(laptop);
    await signIn(phone);
    const phoneId = (await listSessions(request(laptop), config))?.find((s) => !s.current)?.id as string;
    expect(await revokeSession(request(laptop), config, phoneId)).toBe(true);
    at(299);
    expect(await phone.session()).toBeNull();
  });
});

describe("revocation markers for JWT sessions (Redis)", () => {
  it("revoking every session of a user signs out its JWT browsers on their next request", async () => {
    const config: AuthConfig = {
      ...configWith(MemoryAdapter(), { store: new RedisStore(redis.client) }),
      adapter: undefined,
      session: { strategy: "jwt" },
    };
    const laptop = new TestBrowser(config);
    const phone = new TestBrowser(config);
    await signIn(laptop);
    await signIn(phone);
    // Read once, so that the next reads are answered from the verified-token cache.
    expect(await laptop.session()).toMatchObject({ user: { id: "app-ada" } });
    expect(await phone.session()).toMatchObject({ user: { id: "app-ada" } });
    at(5);
    // Both were recorded in the store at sign-in (jwt-session-listing.test.ts), so both are counted.
    expect(await revokeUserSessions(config, "app-ada")).toBe(2);
    expect(await laptop.session()).toBeNull();
    expect(await phone.session()).toBeNull();
    at(6);
    // A sign-in after the revocation is a new session, which the marker does not cover.
    await signIn(phone);
    expect(await phone.session()).toMatchObject({ user: { id: "app-ada" } });
  });
});

/** The cache cookie's Set-Cookie header in `response`, when there is one. */
const cacheSetCookie = (response: Response) =>
  response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${CACHE_COOKIE}=`));

const utcAt = (seconds: number) => new Date(START.valueOf() + seconds * 1000).toUTCString();

describe("the cache cookie as it is set", () => {
  // updateAge = maxAge: the session is never extended, so it ends at 200 s whatever is read.
  const shortSession = { maxAge: 200, updateAge: 200, cookieCache: { maxAge: 300 } };

  it("carries the cookie attributes, and expires with the session when the session ends first", async () => {
    const browser = new TestBrowser(configWith(countingAdapter().adapter, { session: shortSession }));
    const response = await browser.postForm("/auth/callback/credentials", { username: "ada", password: "x" });
    const cookie = cacheSetCookie(response) ?? "";
    expect(cookie).toContain(`Expires=${utcAt(200)}`);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
  });

  it.each([
    { left: "one second left: written, good for that second", second: 199, expires: utcAt(200) },
    { left: "less than a second left: not written", second: 199.5, expires: undefined },
  ])("for a session with $left", async ({ second, expires }) => {
    const browser = new TestBrowser(configWith(countingAdapter().adapter, { session: shortSession }));
    await signIn(browser);
    browser.jar.delete(CACHE_COOKIE);
    at(second);
    const response = await browser.fetch("/auth/session");
    expect(await response.json()).toMatchObject({ user: { name: "ada" } });
    const cookie = cacheSetCookie(response);
    if (expires === undefined) expect(cookie).toBeUndefined();
    else expect(cookie).toContain(`Expires=${expires}`);
  });

  it("is not written when the sealed copy would not fit in one cookie: the session still works", async () => {
    const { adapter, lookups } = countingAdapter();
    const browser = new TestBrowser(configWith(adapter));
    const name = "a".repeat(4000);
    await signIn(browser, name);
    expect(browser.jar.has(CACHE_COOKIE)).toBe(false);
    lookups.count = 0;
    expect(await browser.session()).toMatchObject({ user: { name } });
    expect(lookups.count).toBe(1);
  });

  it("is not cleared by a response to a request that carried none", async () => {
    const browser = new TestBrowser(configWith(countingAdapter().adapter));
    await signIn(browser);
    browser.jar.delete(CACHE_COOKIE);
    const response = await browser.postForm("/auth/signout", {});
    expect(response.status).toBe(302);
    expect(cacheSetCookie(response)).toBeUndefined();
  });
});

describe("the cookie cache with a shared store", () => {
  it("still answers a fresh cache without the adapter", async () => {
    const { adapter, lookups } = countingAdapter();
    const browser = new TestBrowser(configWith(adapter, { store: new MemoryStore() }));
    await signIn(browser);
    lookups.count = 0;
    at(60);
    expect(await browser.session()).toMatchObject({ user: { name: "ada" } });
    expect(lookups.count).toBe(0);
  });

  it("a user-wide marker (past the per-session allowance) reaches every cached browser", async () => {
    const { adapter } = countingAdapter();
    const config = configWith(adapter, { store: new MemoryStore(), rateLimit: false });
    // More sessions than per-session markers a user is given: the rest are covered by a user-wide one.
    const browsers = Array.from({ length: 23 }, () => new TestBrowser(config));
    for (const browser of browsers) await signIn(browser);
    const session = (await getSession(request(browsers[0] as TestBrowser), config)) as {
      user: { id: string };
    };
    at(10);
    expect(await revokeUserSessions(config, session.user.id)).toBe(23);
    for (const browser of browsers) expect(await browser.session()).toBeNull();
  });

  it("a copy of the cookies is refused after sign-out though the session row was already gone", async () => {
    const { adapter } = countingAdapter();
    const config = configWith(adapter, { store: new MemoryStore() });
    const browser = new TestBrowser(config);
    await signIn(browser);
    const thief = new TestBrowser(config);
    for (const name of [SESSION_COOKIE, CACHE_COOKIE]) thief.jar.set(name, browser.jar.get(name) as string);
    // The row is deleted behind latchkey's back (a database cleanup): only the cache names the user.
    await adapter.deleteSession?.(browser.jar.get(SESSION_COOKIE) as string);
    await browser.postForm("/auth/signout", {});
    expect(await thief.session()).toBeNull();
  });
});

describe("a cached copy that does not hold together is not trusted", () => {
  /** An adapter breaking its contract on reads: `change` rewrites what getSessionAndUser answers. */
  function nonConforming(change: (found: { session: AdapterSession; user: AdapterUser }) => object) {
    const counted = countingAdapter();
    const read = counted.adapter.getSessionAndUser;
    counted.adapter.getSessionAndUser = async (token) => {
      const found = await read?.(token);
      return found ? (change(found) as typeof found) : null;
    };
    return counted;
  }

  async function lookupsOverTwoReads(adapter: Adapter, lookups: { count: number }): Promise<number> {
    const browser = new TestBrowser(configWith(adapter));
    await signIn(browser);
    // The copy written at sign-in holds together; the one written from the adapter's answer may not.
    browser.jar.delete(CACHE_COOKIE);
    expect(await browser.session()).not.toBeNull();
    lookups.count = 0;
    await browser.session();
    return lookups.count;
  }

  it("a user that is not the row's user sends the read to the adapter", async () => {
    const { adapter, lookups } = nonConforming(({ session, user }) => ({
      session,
      user: { ...user, id: "someone-else" },
    }));
    expect(await lookupsOverTwoReads(adapter, lookups)).toBe(1);
  });

  it("an expiry that is not a Date sends the read to the adapter", async () => {
    const { adapter, lookups } = nonConforming(({ session, user }) => ({
      session: { ...session, expires: session.expires.valueOf() },
      user,
    }));
    expect(await lookupsOverTwoReads(adapter, lookups)).toBe(1);
  });
});
