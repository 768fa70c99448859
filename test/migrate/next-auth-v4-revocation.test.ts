/**
 * Adopted next-auth v4 JWT sessions under latchkey's revocation, with next-auth@4 from npm minting
 * the cookies and a shared store (`config.store`, which revocation needs). The attacker holds a
 * copy of the victim's v4 cookie (stolen before or after the switch) and replays it through the
 * public handler after the victim, or an admin, ended the session: it must sign nobody in, and
 * the session the victim's browser was adopted into is listed like any other.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type AuthConfig,
  type CallbacksOptions,
  getSession,
  getSessionToken,
  listSessions,
  listUserSessions,
  revokeOtherSessions,
  revokeSession,
  revokeUserSession,
  revokeUserSessions,
} from "../../src/index.js";
import type { JWT } from "../../src/jwt/types.js";
import { MemoryStore } from "../../src/store/memory.js";
import { CookieJar, HTTP_APP, makeConfig, SECRET, send } from "../core/helpers.js";
import { loadNextAuthV4 } from "../oracles/next-auth-v4.js";

const v4 = loadNextAuthV4();
const V4_COOKIE = "next-auth.session-token";
const V5_COOKIE = "authjs.session-token";
const USER = "user-v4";
const v4Claims = { sub: USER, name: "Vera Four", email: "vera@example.test", picture: null };

/** The switch happens a minute after the v4 token was last issued, as on a real deploy. */
const MINTED = new Date("2026-11-01T00:00:00Z");
const SWITCHED = new Date(MINTED.valueOf() + 60_000);
/** A day in milliseconds; v4 sessions last 30 by default. */
const DAY_MS = 24 * 60 * 60 * 1000;

const migratingWithStore = (): AuthConfig =>
  makeConfig({ migrate: { nextAuthV4: true }, session: { strategy: "jwt" }, store: new MemoryStore() });

/** GET /session with `jar`'s cookies; the jar takes the answer's cookies. */
async function sessionOf(config: AuthConfig, jar: CookieJar): Promise<{ user: { id: string } } | null> {
  const response = await send(config, "/session", { origin: HTTP_APP, cookie: jar });
  expect(response.status).toBe(200);
  jar.apply(response);
  return (await response.json()) as { user: { id: string } } | null;
}

const pageRequest = (jar: CookieJar) =>
  new Request(`${HTTP_APP}/page`, { headers: { cookie: jar.header() } });

