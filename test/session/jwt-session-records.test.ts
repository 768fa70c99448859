/**
 * The record of a user's JWT sessions in the shared store (`config.store`), seen through
 * `listUserSessions`, `revokeSession` and the store the app hands in: which sessions it lists and
 * in what order, how long it holds a key of a bounded store, what it does when the store's lock is
 * never free, and that a token naming no user or no session is never recorded.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type AuthConfig,
  listSessions,
  listUserSessions,
  revokeSession,
  revokeUserSessions,
} from "../../src/index.js";
import { decode } from "../../src/jwt/index.js";
import Credentials from "../../src/providers/credentials.js";
import { MemoryStore } from "../../src/store/memory.js";
import type { ShortLivedStore } from "../../src/store/types.js";
import { devicesRequest, LAPTOP, PHONE, SESSION_COOKIE, signInFromDevice } from "./devices.js";
import { SECRET, TestBrowser } from "./harness.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_AGE_MS = 30 * DAY_MS;
const START = new Date("2026-11-01T00:00:00Z");
const at = (ms: number) => vi.setSystemTime(new Date(START.valueOf() + ms));

function configWith(store: ShortLivedStore, overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    session: { strategy: "jwt" },
    store,
    rateLimit: { trustForwardedFor: true, rules: { signInAttempt: { perAccount: 1000, perIp: 1000 } } },
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username, password }) =>
          password === "right" ? { id: `app-${String(username)}`, name: String(username) } : null,
      }),
    ],
    ...overrides,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: START });
});
afterEach(() => vi.useRealTimers());

describe("the sessions listed", () => {
  it("are the live ones, soonest expiry first, however the record was last rewritten", async () => {
    const config = configWith(new MemoryStore());
    const [laptop, phone, tablet] = [1, 2, 3].map(() => new TestBrowser(config)) as TestBrowser[];
    await signInFromDevice(laptop as TestBrowser, "ada", LAPTOP);
    at(DAY_MS);
    await signInFromDevice(phone as TestBrowser, "ada", PHONE);
    at(2 * DAY_MS);
    await signInFromDevice(tablet as TestBrowser, "ada", "tablet");
    const agents = async () =>
      (await listUserSessions(config, "app-ada")).map((session) => session.userAgent);
    expect(await agents()).toEqual([LAPTOP, PHONE, "tablet"]);

    // The laptop's token expires at this very second: it is no longer listed.
    at(MAX_AGE_MS);
    expect(await agents()).toEqual([PHONE, "tablet"]);
    // Nor later, while the record still lists the two that live on.
    at(MAX_AGE_MS + DAY_MS / 2);
    expect(await agents()).toEqual([PHONE, "tablet"]);
    at(MAX_AGE_MS + 2 * DAY_MS - 1000);
    expect(await agents()).toEqual(["tablet"]);
  });
});

describe("a bounded MemoryStore", () => {
  it("attack: users whose sessions all expired hold no room, so another user's revocation still holds", async () => {
    // Room for four records: the records of four users who signed in a month ago. (No rate
    // limiting: its counters would need room of their own.)
    const store = new MemoryStore({ maxKeys: 4 });
    const config = configWith(store, { rateLimit: false });
    for (const name of ["bob", "carol", "dan", "erin"]) await signInFromDevice(new TestBrowser(config), name);

    at(MAX_AGE_MS + 1000);
    const laptop = new TestBrowser(config);
    const phone = new TestBrowser(config);
    await signInFromDevice(laptop, "ada", LAPTOP);
    const phoneCookie = await signInFromDevice(phone, "ada", PHONE);
    const phoneId = (await listSessions(devicesRequest(laptop), config))?.find(
      (session) => !session.current,
    )?.id;
    expect(phoneId).toEqual(expect.any(String));
    expect(await revokeSession(devicesRequest(laptop), config, phoneId as string)).toBe(true);

    const thief = new TestBrowser(config);
    thief.jar.set(SESSION_COOKIE, phoneCookie);
    expect(await thief.session()).toBeNull();
    expect(await laptop.session()).toMatchObject({ user: { name: "ada" } });
  });
});

/** A shared store whose lock on session records another instance never frees. */
class StuckLockStore extends MemoryStore {
  attempts = 0;
  releases = 0;
  /** When each try was made, on the real clock (the tests may move Date). */
  triedAt: number[] = [];

  constructor(private readonly onAttempt: () => void = () => {}) {
    super();
  }

  override async acquireLock(key: string, owner: string, ttlMs: number): Promise<boolean> {
    if (!key.includes("jwt-sessions")) return super.acquireLock(key, owner, ttlMs);
    this.attempts++;
    this.triedAt.push(performance.now());
    this.onAttempt();
    return false;
  }

