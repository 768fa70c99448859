/**
 * JWT sessions a user can manage, when the app has a shared store (`config.store`): each issued
 * session is recorded per user (id, sign-in time, expiry, last use, User-Agent, address), so
 * `listSessions` works; revoking one writes its marker, checked on every read, so that browser is
 * out on its next request; "sign out everywhere else" reaches sessions the store never recorded.
 * Without a store the functions keep their clear error. On MemoryStore and the real Redis.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import {
  type AuthConfig,
  listSessions,
  listUserSessions,
  revokeOtherSessions,
  revokeSession,
  revokeUserSession,
  revokeUserSessions,
  UnsupportedStrategy,
} from "../../src/index.js";
import { getToken } from "../../src/jwt/index.js";
import Credentials from "../../src/providers/credentials.js";
import Passkey from "../../src/providers/passkey.js";
import { MAX_RECORDED_SESSIONS } from "../../src/session/recorded-jwt-sessions.js";
import { MAX_SESSION_MARKERS_PER_USER } from "../../src/session/revocation-markers.js";
import { MemoryStore } from "../../src/store/memory.js";
import { RedisStore } from "../../src/store/redis.js";
import type { ShortLivedStore } from "../../src/store/types.js";
import { useTestRedis } from "../store/test-redis.js";
import { devicesRequest, LAPTOP, PHONE, SESSION_COOKIE, signInFromDevice } from "./devices.js";
import { SECRET, TestBrowser } from "./harness.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const START = new Date("2026-11-01T00:00:00Z");

const redis = useTestRedis();

const STORES: Array<{ name: string; open: () => ShortLivedStore }> = [
  { name: "MemoryStore", open: () => new MemoryStore() },
  { name: "Redis", open: () => new RedisStore(redis.client) },
];

const at = (ms: number) => vi.setSystemTime(new Date(START.valueOf() + ms));

function configWith(store: ShortLivedStore | undefined, signOut = vi.fn()): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    session: { strategy: "jwt" },
    ...(store ? { store } : {}),
    // The address from X-Forwarded-For, as behind a proxy; many sign-ins of one account in a few
    // milliseconds, which the limiter (not under test here) would otherwise refuse.
    rateLimit: {
      trustForwardedFor: true,
      rules: { signInAttempt: { perAccount: 1000, perIp: 1000 } },
    },
    events: { signOut },
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username, password }) =>
          password === "right" ? { id: `app-${String(username)}`, name: String(username) } : null,
      }),
    ],
  };
}

describe.each(STORES)("JWT sessions recorded in $name", (kind) => {
  const signOut = vi.fn();
  let config: AuthConfig;
  // The Redis store is shared by every test of the file: each test signs in users of its own.
  let ada: string;
  let mallory: string;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: START });
    signOut.mockClear();
    config = configWith(kind.open(), signOut);
    const run = crypto.randomUUID().slice(0, 8);
    ada = `ada-${run}`;
    mallory = `mallory-${run}`;
  });
  afterEach(() => vi.useRealTimers());

  it("lists the caller's sessions with their ids, metadata and the current one marked, never a token", async () => {
    const laptop = new TestBrowser(config);
    const phone = new TestBrowser(config);
    const laptopToken = await signInFromDevice(laptop, ada, LAPTOP, "203.0.113.7");
    at(60_000);
    const phoneToken = await signInFromDevice(phone, ada, PHONE, "2001:db8::1");

    const sessions = await listSessions(devicesRequest(laptop), config);
    expect(sessions).toEqual([
      {
        id: expect.stringMatching(/^[\w-]{22}$/),
        expires: new Date(START.valueOf() + 30 * DAY_MS),
        createdAt: START,
        lastSeenAt: START,
        userAgent: LAPTOP,
        ipAddress: "203.0.113.7",
        current: true,
      },
      {
        id: expect.stringMatching(/^[\w-]{22}$/),
        expires: new Date(START.valueOf() + 60_000 + 30 * DAY_MS),
        createdAt: new Date(START.valueOf() + 60_000),
        lastSeenAt: new Date(START.valueOf() + 60_000),
        userAgent: PHONE,
        ipAddress: "2001:db8::1",
        current: false,
      },
    ]);
    const listed = JSON.stringify(sessions);
    expect(listed).not.toContain(laptopToken);
    expect(listed).not.toContain(phoneToken);
    const fromPhone = await listSessions(devicesRequest(phone), config);
    expect(fromPhone?.find((session) => session.current)?.id).toBe(sessions?.[1]?.id);
  });

  it("moves last seen and the expiry on when the token is re-issued (updateAge), never on every request", async () => {
    const laptop = new TestBrowser(config);
    await signInFromDevice(laptop, ada);
    at(DAY_MS / 2);
    await laptop.session();
    expect((await listSessions(devicesRequest(laptop), config))?.[0]).toMatchObject({
      createdAt: START,
      lastSeenAt: START,
    });
    at(DAY_MS + 1000);
    await laptop.session();
    expect((await listSessions(devicesRequest(laptop), config))?.[0]).toEqual(
      expect.objectContaining({
        createdAt: START,
        lastSeenAt: new Date(START.valueOf() + DAY_MS + 1000),
        expires: new Date(START.valueOf() + DAY_MS + 1000 + 30 * DAY_MS),
        userAgent: LAPTOP,
      }),
    );
    expect(await listSessions(devicesRequest(laptop), config)).toHaveLength(1);
  });

  it("revokes one session by id: that browser is out on its next request, though its token is cached", async () => {
    const laptop = new TestBrowser(config);
    const phone = new TestBrowser(config);
    await signInFromDevice(laptop, ada, LAPTOP);
    await signInFromDevice(phone, ada, PHONE);
    // Read once, so that the next read of the phone's token is answered from the verified-token cache.
    expect(await phone.session()).toMatchObject({ user: { name: ada } });
    const phoneId = (await listSessions(devicesRequest(laptop), config))?.find(
      (session) => !session.current,
    )?.id;

    expect(await revokeSession(devicesRequest(laptop), config, phoneId as string)).toBe(true);
    expect(await phone.session()).toBeNull();
    expect(phone.jar.has(SESSION_COOKIE)).toBe(false);
    expect(await laptop.session()).toMatchObject({ user: { name: ada } });
    expect((await listSessions(devicesRequest(laptop), config))?.map((session) => session.id)).not.toContain(
      phoneId,
    );
    expect(await revokeSession(devicesRequest(laptop), config, phoneId as string)).toBe(false);
    expect(signOut).toHaveBeenCalledWith({
      token: null,
      reason: "revoked",
      userId: `app-${ada}`,
      sessionId: phoneId,
    });
  });

  it("revoking one session leaves the user's others signed in, though they signed in seconds before it", async () => {
    const laptop = new TestBrowser(config);
    const phone = new TestBrowser(config);
    const tablet = new TestBrowser(config);
    await signInFromDevice(laptop, ada, LAPTOP);
    await signInFromDevice(phone, ada, PHONE);
    await signInFromDevice(tablet, ada);
    const currentOf = async (browser: TestBrowser) =>
      (await listSessions(devicesRequest(browser), config))?.find((session) => session.current)?.id as string;
    const laptopId = await currentOf(laptop);
    const phoneId = await currentOf(phone);
    at(60_000);
    expect(await revokeSession(devicesRequest(laptop), config, phoneId)).toBe(true);
    expect(await phone.session()).toBeNull();
    expect(await laptop.session()).toMatchObject({ user: { name: ada } });
    expect(await tablet.session()).toMatchObject({ user: { name: ada } });
    at(120_000);
    expect(await revokeUserSession(config, `app-${ada}`, laptopId)).toBe(true);
    expect(await laptop.session()).toBeNull();
    expect(await tablet.session()).toMatchObject({ user: { name: ada } });
    // Signing out ends only the browser's own session as well.
    at(180_000);
    await laptop.postForm("/auth/signout", {});
    expect(await tablet.session()).toMatchObject({ user: { name: ada } });
  });

  it("ending a session that is not there, or every other session when there is none, tells events.signOut nothing", async () => {
    const laptop = new TestBrowser(config);
    await signInFromDevice(laptop, ada);
    const userId = `app-${ada}`;
    const [own] = await listUserSessions(config, userId);
    expect(await revokeSession(devicesRequest(laptop), config, "no-such-session")).toBe(false);
    expect(await revokeUserSession(config, userId, "no-such-session")).toBe(false);
    expect(await revokeOtherSessions(devicesRequest(laptop), config)).toBe(0);
    expect(await revokeUserSessions(config, userId, { except: own?.id as string })).toBe(0);
    expect(signOut).not.toHaveBeenCalled();
    expect(await laptop.session()).toMatchObject({ user: { name: ada } });
  });

  it(`gives a user ${MAX_SESSION_MARKERS_PER_USER} markers of their own a lifetime; past them, one marker ends every session signed in before`, async () => {
    const laptop = new TestBrowser(config);
    await signInFromDevice(laptop, ada, LAPTOP);
    // Each sign-in in a browser that holds a session ends that session with a marker of its own.
    const phone = new TestBrowser(config);
    const replaced: string[] = [];
    for (let index = 0; index <= MAX_SESSION_MARKERS_PER_USER; index++) {
      at((index + 1) * 1000);
      replaced.push(await signInFromDevice(phone, ada, PHONE));
    }
    expect(await laptop.session()).toMatchObject({ user: { name: ada } });

    at((MAX_SESSION_MARKERS_PER_USER + 2) * 1000);
    replaced.push(await signInFromDevice(phone, ada, PHONE));
    expect(await laptop.session()).toBeNull();
    expect(await phone.session()).toMatchObject({ user: { name: ada } });
    for (const copy of replaced.slice(0, -1)) {
      const thief = new TestBrowser(config);
      thief.jar.set(SESSION_COOKIE, copy);
      expect(await thief.session()).toBeNull();
    }
  });

  it("signs out everywhere else, including a session the store never recorded; the caller's stays", async () => {
    // Signed in before the app had a store: valid (same secret), but never recorded.
    const before = new TestBrowser(configWith(undefined));
    await signInFromDevice(before, ada);
    const unrecorded = new TestBrowser(config);
    unrecorded.jar.set(SESSION_COOKIE, before.jar.get(SESSION_COOKIE) as string);
    const browsers = [new TestBrowser(config), new TestBrowser(config), new TestBrowser(config)];
    for (const browser of browsers) await signInFromDevice(browser, ada);
    expect(await unrecorded.session()).toMatchObject({ user: { name: ada } });
    at(1000);
    const [keeper, ...others] = browsers as [TestBrowser, ...TestBrowser[]];

    expect(await revokeOtherSessions(devicesRequest(keeper), config)).toBe(2);
    for (const other of [...others, unrecorded]) expect(await other.session()).toBeNull();
    expect(await keeper.session()).toMatchObject({ user: { name: ada } });
    expect(await listSessions(devicesRequest(keeper), config)).toHaveLength(1);
    expect(signOut.mock.calls.map(([message]) => message.reason)).toEqual(["revokedOthers", "revokedOthers"]);
    // A sign-in after it is a new session, which the marker does not cover.
    at(2000);
    const later = new TestBrowser(config);
    await signInFromDevice(later, ada);
    expect(await later.session()).toMatchObject({ user: { name: ada } });
  });

  it("records every one of many sign-ins of one user at the same moment (the record is rewritten under a lock)", async () => {
    const browsers = Array.from({ length: 8 }, () => new TestBrowser(config));
    await Promise.all(
      browsers.map((browser, index) => signInFromDevice(browser, ada, `${LAPTOP} #${index}`)),
    );
    const listed = (await listSessions(devicesRequest(browsers[0] as TestBrowser), config)) ?? [];
    expect(listed.map((session) => session.userAgent).sort()).toEqual(
      browsers.map((_, index) => `${LAPTOP} #${index}`).sort(),
    );
  });

  it("signing out everywhere else ends a recorded session signed in within the same second", async () => {
    const keeper = new TestBrowser(config);
    const other = new TestBrowser(config);
    await signInFromDevice(keeper, ada);
    await signInFromDevice(other, ada);
    expect(await revokeOtherSessions(devicesRequest(keeper), config)).toBe(1);
    expect(await other.session()).toBeNull();
    expect(await keeper.session()).toMatchObject({ user: { name: ada } });
  });

  it("a signed-in user can neither see nor revoke another user's JWT sessions", async () => {
    const alice = new TestBrowser(config);
    const intruder = new TestBrowser(config);
    await signInFromDevice(alice, ada, LAPTOP, "203.0.113.7");
    await signInFromDevice(intruder, mallory, PHONE, "203.0.113.66");
    const [aliceSession] = (await listSessions(devicesRequest(alice), config)) ?? [];

    const seenByIntruder = await listSessions(devicesRequest(intruder), config);
    expect(seenByIntruder).toHaveLength(1);
    expect(seenByIntruder?.[0]?.id).not.toBe(aliceSession?.id);
    expect(await revokeSession(devicesRequest(intruder), config, aliceSession?.id as string)).toBe(false);
    expect(await revokeOtherSessions(devicesRequest(intruder), config)).toBe(0);
    at(1000);
    expect(await alice.session()).toMatchObject({ user: { name: ada } });
    expect(await listSessions(devicesRequest(alice), config)).toHaveLength(1);

    // A forged cookie holding the session id, and no cookie at all, are nobody.
    const forged = new Request("http://app.test/account/devices", {
      headers: { cookie: `${SESSION_COOKIE}=${aliceSession?.id}` },
    });
    for (const stranger of [forged, new Request("http://app.test/account/devices")]) {
      expect(await listSessions(stranger, config)).toBeNull();
      expect(await revokeSession(stranger, config, aliceSession?.id as string)).toBe(false);
      expect(await revokeOtherSessions(stranger, config)).toBeNull();
    }
    expect(await alice.session()).toMatchObject({ user: { name: ada } });
  });

  it("sign-out removes the session from the list, and a copy of its cookie is refused", async () => {
    const laptop = new TestBrowser(config);
    const phone = new TestBrowser(config);
    await signInFromDevice(laptop, ada);
    await signInFromDevice(phone, ada);
    const thief = new TestBrowser(config);
    thief.jar.set(SESSION_COOKIE, phone.jar.get(SESSION_COOKIE) as string);
    expect(await thief.session()).toMatchObject({ user: { name: ada } });

    await phone.postForm("/auth/signout", {});
    expect(await thief.session()).toBeNull();
    const left = await listSessions(devicesRequest(laptop), config);
    // The one left is the laptop's own: sign-out forgot the phone's record, not the others.
    expect(left).toHaveLength(1);
    expect(left?.[0]?.current).toBe(true);
  });

  it("a new sign-in on the same browser replaces its session: one listed, and a copy of the old cookie is refused", async () => {
    const laptop = new TestBrowser(config);
    const oldToken = await signInFromDevice(laptop, ada);
    at(1000);
    const newToken = await signInFromDevice(laptop, ada);
    expect(newToken).not.toBe(oldToken);
    expect(await listSessions(devicesRequest(laptop), config)).toHaveLength(1);
    const copy = new TestBrowser(config);
    copy.jar.set(SESSION_COOKIE, oldToken);
    expect(await copy.session()).toBeNull();
    expect(await laptop.session()).toMatchObject({ user: { name: ada } });
  });

  it(`records at most ${MAX_RECORDED_SESSIONS} sessions per user; "everywhere else" still ends the rest`, async () => {
    const first = new TestBrowser(config);
    await signInFromDevice(first, ada);
    const browsers: TestBrowser[] = [];
    for (let index = 0; index < MAX_RECORDED_SESSIONS; index++) {
      at((index + 1) * 1000);
      const browser = new TestBrowser(config);
      await signInFromDevice(browser, ada);
      browsers.push(browser);
    }
    const keeper = browsers.at(-1) as TestBrowser;
    const listed = (await listSessions(devicesRequest(keeper), config)) ?? [];
    expect(listed).toHaveLength(MAX_RECORDED_SESSIONS);
    expect(listed.some((session) => session.createdAt?.valueOf() === START.valueOf())).toBe(false);
    expect(await first.session()).toMatchObject({ user: { name: ada } });

    at((MAX_RECORDED_SESSIONS + 2) * 1000);
    expect(await revokeOtherSessions(devicesRequest(keeper), config)).toBe(MAX_RECORDED_SESSIONS - 1);
    expect(await first.session()).toBeNull();
    expect(await (browsers[0] as TestBrowser).session()).toBeNull();
    expect(await keeper.session()).toMatchObject({ user: { name: ada } });
  });

  it("ending every session tells events.signOut once per recorded session, or once for the user when none is recorded", async () => {
    const nobody = `app-${mallory}`;
    expect(await revokeUserSessions(config, nobody)).toBe(0);
    expect(signOut.mock.calls.map(([message]) => message)).toEqual([
      { token: null, reason: "revokedByAdmin", userId: nobody },
    ]);
    signOut.mockClear();

    const laptop = new TestBrowser(config);
    await signInFromDevice(laptop, ada, LAPTOP);
    const userId = `app-${ada}`;
    const [recorded] = await listUserSessions(config, userId);
    expect(await revokeUserSessions(config, userId)).toBe(1);
    expect(signOut.mock.calls.map(([message]) => message)).toEqual([
      { token: null, reason: "revokedByAdmin", userId, sessionId: recorded?.id },
    ]);
  });

  it("the admin functions work by user id; keeping a revoked session keeps nothing", async () => {
    const laptop = new TestBrowser(config);
    const phone = new TestBrowser(config);
    const laptopToken = await signInFromDevice(laptop, ada, LAPTOP);
    await signInFromDevice(phone, ada, PHONE);
    const userId = `app-${ada}`;
    const sessions = await listUserSessions(config, userId);
    expect(sessions.map((session) => session.userId)).toEqual([userId, userId]);
    expect(JSON.stringify(sessions)).not.toContain(laptopToken);
    const [laptopSession, phoneSession] = sessions;

    expect(await revokeUserSession(config, `app-${mallory}`, laptopSession?.id as string)).toBe(false);
    expect(await laptop.session()).toMatchObject({ user: { name: ada } });
    expect(await revokeUserSession(config, userId, laptopSession?.id as string)).toBe(true);
    expect(await laptop.session()).toBeNull();

    // The laptop's session is revoked: naming it as the one to keep must not bring it back.
    at(1000);
    expect(await revokeUserSessions(config, userId, { except: laptopSession?.id as string })).toBe(1);
    expect(await phone.session()).toBeNull();
    expect(await laptop.session()).toBeNull();
    expect(await listUserSessions(config, userId)).toEqual([]);
    expect(phoneSession?.userAgent).toBe(PHONE);
  });

  it('a later "all but one" spares only a live session: one a standing marker covers stays out', async () => {
    const laptop = new TestBrowser(config);
    const phone = new TestBrowser(config);
    await signInFromDevice(laptop, ada, LAPTOP);
    await signInFromDevice(phone, ada, PHONE);
    const userId = `app-${ada}`;
    const laptopId = (await listSessions(devicesRequest(laptop), config))?.find(
      (session) => session.current,
    )?.id;
    at(1000);
    expect(await revokeUserSessions(config, userId)).toBe(2);
    at(2000);
    const tablet = new TestBrowser(config);
    await signInFromDevice(tablet, ada);
    const desktop = new TestBrowser(config);
    await signInFromDevice(desktop, ada);

    at(3000);
    expect(await revokeOtherSessions(devicesRequest(tablet), config)).toBe(1);
    expect(await tablet.session()).toMatchObject({ user: { name: ada } });
    expect(await desktop.session()).toBeNull();
    at(4000);
    await revokeUserSessions(config, userId, { except: laptopId as string });
    expect(await laptop.session()).toBeNull();
    expect(await phone.session()).toBeNull();
    expect(await tablet.session()).toBeNull();
  });
});

describe("JWT sessions without a store", () => {
  it("listing, revoking one and revoking all but one say a store is needed", async () => {
    const config = configWith(undefined);
    const laptop = new TestBrowser(config);
    await signInFromDevice(laptop, "ada");
    for (const call of [
      () => listSessions(devicesRequest(laptop), config),
      () => revokeSession(devicesRequest(laptop), config, "some-id"),
      () => revokeOtherSessions(devicesRequest(laptop), config),
      () => listUserSessions(config, "app-ada"),
      // An admin ending every session (after a password reset) is told too, never answered 0.
      () => revokeUserSessions(config, "app-ada"),
      () => revokeUserSessions(config, "app-ada", { except: "some-id" }),
    ]) {
      await expect(call()).rejects.toThrow(UnsupportedStrategy);
      await expect(call()).rejects.toThrow(/config\.store/);
    }
    expect(await laptop.session()).toMatchObject({ user: { name: "ada" } });
  });
});

describe("a revocation marker in the default MemoryStore", () => {
  afterEach(() => vi.useRealTimers());

  it("survives a flood of anonymous passkey challenges: the revoked session stays out", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: START });
    // A small store, so the flood below outnumbers its room many times over.
    const store = new MemoryStore({ maxKeys: 8 });
    const base = configWith(store);
    const config: AuthConfig = {
      ...base,
      adapter: MemoryAdapter(),
      providers: [...(base.providers ?? []), Passkey()],
    };
    const laptop = new TestBrowser(config);
    const phone = new TestBrowser(config);
    await signInFromDevice(laptop, "ada", LAPTOP);
    const phoneCookie = await signInFromDevice(phone, "ada", PHONE, "2001:db8::1");
    const phoneId = (await listSessions(devicesRequest(laptop), config))?.find(
      (session) => !session.current,
    )?.id;
    expect(await revokeSession(devicesRequest(laptop), config, phoneId as string)).toBe(true);

    // Anyone may ask for a passkey challenge, and each one is stored until it is used or expires
    // (from one address here: the store's 8 counters would refuse more addresses than that).
    for (let i = 0; i < 40; i++) {
      const stranger = new TestBrowser(config);
      const response = await stranger.fetch("/auth/webauthn-options/passkey", {
        headers: { "x-forwarded-for": "198.51.100.10" },
      });
      expect(response.status).toBe(200);
    }

    // The thief kept a copy of the phone's cookie: it must still be refused.
    const thief = new TestBrowser(config);
    thief.jar.set(SESSION_COOKIE, phoneCookie);
    expect(await thief.session()).toBeNull();
    expect(await laptop.session()).toMatchObject({ user: { name: "ada" } });
    // The list of the user's sessions is kept apart from the flood as well.
    const listed = await listSessions(devicesRequest(laptop), config);
    expect(listed?.map((session) => session.userAgent)).toEqual([LAPTOP]);
  });
});

describe("a revocation marker in an explicitly configured MemoryStore", () => {
  afterEach(() => vi.useRealTimers());

  it("survives another user signing in over and over: a user's markers are bounded, and none of another user's is dropped", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: START });
    // Room for 60 records: each sign-in below in a browser that holds a session ends that session,
    // so without a bound per user the attacker's markers would outnumber it many times over.
    const store = new MemoryStore({ maxKeys: 60 });
    const config = configWith(store);
    const laptop = new TestBrowser(config);
    const phone = new TestBrowser(config);
    await signInFromDevice(laptop, "ada", LAPTOP);
    const phoneCookie = await signInFromDevice(phone, "ada", PHONE, "2001:db8::1");
    const phoneId = (await listSessions(devicesRequest(laptop), config))?.find(
      (session) => !session.current,
    )?.id;
    expect(await revokeSession(devicesRequest(laptop), config, phoneId as string)).toBe(true);

    const attacker = new TestBrowser(config);
    for (let i = 0; i < 300; i++) {
      at(i * 1_000);
      await signInFromDevice(attacker, "mallory", LAPTOP, "192.0.2.66");
    }
    // The attacker's own sessions are still ended: the latest one lives, the ones it replaced do not.
    expect(await attacker.session()).toMatchObject({ user: { name: "mallory" } });

    // The thief kept a copy of ada's phone cookie: it must still be refused.
    const thief = new TestBrowser(config);
    thief.jar.set(SESSION_COOKIE, phoneCookie);
    expect(await thief.session()).toBeNull();
    expect(await laptop.session()).toMatchObject({ user: { name: "ada" } });
  });

  it("ends a replaced session past the user's marker allowance too", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: START });
    const config = configWith(new MemoryStore());
    const browser = new TestBrowser(config);
    const copies: string[] = [];
    for (let i = 0; i < 30; i++) {
      at(i * 1_000);
      copies.push(await signInFromDevice(browser, "mallory", LAPTOP, "192.0.2.66"));
    }
    // Every replaced session stays ended, those past the allowance by the user-wide marker.
    for (const copy of copies.slice(0, -1)) {
      const thief = new TestBrowser(config);
      thief.jar.set(SESSION_COOKIE, copy);
      expect(await thief.session()).toBeNull();
    }
    expect(await browser.session()).toMatchObject({ user: { name: "mallory" } });
  });
});

describe("how long a JWT revocation marker lasts (MemoryStore, moved clock)", () => {
  afterEach(() => vi.useRealTimers());

  it("as long as the revoked token could be presented: still refused at maxAge - 1 s", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: START });
    const config = configWith(new MemoryStore());
    const laptop = new TestBrowser(config);
    const phone = new TestBrowser(config);
    const laptopCookie = await signInFromDevice(laptop, "ada", LAPTOP);
    const phoneCookie = await signInFromDevice(phone, "ada", PHONE, "2001:db8::1");
    const phoneId = (await listSessions(devicesRequest(laptop), config))?.find(
      (session) => !session.current,
    )?.id;
    expect(await revokeSession(devicesRequest(laptop), config, phoneId as string)).toBe(true);

    const maxAgeMs = 30 * DAY_MS;
    at(maxAgeMs - 1_000);
    const thief = new TestBrowser(config);
    thief.jar.set(SESSION_COOKIE, phoneCookie);
    expect(await thief.session()).toBeNull();
    // A copy of the laptop's token of the same age still works: only the marker refuses the phone's.
    const laptopCopy = new TestBrowser(config);
    laptopCopy.jar.set(SESSION_COOKIE, laptopCookie);
    expect(await laptopCopy.session()).toMatchObject({ user: { name: "ada" } });
  });

  it("a signed-out browser's copied cookie is refused until the token itself expires", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: START });
    const config = configWith(new MemoryStore());
    const browser = new TestBrowser(config);
    const cookie = await signInFromDevice(browser, "ada", LAPTOP);
    expect((await browser.postForm("/auth/signout", {})).status).toBe(302);
    at(30 * DAY_MS - 1_000);
    const thief = new TestBrowser(config);
    thief.jar.set(SESSION_COOKIE, cookie);
    expect(await thief.session()).toBeNull();
  });
});

/**
 * A MemoryStore shared with another instance of the app, which runs `rival` each time this one
 * deletes a user-wide marker to rewrite it: the other instance's write lands in between.
 */
