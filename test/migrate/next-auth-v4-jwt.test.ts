/**
 * next-auth v4 JWT sessions on latchkey (`migrate: { nextAuthV4: true }`), with next-auth@4 from npm
 * as the oracle: its `next-auth/jwt` encode mints the cookies, its SessionStore chunks them. Every
 * request goes through the public handler; the forged, altered, expired and foreign tokens are
 * attacks a v4 cookie could carry, and none of them signs anybody in.
 */
import { encode as authjsEncode } from "@auth/core/jwt";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMemoryTables, MemoryAdapter } from "../../src/adapters/memory.js";
import type { Adapter } from "../../src/adapters/types.js";
import type { AuthConfig } from "../../src/index.js";
import { getSession, getSessionToken, requireRecentAuth } from "../../src/index.js";
import {
  CookieJar,
  HTTP_APP,
  locationOf,
  makeConfig,
  OLD_SECRET,
  parseSetCookie,
  recordingLogger,
  SECRET,
  send,
} from "../core/helpers.js";
import { confirmLink, lastMail, outboxProvider, requestLink } from "../flows/email/helpers.js";
import { loadNextAuthV4 } from "../oracles/next-auth-v4.js";

const v4 = loadNextAuthV4();
const V4_COOKIE = "next-auth.session-token";
const V5_COOKIE = "authjs.session-token";
const DAY = 24 * 60 * 60;

const v4Claims = { sub: "user-v4", name: "Vera Four", email: "vera@example.test", picture: null };

const migrating = (overrides: Partial<AuthConfig> = {}) =>
  makeConfig({ migrate: { nextAuthV4: true }, ...overrides });

/** GET /session over plain http (unprefixed cookie names), with `cookies` in the Cookie header. */
const getSessionRoute = (config: AuthConfig, cookies: Record<string, string>, origin = HTTP_APP) =>
  send(config, "/session", { origin, cookie: new CookieJar(cookies) });

const setCookies = (response: Response) => response.headers.getSetCookie().map(parseSetCookie);
const cleared = (response: Response) =>
  setCookies(response)
    .filter((cookie) => cookie.attributes.get("max-age") === "0" || cookie.value === "")
    .map((cookie) => cookie.name);
const issued = (response: Response) =>
  setCookies(response)
    .filter((cookie) => cookie.value !== "")
    .map((cookie) => cookie.name);