async function signOut(config: AuthConfig, jar: CookieJar): Promise<void> {
  const csrf = await send(config, "/csrf", { origin: HTTP_APP, cookie: jar });
  jar.apply(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await send(config, "/signout", { origin: HTTP_APP, cookie: jar, form: { csrfToken } });
  expect(response.status).toBe(302);
  jar.apply(response);
}

/** POST /session with `data` (the session update), CSRF token and all; the jar takes the answer's cookies. */
async function updateSession(config: AuthConfig, jar: CookieJar, headers: Record<string, string>) {
  const csrf = await send(config, "/csrf", { origin: HTTP_APP, cookie: jar });
  jar.apply(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const json = { csrfToken, data: { plan: "pro" } };
  return send(config, "/session", { origin: HTTP_APP, cookie: jar, headers, json });
}

/** The `jwt` callback of an app that keeps a plan in the token, slimmed of a large claim v4 put there. */
const withPlan = (token: JWT): JWT => {
  const { groups: _groups, ...kept } = token;
  return { ...kept, plan: "pro" };
};

/** Each way the session the adopting request reads is re-issued in that same answer. */
const reissues: Array<{
  by: string;
  jwt: CallbacksOptions["jwt"];
  claims: Record<string, unknown>;
  /** How many cookies v4's SessionStore splits the token into. */
  parts: number;
  update: boolean;
}> = [
  {
    by: "the app's jwt callback changing the token",
    jwt: ({ token }) => withPlan(token),
    claims: {},
    parts: 1,
    update: false,
  },
  {
    by: "a chunked v4 cookie the jwt callback rewrites as one",
    jwt: ({ token }) => withPlan(token),
    claims: { groups: Array.from({ length: 400 }, (_, i) => `group-${i}`) },
    parts: 2,
    update: false,
  },
  {
    by: "POST /session, the update the jwt callback merges",
    jwt: ({ token, trigger, session }) =>
      trigger === "update" ? { ...token, ...(session as Record<string, unknown>) } : token,
    claims: {},
    parts: 1,
    update: true,
  },
];

describe(`next-auth ${v4.version} JWT sessions adopted under revocation`, () => {
  let v4Token: string;
  let config: AuthConfig;

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: MINTED });
    v4Token = await v4.jwt.encode({ token: v4Claims, secret: SECRET });
    vi.setSystemTime(SWITCHED);
    config = migratingWithStore();
  });
  afterEach(() => vi.useRealTimers());

  const stolenCopy = () => new CookieJar({ [V4_COOKIE]: v4Token });

  it("an admin's revokeUserSessions ends a v4 cookie nobody has presented yet: the replay signs nobody in", async () => {
    vi.setSystemTime(SWITCHED.valueOf() + 5_000);
    await revokeUserSessions(config, USER);
    vi.setSystemTime(SWITCHED.valueOf() + 10_000);
    const thief = stolenCopy();
    expect(await sessionOf(config, thief)).toBeNull();
    expect(thief.get(V5_COOKIE)).toBeUndefined();
    expect(await getSession(pageRequest(stolenCopy()), config)).toBeNull();
  });

  it("after the victim's adoption and an admin's revokeUserSessions, the victim and the replayed copy are both out", async () => {
    const victim = stolenCopy();
    expect((await sessionOf(config, victim))?.user.id).toBe(USER);
    vi.setSystemTime(SWITCHED.valueOf() + 5_000);
    expect(await revokeUserSessions(config, USER)).toBe(1);
    expect(await sessionOf(config, victim)).toBeNull();
    expect(await sessionOf(config, stolenCopy())).toBeNull();
  });

  it('"sign out everywhere else" from the adopted browser: the stolen copy of its v4 cookie signs nobody in', async () => {
    const victim = stolenCopy();
    expect((await sessionOf(config, victim))?.user.id).toBe(USER);
    vi.setSystemTime(SWITCHED.valueOf() + 5_000);
    await revokeOtherSessions(pageRequest(victim), config);
    // The victim stays signed in; the copy is not adopted a second time into the kept session.
    expect((await sessionOf(config, victim))?.user.id).toBe(USER);
    const thief = stolenCopy();
    expect(await sessionOf(config, thief)).toBeNull();
    expect(thief.get(V5_COOKIE)).toBeUndefined();
    expect(await getSession(pageRequest(stolenCopy()), config)).toBeNull();
  });

  it("the victim's own sign-out after adoption: the replayed v4 cookie signs nobody in", async () => {
    const victim = stolenCopy();
    expect((await sessionOf(config, victim))?.user.id).toBe(USER);
    await signOut(config, victim);
    expect(await sessionOf(config, victim)).toBeNull();
    expect(await sessionOf(config, stolenCopy())).toBeNull();
  });

  it("the victim's sign-out while still holding the v4 cookie ends every copy of it", async () => {
    const victim = stolenCopy();
    // Server-rendered pages only: getSession reads the v4 cookie and uses nothing up.
    expect((await getSession(pageRequest(victim), config))?.user?.id).toBe(USER);
    expect((await getSession(pageRequest(victim), config))?.user?.id).toBe(USER);
    await signOut(config, victim);
    expect(await sessionOf(config, stolenCopy())).toBeNull();
    expect(await getSession(pageRequest(stolenCopy()), config)).toBeNull();
  });

  it("a v4 cookie is adopted once: a copy presented after the first adoption signs nobody in, and is cleared", async () => {
    const victim = stolenCopy();
    expect((await sessionOf(config, victim))?.user.id).toBe(USER);
    const thief = stolenCopy();
    expect(await sessionOf(config, thief)).toBeNull();
    expect([...thief.cookies.keys()]).toEqual([]);
    expect((await sessionOf(config, victim))?.user.id).toBe(USER);
  });

  it("a flood of the store's other entries does not evict the adoption: the copy stays refused", async () => {
    // Challenges can be created without signing in; the adoption is kept apart from them, as a record.
    const store = new MemoryStore({ maxKeys: 8 });
    config = makeConfig({ migrate: { nextAuthV4: true }, session: { strategy: "jwt" }, store });
    expect((await sessionOf(config, stolenCopy()))?.user.id).toBe(USER);
    for (let i = 0; i < 20; i++) await store.setIfAbsent(`challenge:${i}`, "x", 60_000);
    expect(await sessionOf(config, stolenCopy())).toBeNull();
  });

  it("each v4 token is adopted on its own: another user's token is not taken for a copy of the first", async () => {
    vi.setSystemTime(MINTED);
    const other = await v4.jwt.encode({ token: { ...v4Claims, sub: "user-other" }, secret: SECRET });
    vi.setSystemTime(SWITCHED);
    expect((await sessionOf(config, stolenCopy()))?.user.id).toBe(USER);
    expect((await sessionOf(config, new CookieJar({ [V4_COOKIE]: other })))?.user.id).toBe("user-other");
  });

  it("a v4 token issued in the future is refused: it would be signed in after a marker set before it", async () => {
    vi.setSystemTime(SWITCHED.valueOf() + 3_600_000);
    const ahead = await v4.jwt.encode({ token: v4Claims, secret: SECRET });
    vi.setSystemTime(SWITCHED);
    const jar = new CookieJar({ [V4_COOKIE]: ahead });
    expect(await sessionOf(config, jar)).toBeNull();
    expect(jar.get(V5_COOKIE)).toBeUndefined();
  });

  it("a session the jwt callback ends is neither issued a latchkey cookie nor listed, and getSession lists nothing", async () => {
    expect(await getSession(pageRequest(stolenCopy()), config)).not.toBeNull();
    expect(await listUserSessions(config, USER)).toEqual([]);
    const ending = makeConfig({
      migrate: { nextAuthV4: true },
      session: { strategy: "jwt" },
      store: new MemoryStore(),
      callbacks: { jwt: () => null },
    });
    const jar = stolenCopy();
    expect(await sessionOf(ending, jar)).toBeNull();
    expect(jar.get(V5_COOKIE)).toBeUndefined();
    expect(await listUserSessions(ending, USER)).toEqual([]);
  });

  it("the debug log says which v4 cookies were adopted, refused as a copy, or over", async () => {
    const logged: unknown[][] = [];
    const logger = { debug: (...line: unknown[]) => void logged.push(line), warn() {}, error() {} };
    config = makeConfig({
      migrate: { nextAuthV4: true },
      session: { strategy: "jwt" },
      store: new MemoryStore(),
      debug: true,
      logger,
    });
    const adoption = (line: unknown[]) => typeof line[0] === "string" && line[0].includes("next-auth v4");
    await sessionOf(config, stolenCopy());
    await sessionOf(config, stolenCopy());
    expect(logged.filter(adoption)).toEqual([
      ["Adopted a next-auth v4 session", { expires: new Date(MINTED.valueOf() + 30 * DAY_MS).toISOString() }],
      ["A next-auth v4 session cookie was adopted before; refusing the copy"],
      ["A next-auth v4 session cookie was not readable or has expired; clearing it"],
    ]);

    // At its `exp`, and inside v4's 15 s clock tolerance after it, a token is over: never adopted.
    vi.setSystemTime(MINTED);
    const short = await v4.jwt.encode({ token: v4Claims, secret: SECRET, maxAge: 30 });
    for (const after of [30_000, 35_000]) {
      vi.setSystemTime(MINTED.valueOf() + after);
      logged.length = 0;
      expect(await sessionOf(config, new CookieJar({ [V4_COOKIE]: short }))).toBeNull();
      expect(logged.filter(adoption)).toEqual([
        ["A next-auth v4 session cookie was not readable or has expired; clearing it"],
      ]);
    }
  });

  it("the adopted session is listed with the user's sessions, signed in when the v4 token was issued", async () => {
    const victim = stolenCopy();
    const response = await send(config, "/session", {
      origin: HTTP_APP,
      cookie: victim,
      headers: { "user-agent": "Victim Browser/1.0" },
    });
    victim.apply(response);
    const own = await listSessions(pageRequest(victim), config);
    expect(own).toHaveLength(1);
    expect(own?.[0]).toMatchObject({ current: true, userAgent: "Victim Browser/1.0", createdAt: MINTED });
    const listed = await listUserSessions(config, USER);
    expect(listed.map((session) => session.id)).toEqual([own?.[0]?.id]);
    // Derived from the v4 token, in the shape of the ids latchkey gives its own sessions.
    expect(own?.[0]?.id).toMatch(/^[0-9a-f]{32}$/);
  });

  it("a session getSession lists before the v4 cookie is adopted, once ended by its id, is never adopted", async () => {
    // A jwt callback that changes the token makes getSession record the session it reads, so an
    // admin sees (and can end) it before any route has adopted the v4 cookie.
    config = makeConfig({
      migrate: { nextAuthV4: true },
      session: { strategy: "jwt" },
      store: new MemoryStore(),
      callbacks: { jwt: ({ token }) => withPlan(token) },
    });
    expect((await getSession(pageRequest(stolenCopy()), config))?.user?.id).toBe(USER);
    const listed = await listUserSessions(config, USER);
    expect(listed).toHaveLength(1);
    vi.setSystemTime(SWITCHED.valueOf() + 5_000);
    expect(await revokeUserSession(config, USER, listed[0]?.id ?? "")).toBe(true);
    vi.setSystemTime(SWITCHED.valueOf() + 10_000);
    const thief = stolenCopy();
    expect(await sessionOf(config, thief)).toBeNull();
    expect(thief.get(V5_COOKIE)).toBeUndefined();
    expect(await getSession(pageRequest(stolenCopy()), config)).toBeNull();
  });

  it.each(reissues)(
    "re-issued in the answer that adopts it ($by), the session is listed, and ending it by its id signs out every copy of the new cookie",
    async ({ jwt, claims, parts, update }) => {
      vi.setSystemTime(MINTED);
      const minted = await v4.jwt.encode({ token: { ...v4Claims, ...claims }, secret: SECRET });
      const store = new v4.SessionStore({ name: V4_COOKIE, options: {} }, { cookies: {} }, { debug() {} });
      const v4Cookies = Object.fromEntries(store.chunk(minted, {}).map((chunk) => [chunk.name, chunk.value]));
      expect(Object.keys(v4Cookies)).toHaveLength(parts);
      vi.setSystemTime(SWITCHED);
      config = makeConfig({
        migrate: { nextAuthV4: true },
        session: { strategy: "jwt" },
        store: new MemoryStore(),
        callbacks: { jwt },
      });
      const victim = new CookieJar(v4Cookies);
      const headers = { "user-agent": "Victim Browser/1.0" };
      const response = update
        ? await updateSession(config, victim, headers)
        : await send(config, "/session", { origin: HTTP_APP, cookie: victim, headers });
      victim.apply(response);
      // The browser holds the strategy's re-issue (what the callback wrote), not the adopted cookie.
      expect(await getSessionToken(pageRequest(victim), config)).toMatchObject({ sub: USER, plan: "pro" });
      const session = [...victim.cookies].filter(([name]) => name.startsWith(V5_COOKIE));
      expect(session.length).toBeGreaterThan(0);
      const thief = new CookieJar(Object.fromEntries(session));

      const own = await listSessions(pageRequest(victim), config);
      expect(own).toHaveLength(1);
      expect(own?.[0]).toMatchObject({ current: true, userAgent: "Victim Browser/1.0", createdAt: MINTED });
      expect(own?.[0]?.id).toMatch(/^[0-9a-f]{32}$/);

      // The user removes that device from the list: the stolen copy of the new cookie is out.
      expect(await revokeSession(pageRequest(victim), config, own?.[0]?.id ?? "")).toBe(true);
      expect(await listUserSessions(config, USER)).toEqual([]);
      expect(await getSession(pageRequest(thief), config)).toBeNull();
      expect(await sessionOf(config, thief)).toBeNull();
      expect(await sessionOf(config, new CookieJar(v4Cookies))).toBeNull();
    },
  );
});
