/**
 * Sessions a user can manage, from their own request: `listSessions` shows the caller's sessions
 * with a non-secret id and metadata (never a token), `revokeSession` and `revokeOtherSessions` end
 * only the caller's own; the admin functions work by user id. Run on every store.
 */
import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMemoryTables, MemoryAdapter } from "../../src/adapters/memory.js";
import type { Adapter } from "../../src/adapters/types.js";
import type { AuthConfig } from "../../src/index.js";
import {
  listSessions,
  listUserSessions,
  revokeOtherSessions,
  revokeSession,
  revokeUserSession,
  revokeUserSessions,
} from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import { devicesRequest, LAPTOP, PHONE, SESSION_COOKIE, signInFromDevice } from "./devices.js";
import { SECRET, TestBrowser } from "./harness.js";
import { SESSION_STORES, useStore } from "./stores.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const START = new Date("2026-11-01T00:00:00Z");

describe.each(SESSION_STORES)("session management on $name", (store) => {
  const opened = useStore(store);
  const signOut = vi.fn();
  let config: AuthConfig;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: START });
    signOut.mockClear();
    config = {
      secret: SECRET,
      trustHost: true,
      adapter: opened().adapter,
      rateLimit: { trustForwardedFor: true },
      events: { signOut },
      providers: [
        Credentials({
          credentials: { username: {}, password: {} },
          authorize: ({ username, password }) =>
            password === "right" ? { id: `app-${String(username)}`, name: String(username) } : null,
        }),
      ],
    };
  });
  afterEach(() => vi.useRealTimers());

  /** The stored user the credentials identity `providerAccountId` signed in as. */
  async function storedUserId(providerAccountId: string): Promise<string> {
    const user = await opened().adapter.getUserByAccount?.({ provider: "credentials", providerAccountId });
    if (!user) throw new Error(`no user is linked to ${providerAccountId}`);
    return user.id;
  }

  it("lists the caller's sessions with ids, metadata and the current one marked, never a token", async () => {
    const laptop = new TestBrowser(config);
    const phone = new TestBrowser(config);
    const laptopToken = await signInFromDevice(laptop, "ada", LAPTOP, "203.0.113.7");
    vi.setSystemTime(new Date(START.valueOf() + 60_000));
    const phoneToken = await signInFromDevice(phone, "ada", PHONE, "2001:db8::1");

    const sessions = await listSessions(devicesRequest(laptop), config);
    expect(sessions).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{64}$/),
        expires: new Date(START.valueOf() + 30 * DAY_MS),
        createdAt: START,
        lastSeenAt: START,
        userAgent: LAPTOP,
        ipAddress: "203.0.113.7",
        current: true,
      },
      {
        id: expect.stringMatching(/^[0-9a-f]{64}$/),
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
    // Derived from the token under latchkey's own prefix: the same id in every version and on every
    // instance (records and revocation markers keyed by it outlive a deploy), and never the plain
    // SHA-256 of the token that an app may itself compute, log or store.
    const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
    expect(sessions?.[0]?.id).toBe(sha256(`latchkey.session-id:${laptopToken}`));
    expect(sessions?.[0]?.id).not.toBe(sha256(laptopToken));
    const fromPhone = await listSessions(devicesRequest(phone), config);
    expect(fromPhone?.find((session) => session.current)?.id).toBe(sessions?.[1]?.id);
  });

  it("records last seen only when the session is extended (updateAge), never on every request", async () => {
    const laptop = new TestBrowser(config);
    await signInFromDevice(laptop, "ada", LAPTOP, "203.0.113.7");
    vi.setSystemTime(new Date(START.valueOf() + DAY_MS / 2));
    await laptop.session();
    expect((await listSessions(devicesRequest(laptop), config))?.[0]?.lastSeenAt).toEqual(START);
    const extended = new Date(START.valueOf() + DAY_MS + 1000);
    vi.setSystemTime(extended);
    await laptop.session();
    expect((await listSessions(devicesRequest(laptop), config))?.[0]).toMatchObject({
      createdAt: START,
      lastSeenAt: extended,
    });
  });

  it("revokes one of the caller's sessions by id: that browser is signed out on its next request", async () => {
    const laptop = new TestBrowser(config);
    const phone = new TestBrowser(config);
    await signInFromDevice(laptop, "ada", LAPTOP, "203.0.113.7");
    await signInFromDevice(phone, "ada", PHONE, "203.0.113.8");
    const phoneId = (await listSessions(devicesRequest(laptop), config))?.find(
      (session) => !session.current,
    )?.id;

    expect(await revokeSession(devicesRequest(laptop), config, phoneId as string)).toBe(true);
    expect(await phone.session()).toBeNull();
    expect(await laptop.session()).toMatchObject({ user: { name: "ada" } });
    expect(await revokeSession(devicesRequest(laptop), config, phoneId as string)).toBe(false);
    expect(signOut).toHaveBeenCalledWith({
      session: expect.objectContaining({ userId: await storedUserId("app-ada") }),
      reason: "revoked",
    });
  });

  it("signs out everywhere else: every other session ends, the caller's stays", async () => {
    const browsers = [new TestBrowser(config), new TestBrowser(config), new TestBrowser(config)];
    for (const [index, browser] of browsers.entries()) {
      await signInFromDevice(browser, "ada", LAPTOP, `203.0.113.${index + 1}`);
    }
    const [keeper, ...others] = browsers as [TestBrowser, ...TestBrowser[]];
    expect(await revokeOtherSessions(devicesRequest(keeper), config)).toBe(2);
    for (const other of others) expect(await other.session()).toBeNull();
    expect(await keeper.session()).toMatchObject({ user: { name: "ada" } });
    expect(await listSessions(devicesRequest(keeper), config)).toHaveLength(1);
    expect(signOut.mock.calls.map(([message]) => message.reason)).toEqual(["revokedOthers", "revokedOthers"]);
  });

  it("a signed-in user can neither see nor revoke another user's sessions", async () => {
    const alice = new TestBrowser(config);
    const mallory = new TestBrowser(config);
    await signInFromDevice(alice, "alice", LAPTOP, "203.0.113.7");
    await signInFromDevice(mallory, "mallory", PHONE, "203.0.113.66");
    const [aliceSession] = (await listSessions(devicesRequest(alice), config)) ?? [];

    const seenByMallory = await listSessions(devicesRequest(mallory), config);
    expect(seenByMallory).toHaveLength(1);
    expect(seenByMallory?.[0]?.id).not.toBe(aliceSession?.id);
    expect(await revokeSession(devicesRequest(mallory), config, aliceSession?.id as string)).toBe(false);
    expect(await revokeOtherSessions(devicesRequest(mallory), config)).toBe(0);
    expect(await alice.session()).toMatchObject({ user: { name: "alice" } });
    expect(await listSessions(devicesRequest(alice), config)).toHaveLength(1);
  });

  it("answers a request without a live session with null or false, and revokes nothing", async () => {
    const alice = new TestBrowser(config);
    await signInFromDevice(alice, "alice", LAPTOP, "203.0.113.7");
    const [aliceSession] = (await listSessions(devicesRequest(alice), config)) ?? [];
    const anonymous = new Request("http://app.test/account/devices");
    const forged = new Request("http://app.test/account/devices", {
      headers: { cookie: `${SESSION_COOKIE}=${aliceSession?.id}` },
    });
    for (const stranger of [anonymous, forged]) {
      expect(await listSessions(stranger, config)).toBeNull();
      expect(await revokeSession(stranger, config, aliceSession?.id as string)).toBe(false);
      expect(await revokeOtherSessions(stranger, config)).toBeNull();
    }
    expect(await alice.session()).toMatchObject({ user: { name: "alice" } });
  });

  it("the admin functions work by user id and return no tokens", async () => {
    const laptop = new TestBrowser(config);
    const phone = new TestBrowser(config);
    const laptopToken = await signInFromDevice(laptop, "ada", LAPTOP, "203.0.113.7");
    await signInFromDevice(phone, "ada", PHONE, "203.0.113.8");
    const userId = await storedUserId("app-ada");
    const sessions = await listUserSessions(config, userId);
    expect(sessions.map((session) => session.userId)).toEqual([userId, userId]);
    expect(JSON.stringify(sessions)).not.toContain(laptopToken);
    const [first, second] = sessions;

    expect(await revokeUserSession(config, "someone-else", first?.id as string)).toBe(false);
    expect(await revokeUserSession(config, userId, first?.id as string)).toBe(true);
    expect(await revokeUserSessions(config, userId, { except: second?.id as string })).toBe(0);
    expect(await revokeUserSessions(config, userId)).toBe(1);
    expect(await laptop.session()).toBeNull();
    expect(await phone.session()).toBeNull();
    expect(signOut.mock.calls.map(([message]) => message.reason)).toEqual([
      "revokedByAdmin",
      "revokedByAdmin",
    ]);
  });

  it("lists a session row written without metadata (by Auth.js) with empty metadata", async () => {
    await opened().adapter.createUser?.({ id: "app-old", email: "old@example.test", emailVerified: null });
    const user = await opened().adapter.getUserByEmail?.("old@example.test");
    const token = "authjs-0123456789-abcdef";
    await opened().adapter.createSession?.({
      sessionToken: token,
      userId: user?.id as string,
      expires: new Date(START.valueOf() + DAY_MS),
    });
    const old = new TestBrowser(config);
    old.jar.set(SESSION_COOKIE, token);
    expect(await listSessions(devicesRequest(old), config)).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{64}$/),
        expires: new Date(START.valueOf() + DAY_MS),
        createdAt: null,
        lastSeenAt: null,
        userAgent: null,
        ipAddress: null,
        current: true,
      },
    ]);
  });
});