describe(`next-auth ${v4.version} JWT session cookies`, () => {
  it("sign the user in on the first GET /session, re-issued as latchkey's cookie ending when the v4 one does, v4's cleared", async () => {
    const v4Token = await v4.jwt.encode({ token: v4Claims, secret: SECRET, maxAge: 10 * DAY });
    const v4Exp = (await v4.jwt.decode({ token: v4Token, secret: SECRET }))?.exp as number;
    const config = migrating();

    const response = await getSessionRoute(config, { [V4_COOKIE]: v4Token });
    expect(response.status).toBe(200);
    const session = (await response.json()) as { user: { name: string; email: string }; expires: string };
    // The default session carries user.id (the token's sub).
    expect(session.user).toEqual({
      id: "user-v4",
      name: "Vera Four",
      email: "vera@example.test",
      image: null,
    });
    // Bounded by the v4 session: latchkey's 30-day default does not lengthen a 10-day v4 session.
    expect(Math.abs(Date.parse(session.expires) / 1000 - v4Exp)).toBeLessThanOrEqual(2);

    const v5 = setCookies(response).find((cookie) => cookie.name === V5_COOKIE);
    expect(v5?.attributes.has("httponly")).toBe(true);
    expect(Math.abs(Date.parse(v5?.attributes.get("expires") ?? "") / 1000 - v4Exp)).toBeLessThanOrEqual(2);
    expect(cleared(response)).toEqual([V4_COOKIE]);

    // The browser now holds only latchkey's cookie, and it is the same user.
    const jar = new CookieJar({ [V4_COOKIE]: v4Token }).apply(response);
    expect([...jar.cookies.keys()]).toEqual([V5_COOKIE]);
    const again = await send(config, "/session", { origin: HTTP_APP, cookie: jar });
    expect(((await again.json()) as { user: { email: string } }).user.email).toBe("vera@example.test");
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it("keeps the v4 token's own claims for the app's jwt callback", async () => {
    const v4Token = await v4.jwt.encode({ token: { ...v4Claims, role: "admin" }, secret: SECRET });
    const seen: Array<Record<string, unknown>> = [];
    const config = migrating({
      callbacks: {
        jwt: ({ token }) => {
          seen.push(token);
          return token;
        },
      },
    });
    expect((await getSessionRoute(config, { [V4_COOKIE]: v4Token })).status).toBe(200);
    expect(seen[0]).toMatchObject({ sub: "user-v4", role: "admin" });
  });

  it("read from v4's chunks (.0, .1, …) as v4's SessionStore splits a large token", async () => {
    const large = { ...v4Claims, groups: Array.from({ length: 400 }, (_, i) => `group-${i}`) };
    const v4Token = await v4.jwt.encode({ token: large, secret: SECRET });
    const store = new v4.SessionStore({ name: V4_COOKIE, options: {} }, { cookies: {} }, { debug() {} });
    const chunks = store.chunk(v4Token, {});
    expect(chunks.map((chunk) => chunk.name)).toEqual([`${V4_COOKIE}.0`, `${V4_COOKIE}.1`]);

    const response = await getSessionRoute(
      migrating(),
      Object.fromEntries(chunks.map((chunk) => [chunk.name, chunk.value])),
    );
    expect(((await response.json()) as { user: { email: string } } | null)?.user.email).toBe(
      "vera@example.test",
    );
    expect(cleared(response).sort()).toEqual([`${V4_COOKIE}.0`, `${V4_COOKIE}.1`]);
  });

  it("read from chunks, and slimmed by the app's jwt callback: the browser holds the re-issued cookie alone, and stays signed in", async () => {
    const large = { ...v4Claims, groups: Array.from({ length: 400 }, (_, i) => `group-${i}`) };
    const v4Token = await v4.jwt.encode({ token: large, secret: SECRET });
    const store = new v4.SessionStore({ name: V4_COOKIE, options: {} }, { cookies: {} }, { debug() {} });
    const chunks = Object.fromEntries(store.chunk(v4Token, {}).map((chunk) => [chunk.name, chunk.value]));
    const config = migrating({
      callbacks: {
        jwt: ({ token }) => {
          delete token.groups;
          return token;
        },
      },
    });

    const jar = new CookieJar(chunks);
    const response = await getSessionRoute(config, chunks);
    expect(issued(response)).toEqual([V5_COOKIE]);
    jar.apply(response);
    expect([...jar.cookies.keys()]).toEqual([V5_COOKIE]);
    const again = await send(config, "/session", { origin: HTTP_APP, cookie: jar });
    expect(((await again.json()) as { user: { email: string } } | null)?.user.email).toBe(
      "vera@example.test",
    );
  });

  it("are issued no cookie when the app's session callback shows no session", async () => {
    const v4Token = await v4.jwt.encode({ token: v4Claims, secret: SECRET });
    const config = migrating({ callbacks: { session: () => null as never } });
    const response = await getSessionRoute(config, { [V4_COOKIE]: v4Token });
    expect(await response.json()).toBeNull();
    expect(issued(response)).toEqual([]);
  });

  it("read __Secure-next-auth.session-token on an https app, and re-issue __Secure-authjs.session-token", async () => {
    const v4Token = await v4.jwt.encode({ token: v4Claims, secret: SECRET });
    const response = await getSessionRoute(
      migrating(),
      { [`__Secure-${V4_COOKIE}`]: v4Token },
      "https://app.test",
    );
    expect(((await response.json()) as { user: { name: string } }).user.name).toBe("Vera Four");
    expect(issued(response)).toEqual([`__Secure-${V5_COOKIE}`]);
    expect(cleared(response)).toEqual([`__Secure-${V4_COOKIE}`]);
  });

  it("are read by getSession as well (which sets no cookie; the next GET /session re-issues)", async () => {
    const v4Token = await v4.jwt.encode({ token: v4Claims, secret: SECRET });
    const request = new Request(`${HTTP_APP}/page`, { headers: { cookie: `${V4_COOKIE}=${v4Token}` } });
    expect((await getSession(request, migrating()))?.user?.email).toBe("vera@example.test");
  });

  it("under an older secret of the rotation still sign in", async () => {
    const v4Token = await v4.jwt.encode({ token: v4Claims, secret: OLD_SECRET });
    const response = await getSessionRoute(migrating({ secret: [SECRET, OLD_SECRET] }), {
      [V4_COOKIE]: v4Token,
    });
    expect(((await response.json()) as { user: { name: string } }).user.name).toBe("Vera Four");
  });

  it("end at sign-out: v4's cookie is cleared with latchkey's, so it cannot sign the user back in", async () => {
    const v4Token = await v4.jwt.encode({ token: v4Claims, secret: SECRET });
    const config = migrating();
    const jar = new CookieJar({ [V4_COOKIE]: v4Token });
    const csrf = await send(config, "/csrf", { origin: HTTP_APP, cookie: jar });
    jar.apply(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const signOut = await send(config, "/signout", { origin: HTTP_APP, cookie: jar, form: { csrfToken } });
    expect(signOut.status).toBe(302);
    expect(cleared(signOut)).toContain(V4_COOKIE);
    jar.apply(signOut);
    const after = await send(config, "/session", { origin: HTTP_APP, cookie: jar });
    expect(await after.json()).toBeNull();
  });

  it("lose to a latchkey session the browser also carries, and are cleared", async () => {
    const v4Token = await v4.jwt.encode({ token: v4Claims, secret: SECRET });
    const v5Token = await authjsEncode({
      token: { sub: "user-v5", name: "Fiona Five", email: "fiona@example.test" },
      secret: SECRET,
      salt: V5_COOKIE,
    });
    const response = await getSessionRoute(migrating(), { [V4_COOKIE]: v4Token, [V5_COOKIE]: v5Token });
    expect(((await response.json()) as { user: { name: string } }).user.name).toBe("Fiona Five");
    expect(cleared(response)).toEqual([V4_COOKIE]);
    expect(issued(response)).toEqual([]);
  });
});

describe("a v4 cookie minted by next-auth@4 and a v5 cookie minted by @auth/core", () => {
  it("both sign in on latchkey, in one app", async () => {
    const config = migrating();
    const v4Token = await v4.jwt.encode({ token: v4Claims, secret: SECRET });
    const v5Token = await authjsEncode({
      token: { sub: "user-v5", name: "Fiona Five", email: "fiona@example.test", picture: null },
      secret: SECRET,
      salt: V5_COOKIE,
    });

    const fromV4 = await getSessionRoute(config, { [V4_COOKIE]: v4Token });
    const fromV5 = await getSessionRoute(config, { [V5_COOKIE]: v5Token });

    expect(((await fromV4.json()) as { user: unknown }).user).toEqual({
      id: "user-v4",
      name: "Vera Four",
      email: "vera@example.test",
      image: null,
    });
    expect(((await fromV5.json()) as { user: unknown }).user).toEqual({
      id: "user-v5",
      name: "Fiona Five",
      email: "fiona@example.test",
      image: null,
    });
    expect(issued(fromV4)).toEqual([V5_COOKIE]);
    expect(fromV5.headers.getSetCookie()).toEqual([]);
  });
});

describe("v4 cookies that sign nobody in", () => {
  /** Answers GET /session for a v4 cookie: it must be 200 null, with no latchkey cookie issued. */
  async function refused(cookies: Record<string, string>, config = migrating()): Promise<Response> {
    const response = await getSessionRoute(config, cookies);
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
    expect(issued(response)).toEqual([]);
    return response;
  }

  it("a tampered token (one ciphertext character changed) is refused and cleared", async () => {
    const v4Token = await v4.jwt.encode({ token: v4Claims, secret: SECRET });
    const parts = v4Token.split(".");
    const ciphertext = parts[3] as string;
    parts[3] = `${ciphertext[0] === "A" ? "B" : "A"}${ciphertext.slice(1)}`;
    const response = await refused({ [V4_COOKIE]: parts.join(".") });
    expect(cleared(response)).toContain(V4_COOKIE);
  });

  it("a token minted under another secret is refused (a forgery by anyone without NEXTAUTH_SECRET)", async () => {
    const forged = await v4.jwt.encode({
      token: { ...v4Claims, sub: "admin" },
      secret: "an-attacker-secret",
    });
    await refused({ [V4_COOKIE]: forged });
  });

  it("an expired token is refused, and not revived by the re-issue", async () => {
    const expired = await v4.jwt.encode({ token: v4Claims, secret: SECRET, maxAge: -60 });
    expect(await v4.jwt.decode({ token: expired, secret: SECRET }).catch(() => null)).toBeNull();
    await refused({ [V4_COOKIE]: expired });
  });

  it("a latchkey-format token (A256CBC-HS512) in v4's cookie is refused: v4's algorithm only", async () => {
    const v5Shaped = await authjsEncode({ token: v4Claims, secret: SECRET, salt: V4_COOKIE });
    await refused({ [V4_COOKIE]: v5Shaped });
  });

  it("a v4 token in latchkey's cookie is refused: it is read as v4's only under v4's name", async () => {
    const v4Token = await v4.jwt.encode({ token: v4Claims, secret: SECRET });
    await refused({ [V5_COOKIE]: v4Token });
  });

  it("chunks with a gap fail closed", async () => {
    const large = { ...v4Claims, groups: Array.from({ length: 800 }, (_, i) => `group-${i}`) };
    const v4Token = await v4.jwt.encode({ token: large, secret: SECRET });
    const store = new v4.SessionStore({ name: V4_COOKIE, options: {} }, { cookies: {} }, { debug() {} });
    const chunks = store.chunk(v4Token, {}).filter((chunk) => chunk.name !== `${V4_COOKIE}.1`);
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    await refused(Object.fromEntries(chunks.map((chunk) => [chunk.name, chunk.value])));
  });

  it("a valid v4 cookie signs nobody in when the app did not opt in, and is left alone", async () => {
    const v4Token = await v4.jwt.encode({ token: v4Claims, secret: SECRET });
    const response = await refused({ [V4_COOKIE]: v4Token }, makeConfig());
    expect(response.headers.getSetCookie()).toEqual([]);
    const request = new Request(`${HTTP_APP}/page`, { headers: { cookie: `${V4_COOKIE}=${v4Token}` } });
    expect(await getSession(request, makeConfig())).toBeNull();
  });

  it("v4's CSRF and callback-url cookies are never read as a session", async () => {
    const v4Token = await v4.jwt.encode({ token: v4Claims, secret: SECRET });
    await refused({ "next-auth.csrf-token": v4Token, "next-auth.callback-url": v4Token });
  });
});

/**
 * The pre-hijack defence (README, "Security rules") on adopted sessions, with no `store`, where
 * only the unproven-address mark ends a session at the proof. The attacker set up a user with the
 * victim's address on the v4 app (no proof) and holds that user's v4 cookie; after the switch the
 * victim proves the address by an e-mail link.
 */
describe("v4 JWT sessions of a stored user, under the pre-hijack defence", () => {
  const MINTED = new Date("2026-11-01T00:00:00Z");
  const SWITCHED = new Date(MINTED.valueOf() + 60_000);
  const PROVEN = new Date(SWITCHED.valueOf() + 60_000);
  const mintedAt = MINTED.valueOf() / 1000;

  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: MINTED }));
  afterEach(() => vi.useRealTimers());

  /** An app whose adapter holds the v4 user as v4's adapter left it (the schema is the same). */
  async function storedUserApp(emailVerified: Date | null, wrap = (adapter: Adapter) => adapter) {
    const tables = createMemoryTables();
    const memory = MemoryAdapter(tables);
    await memory.createUser({ id: "user-v4", name: "Vera Four", email: "vera@example.test", emailVerified });
    const outbox = outboxProvider();
    const config = migrating({
      adapter: wrap(memory),
      session: { strategy: "jwt" },
      providers: [outbox.provider],
    });
    const v4Token = await v4.jwt.encode({ token: v4Claims, secret: SECRET });
    vi.setSystemTime(SWITCHED);
    return { config, outbox, v4Token };
  }

  /** The owner of the address proves it with an e-mail link, in a browser of their own. */
  async function ownerProvesAddress(config: AuthConfig, outbox: ReturnType<typeof outboxProvider>) {
    vi.setSystemTime(PROVEN);
    await requestLink(config, "vera@example.test");
    const response = await confirmLink(config, lastMail(outbox).url);
    expect(locationOf(response).searchParams.get("error")).toBeNull();
  }

  const pageRequest = (jar: CookieJar) =>
    new Request(`${HTTP_APP}/page`, { headers: { cookie: jar.header() } });

  it("an address nobody has proven marks the adopted session, which ends once the owner proves it", async () => {
    const { config, outbox, v4Token } = await storedUserApp(null);
    const attacker = new CookieJar({ [V4_COOKIE]: v4Token });
    attacker.apply(await getSessionRoute(config, { [V4_COOKIE]: v4Token }));
    expect((await getSessionToken(pageRequest(attacker), config))?.emailUnverified).toBe(true);

    await ownerProvesAddress(config, outbox);
    const after = await send(config, "/session", { origin: HTTP_APP, cookie: attacker });
    expect(await after.json()).toBeNull();
  });

  it("a v4 cookie issued before the owner proved the address, presented after, signs nobody in", async () => {
    const { config, outbox, v4Token } = await storedUserApp(null);
    await ownerProvesAddress(config, outbox);
    vi.setSystemTime(PROVEN.valueOf() + 60_000);

    const logs = recordingLogger();
    const response = await getSessionRoute(
      { ...config, debug: true, logger: logs.logger },
      { [V4_COOKIE]: v4Token },
    );
    expect(await response.json()).toBeNull();
    expect(issued(response)).toEqual([]);
    expect(cleared(response)).toEqual([V4_COOKIE]);
    expect(logs.debugs.map(({ message }) => message)).toContain(
      "A next-auth v4 session cookie was issued before its user's address was proven; refusing it",
    );
    const page = new Request(`${HTTP_APP}/page`, { headers: { cookie: `${V4_COOKIE}=${v4Token}` } });
    expect(await getSession(page, config)).toBeNull();
  });

  it("of a user proven before v4 issued the token is adopted unmarked, signed in at its iat by no known method", async () => {
    const { config, v4Token } = await storedUserApp(new Date(MINTED.valueOf() - 24 * 60 * 60 * 1000));
    const jar = new CookieJar({ [V4_COOKIE]: v4Token });
    jar.apply(await getSessionRoute(config, { [V4_COOKIE]: v4Token }));
    const token = await getSessionToken(pageRequest(jar), config);
    expect(token).toMatchObject({ sub: "user-v4", amr: [], auth_time: mintedAt });
    expect(token?.emailUnverified).toBeUndefined();
    // v4 recorded no method: a step-up that asks for one finds none.
    expect(await requireRecentAuth(pageRequest(jar), config)).toEqual({
      ok: true,
      userId: "user-v4",
      amr: [],
      authTime: mintedAt,
    });
  });

  it("whose user is no longer stored is adopted unmarked, as a latchkey JWT of that user still reads", async () => {
    const { config, v4Token } = await storedUserApp(null, (adapter) => ({
      ...adapter,
      getUser: async () => null,
    }));
    const jar = new CookieJar({ [V4_COOKIE]: v4Token });
    const response = await getSessionRoute(config, { [V4_COOKIE]: v4Token });
    expect(((await response.json()) as { user: { id: string } }).user.id).toBe("user-v4");
    expect(issued(response)).toEqual([V5_COOKIE]);
    jar.apply(response);
    const token = await getSessionToken(pageRequest(jar), config);
    expect(token?.sub).toBe("user-v4");
    expect(token?.emailUnverified).toBeUndefined();
  });

  it("with an empty subject is adopted without a user lookup", async () => {
    const getUser = vi.fn(async () => null);
    const { config } = await storedUserApp(null, (adapter) => ({ ...adapter, getUser }));
    const v4Token = await v4.jwt.encode({ token: { ...v4Claims, sub: "" }, secret: SECRET });
    const response = await getSessionRoute(config, { [V4_COOKIE]: v4Token });
    expect(await response.json()).not.toBeNull();
    expect(getUser).not.toHaveBeenCalled();
  });

  it("report a failing user lookup as that adapter step", async () => {
    const logs = recordingLogger();
    const { config, v4Token } = await storedUserApp(null, (adapter) => ({
      ...adapter,
      getUser: () => Promise.reject(new Error("database down")),
    }));
    await getSessionRoute({ ...config, logger: logs.logger }, { [V4_COOKIE]: v4Token });
    expect(logs.text()).toContain("The adapter failed to find an adopted session's user.");
  });

  it("on an app without a user store carry no address mark (there is nothing to judge it by)", async () => {
    const v4Token = await v4.jwt.encode({ token: v4Claims, secret: SECRET });
    vi.setSystemTime(SWITCHED);
    const config = migrating();
    const jar = new CookieJar({ [V4_COOKIE]: v4Token });
    jar.apply(await getSessionRoute(config, { [V4_COOKIE]: v4Token }));
    const token = await getSessionToken(pageRequest(jar), config);
    expect(token).toMatchObject({ sub: "user-v4", amr: [], auth_time: mintedAt });
    expect(token?.emailUnverified).toBeUndefined();
  });
});