class RacedStore extends MemoryStore {
  userMarkerDeletes = 0;
  rival: (() => Promise<void>) | undefined;

  override async delete(key: string): Promise<boolean> {
    const deleted = await super.delete(key);
    if (key.startsWith("revoked:user:")) {
      this.userMarkerDeletes++;
      await this.rival?.();
    }
    return deleted;
  }
}

/** A store where another instance's user-wide marker is there at every write, and gone at every read. */
class FlickeringMarkerStore extends MemoryStore {
  userMarkerWrites = 0;

  override async setIfAbsent(...args: Parameters<MemoryStore["setIfAbsent"]>): Promise<boolean> {
    if (!args[0].startsWith("revoked:user:")) return super.setIfAbsent(...args);
    this.userMarkerWrites++;
    return false;
  }
}

describe("merging user-wide markers (MemoryStore)", () => {
  afterEach(() => vi.useRealTimers());

  /** Ada signed in before the app had a store (never recorded, as a stolen copy may be), and on a laptop since. */
  async function adaWithUnrecordedSession(store: MemoryStore) {
    const config = configWith(store);
    const stolen = await signInFromDevice(new TestBrowser(configWith(undefined)), "ada", PHONE);
    const laptop = new TestBrowser(config);
    await signInFromDevice(laptop, "ada", LAPTOP);
    // A fresh browser per attempt: a refused read clears the cookie from the one that sent it.
    const thief = () => {
      const browser = new TestBrowser(config);
      browser.jar.set(SESSION_COOKIE, stolen);
      return browser;
    };
    return { config, laptop, thief };
  }

  it("another instance's marker written in between twice over never leaves the user with none: the stolen session stays out", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: START });
    const store = new RacedStore();
    const { config, laptop, thief } = await adaWithUnrecordedSession(store);
    at(10_000);
    expect(await revokeOtherSessions(devicesRequest(laptop), config)).toBe(0);
    expect(await thief().session()).toBeNull();

    // While an admin ends every session, the laptop signs out everywhere else twice on another
    // instance, each time between this instance's removal of the marker and its rewrite.
    at(20_000);
    let rivals = 2;
    store.rival = async () => {
      if (rivals-- > 0) await revokeOtherSessions(devicesRequest(laptop), config);
    };
    await revokeUserSessions(config, "app-ada");
    store.rival = undefined;
    expect(await thief().session()).toBeNull();
    expect(await laptop.session()).toBeNull();
  });

  it("a marker that keeps losing the race is rewritten in three rounds at most, and a marker that covers the stolen session stays", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: START });
    const store = new RacedStore();
    const { config, laptop, thief } = await adaWithUnrecordedSession(store);
    at(10_000);
    await revokeOtherSessions(devicesRequest(laptop), config);
    at(20_000);
    // Another instance writes its marker after every removal (a bounded number of times, so that
    // an unbounded retry loop ends too, and fails the count).
    let rivals = 20;
    store.rival = async () => {
      if (rivals-- > 0) await revokeOtherSessions(devicesRequest(laptop), config);
    };
    store.userMarkerDeletes = 0;
    await revokeUserSessions(config, "app-ada");
    store.rival = undefined;
    expect(store.userMarkerDeletes).toBe(3);
    expect(await thief().session()).toBeNull();
  });

  it("a marker key taken at every write and gone at every read is tried four times, then left to the instance writing it", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: START });
    const store = new FlickeringMarkerStore();
    const { config } = await adaWithUnrecordedSession(store);
    at(10_000);
    await revokeUserSessions(config, "app-ada");
    expect(store.userMarkerWrites).toBe(4);
  });

  it("marking again what a standing marker already covers leaves that marker in place, so no read in between finds the stolen session live", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: START });
    const store = new RacedStore();
    const { config, thief } = await adaWithUnrecordedSession(store);
    at(10_000);
    await revokeUserSessions(config, "app-ada");
    const readsInBetween: unknown[] = [];
    store.rival = async () => {
      readsInBetween.push(await thief().session());
    };
    await revokeUserSessions(config, "app-ada");
    store.rival = undefined;
    expect(readsInBetween.filter((session) => session !== null)).toEqual([]);
    expect(await thief().session()).toBeNull();
  });

  it("never spares a revoked session the store never recorded, when it is named as the one to keep", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: START });
    const store = new MemoryStore();
    // The same app before it had a store: its sessions were never recorded.
    const before = configWith(undefined);
    const config = configWith(store);
    const stolen = await signInFromDevice(new TestBrowser(before), "ada", PHONE);
    const token = await getToken({
      req: new Request("http://app.test/", { headers: { cookie: `${SESSION_COOKIE}=${stolen}` } }),
      secret: SECRET,
    });
    const stolenId = token?.sid as string;
    expect(stolenId).toEqual(expect.any(String));

    // A fresh browser per attempt: a refused read clears the cookie from the one that sent it.
    const thief = () => {
      const browser = new TestBrowser(config);
      browser.jar.set(SESSION_COOKIE, stolen);
      return browser;
    };
    expect(await thief().session()).toMatchObject({ user: { name: "ada" } });
    at(10_000);
    await revokeUserSessions(config, "app-ada");
    expect(await thief().session()).toBeNull();

    // An admin ends every session again, keeping by mistake (or tricked into it) the stolen one.
    at(20_000);
    await revokeUserSessions(config, "app-ada", { except: stolenId });
    expect(await thief().session()).toBeNull();
  });
});