  override async releaseLock(key: string, owner: string): Promise<boolean> {
    if (key.includes("jwt-sessions")) this.releases++;
    return super.releaseLock(key, owner);
  }
}

describe("a lock on the record that is never free", () => {
  it("is tried at once and every 20 ms for a second, then the session is recorded anyway; a lock never held is never released", async () => {
    const store = new StuckLockStore();
    const config = configWith(store);
    const laptop = new TestBrowser(config);
    await signInFromDevice(laptop, "ada", LAPTOP);
    expect(store.attempts).toBe(1000 / 20 + 1);
    // Spaced out, not all at once: the instance holding the lock gets its second to finish.
    const waited = (store.triedAt.at(-1) ?? 0) - (store.triedAt[0] ?? 0);
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(store.releases).toBe(0);
    expect((await listUserSessions(config, "app-ada")).map((session) => session.userAgent)).toEqual([LAPTOP]);
  });
});

describe("a session that expires while its writer waits for a lock that is never free", () => {
  it("is not recorded, and the sign-in does not fail for it", async () => {
    // The store's lock waits pass in real time; here each failed try moves the clock on as much.
    const store = new StuckLockStore(() => vi.setSystemTime(Date.now() + 20));
    const errors: unknown[] = [];
    const config = configWith(store, {
      session: { strategy: "jwt", maxAge: 1 },
      logger: { error: (error) => errors.push(error) },
    });
    const laptop = new TestBrowser(config);
    // Its cookie expired with it, so the browser drops it: what is left to see is that nothing failed.
    await signInFromDevice(laptop, "ada", LAPTOP);
    expect(errors).toEqual([]);
    expect(await listUserSessions(config, "app-ada")).toEqual([]);
  });
});

describe("a token that names no user or no session", () => {
  /** An app whose `jwt` callback sets `sub` to `sub` when the session is updated. */
  const configSettingSubOnUpdate = (sub: unknown) =>
    configWith(new MemoryStore(), {
      callbacks: {
        jwt: ({ token, trigger }) =>
          trigger === "update" ? ({ ...token, sub } as unknown as typeof token) : token,
      },
    });

  /** POST /auth/session with an empty update: the `jwt` callback runs with the "update" trigger. */
  async function updateSession(browser: TestBrowser): Promise<Response> {
    const csrfToken = await browser.csrfToken();
    return browser.fetch("/auth/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken, data: {} }),
    });
  }

  it("is never recorded: an update that empties `sub` leaves no record under the empty user id", async () => {
    const config = configSettingSubOnUpdate("");
    const laptop = new TestBrowser(config);
    await signInFromDevice(laptop, "ada", LAPTOP);
    at(1000);
    expect((await updateSession(laptop)).status).toBe(200);
    expect(await listUserSessions(config, "")).toEqual([]);
  });

  it.each([
    ["empty", ""],
    ["not a string", 42],
  ])(
    "whose `sub` is %s has no session list of its own: listSessions answers null, as without a session",
    async (_, sub) => {
      const config = configSettingSubOnUpdate(sub);
      const laptop = new TestBrowser(config);
      await signInFromDevice(laptop, "ada", LAPTOP);
      expect(await listSessions(devicesRequest(laptop), config)).toHaveLength(1);
      expect((await updateSession(laptop)).status).toBe(200);
      expect(await listSessions(devicesRequest(laptop), config)).toBeNull();
    },
  );

  it("is not ended by revoking the blank user id, which names nobody", async () => {
    const config = configSettingSubOnUpdate("");
    const laptop = new TestBrowser(config);
    await signInFromDevice(laptop, "ada", LAPTOP);
    expect((await updateSession(laptop)).status).toBe(200);
    at(1000);
    expect(await revokeUserSessions(config, "")).toBe(0);
    at(2000);
    expect(await laptop.session()).toMatchObject({ user: { name: "ada" } });
  });

  it("is never recorded: a session whose token (decoded by the app's own codec) carries no id", async () => {
    const config = configWith(new MemoryStore(), {
      jwt: {
        decode: async (params) => {
          const token = await decode(params);
          if (token) delete token.jti;
          if (token) delete token.sid;
          return token;
        },
      },
    });
    const laptop = new TestBrowser(config);
    await signInFromDevice(laptop, "ada", LAPTOP);
    const [signedIn] = await listUserSessions(config, "app-ada");
    // A day later the read re-issues the token, with no id to record it under.
    at(DAY_MS + 1000);
    expect(await laptop.session()).toMatchObject({ user: { name: "ada" } });
    expect((await listUserSessions(config, "app-ada")).map((session) => session.id)).toEqual([signedIn?.id]);
  });
});