describe("the request-based functions", () => {
  it("say what to call instead when given a config where the request belongs", async () => {
    const config = { secret: SECRET, providers: [] } as AuthConfig;
    expect(() => listSessions(config as unknown as Request, config)).toThrow(/listUserSessions/);
  });
});

describe("the caller's session list and revocation, whatever the adapter returns", () => {
  const credentials = Credentials({
    credentials: { username: {}, password: {} },
    authorize: ({ username }) => ({ id: `app-${String(username)}`, name: String(username) }),
  });
  const at = (seconds: number) => vi.setSystemTime(new Date(START.valueOf() + seconds * 1000));
  const configWith = (overrides: Partial<AuthConfig>): AuthConfig => ({
    secret: SECRET,
    trustHost: true,
    rateLimit: { trustForwardedFor: true },
    providers: [credentials],
    ...overrides,
  });

  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: START }));
  afterEach(() => vi.useRealTimers());

  it("lists no expired session the adapter still holds", async () => {
    // The memory adapter, like a SQL table, keeps an expired row until something deletes it.
    const config = configWith({ adapter: MemoryAdapter(), session: { maxAge: 100, updateAge: 100 } });
    const old = new TestBrowser(config);
    const fresh = new TestBrowser(config);
    await signInFromDevice(old, "ada", LAPTOP, "203.0.113.7");
    at(50);
    await signInFromDevice(fresh, "ada", PHONE, "203.0.113.8");
    at(120);
    const sessions = await listSessions(devicesRequest(fresh), config);
    expect(sessions?.map((session) => session.current)).toEqual([true]);
  });

  it("lists and ends only the caller's own sessions, even where the adapter answers other users' rows", async () => {
    const tables = createMemoryTables();
    const memory = MemoryAdapter(tables);
    // A custom adapter that ignores the user id it is asked about.
    const everyonesRows = async () => [...tables.sessions.values()].map((row) => ({ ...row }));
    const config = configWith({ adapter: { ...memory, listSessionsByUserId: everyonesRows } });
    const ada = new TestBrowser(config);
    const bob = new TestBrowser(config);
    await signInFromDevice(ada, "ada", LAPTOP, "203.0.113.1");
    await signInFromDevice(bob, "bob", PHONE, "203.0.113.2");
    expect((await listSessions(devicesRequest(bob), config))?.map((session) => session.userAgent)).toEqual([
      PHONE,
    ]);
    await revokeOtherSessions(devicesRequest(bob), config);
    expect(await ada.session()).toMatchObject({ user: { name: "ada" } });
    expect(tables.sessions.size).toBe(2);
  });

  it("lists the soonest expiry first, in whatever order the adapter answers", async () => {
    const memory = MemoryAdapter(createMemoryTables());
    const adapter: Adapter = {
      ...memory,
      listSessionsByUserId: async (userId) => (await memory.listSessionsByUserId?.(userId))?.reverse() ?? [],
    };
    const config = configWith({ adapter });
    const browsers = [new TestBrowser(config), new TestBrowser(config), new TestBrowser(config)];
    for (const [index, browser] of browsers.entries()) {
      at(index * 60);
      await signInFromDevice(browser, "ada", LAPTOP, `203.0.113.${index + 1}`);
    }
    const sessions = (await listSessions(devicesRequest(browsers[0] as TestBrowser), config)) ?? [];
    expect(sessions.map((session) => session.ipAddress)).toEqual([
      "203.0.113.1",
      "203.0.113.2",
      "203.0.113.3",
    ]);
  });

  it("records a User-Agent cut to 512 characters and only an address that is one", async () => {
    const config = configWith({ adapter: MemoryAdapter() });
    const longAgent = `${LAPTOP} ${"x".repeat(600)}`;
    const claims = [
      "203.0.113.7",
      "host-203.0.113.7",
      "203.0.113.7-host",
      "f".repeat(46),
      "::ffff:203.0.113.9",
    ];
    const browsers = claims.map(() => new TestBrowser(config));
    for (const [index, browser] of browsers.entries()) {
      at(index * 60);
      await signInFromDevice(browser, "ada", longAgent, claims[index]);
    }
    const sessions = (await listSessions(devicesRequest(browsers[0] as TestBrowser), config)) ?? [];
    expect(sessions.map((session) => session.ipAddress)).toEqual([
      "203.0.113.7",
      null,
      null,
      null,
      "::ffff:203.0.113.9",
    ]);
    expect(sessions[0]?.userAgent).toBe(longAgent.slice(0, 512));
  });

  it("hands an adapter without listSessionsByUserId (an Auth.js one) only the session fields it knows", async () => {
    const { listSessionsByUserId: _withoutListing, ...authjs } = MemoryAdapter();
    const created: unknown[] = [];
    const updated: unknown[] = [];
    const adapter: Adapter = {
      ...authjs,
      createSession: async (session) => {
        created.push(session);
        return authjs.createSession?.(session) as ReturnType<NonNullable<Adapter["createSession"]>>;
      },
      updateSession: async (session) => {
        updated.push(session);
        return authjs.updateSession?.(session) as ReturnType<NonNullable<Adapter["updateSession"]>>;
      },
    };
    const config = configWith({ adapter, session: { strategy: "database", updateAge: 60 } });
    const browser = new TestBrowser(config);
    await signInFromDevice(browser, "ada", LAPTOP, "203.0.113.7");
    at(120);
    expect(await browser.session()).toMatchObject({ user: { name: "ada" } });
    expect(created).toEqual([
      { sessionToken: expect.any(String), userId: expect.any(String), expires: expect.any(Date) },
    ]);
    expect(updated).toEqual([{ sessionToken: expect.any(String), expires: expect.any(Date) }]);
  });

  it("an empty or non-string id revokes nothing and asks for nothing, even where revoking needs a store", async () => {
    // JWT sessions without a store cannot be revoked one by one: a real id is refused with an error.
    const config = configWith({ session: { strategy: "jwt" } });
    const browser = new TestBrowser(config);
    await signInFromDevice(browser, "ada", LAPTOP, "203.0.113.7");
    expect(await revokeSession(devicesRequest(browser), config, "")).toBe(false);
    expect(await revokeSession(devicesRequest(browser), config, 42 as unknown as string)).toBe(false);
    expect(await browser.session()).toMatchObject({ user: { name: "ada" } });
  });
});
