/**
 * `getAccessToken` at its edges, against the real OpenID Provider: which sessions and accounts it
 * accepts, when a token counts as due (60 s before `expires_at`), and what a refresh leaves behind —
 * on the account row (database sessions) or in the re-issued session cookie (JWT sessions), with
 * the token response trimmed by the provider's `token.conform` where a real provider may omit fields.
 */
import { decodeJwt, generateKeyPair, SignJWT } from "jose";
import * as oauth from "oauth4webapi";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createMemoryTables, MemoryAdapter } from "../../../src/adapters/memory.js";
import type { Adapter, AdapterAccount } from "../../../src/adapters/types.js";
import {
  type AuthConfig,
  getAccessToken,
  InvalidConfig,
  InvalidProvider,
  NoProviderAccount,
  NotSignedIn,
  RefreshTokenRejected,
  TokenRefreshError,
} from "../../../src/index.js";
import { decode, encode } from "../../../src/jwt/index.js";
import type { JWT } from "../../../src/jwt/types.js";
import GitHub from "../../../src/providers/github.js";
import type { OIDCConfig } from "../../../src/providers/types.js";
import { MemoryStore } from "../../../src/rate-limit/index.js";
import { aliceCredentials, CookieJar, SECRET } from "../../core/helpers.js";
import { APP, newBrowser, signInAtOP } from "./browser.js";
import { providerAt, startOP, type TestOP } from "./op.js";

const SESSION_COOKIE = "authjs.session-token";
const HOUR = 3600;

let op: TestOP;
beforeAll(async () => {
  op = await startOP();
});
afterAll(() => op.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Freezes `Date` (only) on a whole second, so `expires_at` can sit exactly on the 60 s edge. */
function freezeClock(): number {
  const now = Math.ceil(Date.now() / 1000);
  vi.useFakeTimers({ toFake: ["Date"], now: now * 1000 });
  return now;
}

const opProvider = (overrides: Partial<OIDCConfig> = {}): OIDCConfig => providerAt(op, overrides);

/**
 * A `token.conform` that leaves the first token response (the sign-in's code grant) alone and
 * rewrites every later one (the refreshes) with `edit`.
 */
function onRefresh(edit: (response: Response) => Response | Promise<Response>): OIDCConfig["token"] {
  let responses = 0;
  return { conform: (response) => (responses++ === 0 ? response : edit(response)) };
}

/** Refresh responses without `fields`. */
function dropping(...fields: string[]): OIDCConfig["token"] {
  return onRefresh(async (response) => {
    const body = (await response.json()) as Record<string, unknown>;
    for (const field of fields) delete body[field];
    return Response.json(body, { status: response.status });
  });
}

function requestWith(jar: CookieJar): Request {
  return new Request(`${APP}/api/repos`, { headers: { cookie: jar.header() } });
}

// ---------------------------------------------------------------------------------------------
// Database sessions, with the rows written straight through the adapter.

type MemoryAdapterInstance = ReturnType<typeof MemoryAdapter>;

interface DatabaseApp {
  config: AuthConfig;
  adapter: Adapter;
  jar: CookieJar;
  account(): Promise<AdapterAccount | null>;
}

async function databaseApp(
  account: Partial<AdapterAccount> | null,
  options: {
    sessionExpires?: Date;
    providers?: AuthConfig["providers"];
    adapter?: MemoryAdapterInstance;
    /** The user's accounts elsewhere, linked before this one. */
    others?: AdapterAccount[];
  } = {},
): Promise<DatabaseApp> {
  const adapter = options.adapter ?? MemoryAdapter(createMemoryTables());
  const user = await adapter.createUser({
    id: "user-alice",
    email: "alice@example.test",
    emailVerified: null,
  });
  for (const other of options.others ?? []) await adapter.linkAccount({ ...other, userId: user.id });
  if (account) {
    await adapter.linkAccount({
      userId: user.id,
      type: "oidc",
      provider: "op",
      providerAccountId: "alice",
      ...account,
    } as AdapterAccount);
  }
  await adapter.createSession({
    sessionToken: "session-alice-0123456789",
    userId: user.id,
    expires: options.sessionExpires ?? new Date(Date.now() + 24 * HOUR * 1000),
  });
  return {
    config: {
      providers: options.providers ?? [opProvider()],
      secret: SECRET,
      trustHost: true,
      adapter,
      session: { strategy: "database" },
    },
    adapter,
    jar: new CookieJar({ [SESSION_COOKIE]: "session-alice-0123456789" }),
    account: async () => (await adapter.getAccount?.("alice", "op")) ?? null,
  };
}

/** Alice signed in at the OP for real (so her refresh token is one the OP will redeem), on a database. */
async function signedInOnDatabase(overrides: Partial<OIDCConfig> = {}) {
  const tables = createMemoryTables();
  const config: AuthConfig = {
    providers: [opProvider(overrides)],
    secret: SECRET,
    trustHost: true,
    adapter: MemoryAdapter(tables),
    session: { strategy: "database" },
  };
  const browser = newBrowser();
  expect((await signInAtOP(config, browser, "op", "alice")).status).toBe(302);
  const row = () => [...tables.accounts.values()][0] as AdapterAccount;
  /** Makes the stored access token due now. */
  const expire = () => {
    row().expires_at = Math.floor(Date.now() / 1000);
  };
  return { config, tables, jar: browser.app, row, expire };
}

describe("database sessions", () => {
  it("hands out a stored token that is not due, as stored, without asking the provider", async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + HOUR;
    const app = await databaseApp({ access_token: "at-stored", expires_at: expiresAt, refresh_token: "rt" });
    const before = op.tokenRequests.refresh_token;
    expect(await getAccessToken(requestWith(app.jar), app.config, "op")).toEqual({
      accessToken: "at-stored",
      expiresAt,
      cookies: [],
    });
    expect(op.tokenRequests.refresh_token).toBe(before);
  });

  it("treats a token without expires_at as never due", async () => {
    const app = await databaseApp({ access_token: "at-forever" });
    expect(await getAccessToken(requestWith(app.jar), app.config, "op")).toEqual({
      accessToken: "at-forever",
      expiresAt: undefined,
      cookies: [],
    });
  });

  it("reads an account row with SQL NULLs as a token without expiry or refresh token", async () => {
    const nulls = { expires_at: null, refresh_token: null, token_type: null, scope: null } as never;
    const app = await databaseApp({ access_token: "at", ...(nulls as object) });
    expect(await getAccessToken(requestWith(app.jar), app.config, "op")).toEqual({
      accessToken: "at",
      expiresAt: undefined,
      cookies: [],
    });
    const due = await databaseApp({ access_token: "at", expires_at: 0, refresh_token: null as never });
    await expect(getAccessToken(requestWith(due.jar), due.config, "op")).rejects.toThrow(
      'The access token from provider "op" has expired and there is no refresh token',
    );
  });

  it("counts a token as due from 60 s before it expires: it is then refreshed", async () => {
    const now = freezeClock();
    const early = await databaseApp({ access_token: "at", expires_at: now + 61 });
    expect((await getAccessToken(requestWith(early.jar), early.config, "op")).accessToken).toBe("at");

    const due = await databaseApp({ access_token: "at", expires_at: now + 60 });
    await expect(getAccessToken(requestWith(due.jar), due.config, "op")).rejects.toThrow(
      'The access token from provider "op" has expired and there is no refresh token; the user must sign in with it again.',
    );
    // With a refresh token, a due token is redeemed at the provider (which refuses this made-up one).
    const refreshable = await databaseApp({
      access_token: "at",
      expires_at: now + 60,
      refresh_token: "made-up",
    });
    const before = op.tokenRequests.refresh_token;
    await expect(
      getAccessToken(requestWith(refreshable.jar), refreshable.config, "op"),
    ).rejects.toBeInstanceOf(RefreshTokenRejected);
    expect(op.tokenRequests.refresh_token).toBe(before + 1);
  });

  it("refuses a session that expires this very millisecond, and accepts one a millisecond younger", async () => {
    const now = freezeClock();
    const account = { access_token: "at" };
    const over = await databaseApp(account, { sessionExpires: new Date(now * 1000) });
    await expect(getAccessToken(requestWith(over.jar), over.config, "op")).rejects.toThrow(
      "The request carries no valid session.",
    );
    const live = await databaseApp(account, { sessionExpires: new Date(now * 1000 + 1) });
    expect((await getAccessToken(requestWith(live.jar), live.config, "op")).accessToken).toBe("at");
  });

  it("answers NotSignedIn without a session cookie, and for a session token nobody stored", async () => {
    const app = await databaseApp({ access_token: "at" });
    await expect(getAccessToken(requestWith(new CookieJar()), app.config, "op")).rejects.toThrow(
      new NotSignedIn("The request carries no valid session."),
    );
    const stranger = new CookieJar({ [SESSION_COOKIE]: "session-nobody-0123456789" });
    await expect(getAccessToken(requestWith(stranger), app.config, "op")).rejects.toBeInstanceOf(NotSignedIn);
  });

  it("answers NoProviderAccount when the user's account there has no access token, or there is none", async () => {
    const noToken = await databaseApp({ refresh_token: "rt" });
    await expect(getAccessToken(requestWith(noToken.jar), noToken.config, "op")).rejects.toThrow(
      new NoProviderAccount('The signed-in user has no access token from provider "op".'),
    );
    const noAccount = await databaseApp(null);
    await expect(getAccessToken(requestWith(noAccount.jar), noAccount.config, "op")).rejects.toBeInstanceOf(
      NoProviderAccount,
    );
  });

  it("picks the account at the asked provider, not the user's first account", async () => {
    const other = {
      type: "oidc",
      provider: "other",
      providerAccountId: "alice-elsewhere",
      access_token: "at-other",
    };
    const app = await databaseApp({ access_token: "at-op" }, { others: [other as AdapterAccount] });
    expect((await getAccessToken(requestWith(app.jar), app.config, "op")).accessToken).toBe("at-op");
  });

  it("refuses a provider id that is unknown or not OAuth, before reading the session", async () => {
    const app = await databaseApp({ access_token: "at" }, { providers: [opProvider(), aliceCredentials()] });
    await expect(getAccessToken(requestWith(app.jar), app.config, "nope")).rejects.toThrow(
      new InvalidProvider('No OAuth or OpenID Connect provider has the id "nope".'),
    );
    await expect(getAccessToken(requestWith(app.jar), app.config, "credentials")).rejects.toBeInstanceOf(
      InvalidProvider,
    );
  });

  it("serves a plain OAuth 2.0 provider's token too", async () => {
    const github = GitHub({ clientId: "id", clientSecret: "secret" });
    const adapter = MemoryAdapter(createMemoryTables());
    const app = await databaseApp(null, { providers: [github], adapter });
    await adapter.linkAccount({
      userId: "user-alice",
      type: "oauth",
      provider: github.id,
      providerAccountId: "1",
      access_token: "gho_token",
    });
    expect((await getAccessToken(requestWith(app.jar), app.config, github.id)).accessToken).toBe("gho_token");
  });

  it("stores the refreshed tokens on the account: the next call hands them out without a refresh", async () => {
    const { config, jar, row, expire } = await signedInOnDatabase();
    const original = { ...row() };
    row().id_token = "id-token-of-the-sign-in";
    expire();
    const before = op.tokenRequests.refresh_token;
    const refreshed = await getAccessToken(requestWith(jar), config, "op");
    expect(op.tokenRequests.refresh_token).toBe(before + 1);
    expect(refreshed.cookies).toEqual([]);
    expect(refreshed.accessToken).not.toBe(original.access_token);
    // The OP's access tokens live an hour.
    expect(refreshed.expiresAt).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + HOUR - 5);
    expect(row()).toMatchObject({
      access_token: refreshed.accessToken,
      expires_at: refreshed.expiresAt,
      token_type: "bearer",
      scope: original.scope,
    });
    expect(row().refresh_token).not.toBe(original.refresh_token);
    // A refreshed ID token (OpenID Connect Core §12.2) replaces the stored one.
    expect(row().id_token).toMatch(/^eyJ/);

    const again = await getAccessToken(requestWith(jar), config, "op");
    expect(again).toEqual(refreshed);
    expect(op.tokenRequests.refresh_token).toBe(before + 1);
  });

  it("keeps the stored refresh token when the refresh response carries none (RFC 6749 §6)", async () => {
    const { config, jar, row, expire } = await signedInOnDatabase({ token: dropping("refresh_token") });
    const original = { ...row() };
    expire();
    const refreshed = await getAccessToken(requestWith(jar), config, "op");
    expect(refreshed.accessToken).not.toBe(original.access_token);
    expect(row().refresh_token).toBe(original.refresh_token);
  });

  it("forgets the old expiry when the refresh response gives none: the new token is not due", async () => {
    const { config, jar, row, expire } = await signedInOnDatabase({ token: dropping("expires_in") });
    expire();
    const before = op.tokenRequests.refresh_token;
    const refreshed = await getAccessToken(requestWith(jar), config, "op");
    expect(refreshed.expiresAt).toBeUndefined();
    expect(row().expires_at).toBeUndefined();
    expect(await getAccessToken(requestWith(jar), config, "op")).toEqual(refreshed);
    expect(op.tokenRequests.refresh_token).toBe(before + 1);
  });

  it("keeps the refresh token when the refresh fails for another reason than invalid_grant", async () => {
    const busy = onRefresh(() => new Response("busy", { status: 503 }));
    const { config, jar, row, expire } = await signedInOnDatabase({ token: busy });
    const original = { ...row() };
    expire();
    const failure = await getAccessToken(requestWith(jar), config, "op").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TokenRefreshError);
    expect((failure as Error).message).toBe('Refreshing the access token of provider "op" failed.');
    expect(row().refresh_token).toBe(original.refresh_token);
  });

  it("reports another OAuth error of the token endpoint as TokenRefreshError, with the provider's answer as cause", async () => {
    const refused = onRefresh(() => Response.json({ error: "invalid_scope" }, { status: 400 }));
    const { config, jar, row, expire } = await signedInOnDatabase({ token: refused });
    const original = { ...row() };
    expire();
    const failure = await getAccessToken(requestWith(jar), config, "op").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TokenRefreshError);
    expect((failure as Error).cause).toBeInstanceOf(oauth.ResponseBodyError);
    expect(((failure as Error).cause as oauth.ResponseBodyError).error).toBe("invalid_scope");
    expect(row().refresh_token).toBe(original.refresh_token);
  });

  it("reports invalid_grant with the provider's answer as cause, and says to sign in again", async () => {
    const app = await databaseApp({ access_token: "at", expires_at: 0, refresh_token: "made-up" });
    const failure = await getAccessToken(requestWith(app.jar), app.config, "op").catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(RefreshTokenRejected);
    expect((failure as Error).message).toBe(
      'Provider "op" refused the refresh token (invalid_grant); the user must sign in again.',
    );
    expect(((failure as Error).cause as oauth.ResponseBodyError).error).toBe("invalid_grant");
    // Forgotten: nobody redeems it again.
    expect((await app.account())?.refresh_token).toBeUndefined();
  });

  it("passes a configuration error through as itself, not as a failed refresh", async () => {
    const unkeyed = opProvider({ client: { token_endpoint_auth_method: "private_key_jwt" } });
    const app = await databaseApp(
      { access_token: "at", expires_at: 0, refresh_token: "rt" },
      { providers: [unkeyed] },
    );
    await expect(getAccessToken(requestWith(app.jar), app.config, "op")).rejects.toBeInstanceOf(
      InvalidConfig,
    );
    expect((await app.account())?.refresh_token).toBe("rt");
  });

  it("verifies a refreshed ID token like the first one (OpenID Connect Core §12.2)", async () => {
    const forged = onRefresh(async (response) => {
      const body = (await response.json()) as Record<string, unknown>;
      // Claims intact, but signed with a key the issuer never published, under the issuer's kid.
      const { privateKey } = await generateKeyPair("RS256");
      body.id_token = await new SignJWT({ ...decodeJwt(body.id_token as string) })
        .setProtectedHeader({ alg: "RS256", kid: op.signingKey.kid })
        .sign(privateKey);
      return Response.json(body);
    });
    const { config, jar, row, expire } = await signedInOnDatabase({ token: forged });
    const original = { ...row() };
    expire();
    await expect(getAccessToken(requestWith(jar), config, "op")).rejects.toBeInstanceOf(TokenRefreshError);
    expect(row().access_token).toBe(original.access_token);
  });

  it.each<[keyof Adapter, string]>([
    ["getSessionAndUser", "read the session"],
    ["listAccountsByUserId", "list the user's accounts"],
    ["getAccount", "read the account"],
  ])("says which step failed when the adapter's %s fails", async (method, step) => {
    const memory = MemoryAdapter(createMemoryTables());
    const broken = {
      ...memory,
      [method]: () => {
        throw new Error("database down");
      },
    };
    const app = await databaseApp(
      { access_token: "at", expires_at: 0, refresh_token: "rt" },
      { adapter: broken },
    );
    await expect(getAccessToken(requestWith(app.jar), app.config, "op")).rejects.toThrow(
      `The adapter failed to ${step}.`,
    );
  });

  it("says so when the adapter cannot store the refreshed tokens", async () => {
    const { config, jar, expire } = await signedInOnDatabase();
    expire();
    const adapter: Adapter = {
      ...config.adapter,
      updateAccount: () => {
        throw new Error("database down");
      },
    };
    await expect(getAccessToken(requestWith(jar), { ...config, adapter }, "op")).rejects.toThrow(
      "The adapter failed to store the refreshed tokens.",
    );
  });

  it("still reports a refused refresh token when the adapter cannot forget it", async () => {
    const tables = createMemoryTables();
    const memory = MemoryAdapter(tables);
    const adapter: MemoryAdapterInstance = {
      ...memory,
      updateAccount: () => {
        throw new Error("database down");
      },
    };
    const app = await databaseApp(
      { access_token: "at", expires_at: Math.floor(Date.now() / 1000), refresh_token: "made-up" },
      { adapter },
    );
    await expect(getAccessToken(requestWith(app.jar), app.config, "op")).rejects.toBeInstanceOf(
      RefreshTokenRejected,
    );
    expect((await app.account())?.refresh_token).toBe("made-up");
  });

  it("hands out refreshed tokens even with an adapter that cannot store them", async () => {
    const { config, jar, row, expire } = await signedInOnDatabase();
    const withoutUpdate: AuthConfig = { ...config, adapter: { ...config.adapter, updateAccount: undefined } };
    const original = { ...row() };
    expire();
    const refreshed = await getAccessToken(requestWith(jar), withoutUpdate, "op");
    expect(refreshed.accessToken).not.toBe(original.access_token);
    expect(row().access_token).toBe(original.access_token);
  });

  it("takes the tokens another instance stored while this one waited, instead of refreshing again", async () => {
    const { config, jar, tables, row, expire } = await signedInOnDatabase();
    expire();
    // Instance B read alice's (due) account before instance A's refresh landed; the instances share
    // the database but not a store, so B learns of A's refresh only from the account row.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const memory = MemoryAdapter(tables);
    const lagging: Adapter = {
      ...memory,
      listAccountsByUserId: async (userId) => {
        const accounts = await memory.listAccountsByUserId?.(userId);
        await gate;
        return accounts ?? [];
      },
    };
    const b = getAccessToken(
      requestWith(jar),
      { ...config, adapter: lagging, store: new MemoryStore() },
      "op",
    );
    const before = op.tokenRequests.refresh_token;
    const a = await getAccessToken(requestWith(jar), config, "op");
    release();
    expect(await b).toEqual(a);
    expect(op.tokenRequests.refresh_token).toBe(before + 1);
    expect(row().access_token).toBe(a.accessToken);
  });
});

// ---------------------------------------------------------------------------------------------
// JWT sessions: the tokens ride in the session cookie.

async function sessionJar(claims: JWT): Promise<CookieJar> {
  const token = await encode({ token: claims, secret: SECRET, salt: SESSION_COOKIE, maxAge: HOUR });
  return new CookieJar({ [SESSION_COOKIE]: token });
}

function jwtConfig(overrides: Partial<OIDCConfig> = {}, extra: Partial<AuthConfig> = {}): AuthConfig {
  return { providers: [opProvider(overrides)], secret: SECRET, trustHost: true, ...extra };
}

async function sessionIn(cookies: { name: string; value: string }[]): Promise<JWT> {
  const cookie = cookies.find((candidate) => candidate.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`no ${SESSION_COOKIE} among ${cookies.map((c) => c.name).join(", ")}`);
  const token = await decode({ token: cookie.value, secret: SECRET, salt: SESSION_COOKIE });
  if (!token) throw new Error("the re-issued session cookie does not open");
  return token;
}

/** The provider tokens a re-issued session cookie carries, by provider id. */
async function providerTokensIn(
  cookies: { name: string; value: string }[],
): Promise<Record<string, Record<string, unknown>>> {
  return (await sessionIn(cookies)).providerTokens as Record<string, Record<string, unknown>>;
}

/** Alice signed in at the OP for real, JWT sessions; `due()` is her cookie with the access token made due. */
async function signedInWithJwt(overrides: Partial<OIDCConfig> = {}, extra: Partial<AuthConfig> = {}) {
  const config = jwtConfig(overrides, extra);
  const browser = newBrowser();
  expect((await signInAtOP(config, browser, "op", "alice")).status).toBe(302);
  const session = (await decode({
    token: browser.app.get(SESSION_COOKIE),
    secret: SECRET,
    salt: SESSION_COOKIE,
  })) as JWT;
  const tokens = (session.providerTokens as Record<string, Record<string, unknown>>).op as Record<
    string,
    unknown
  >;
  const due = (more: Record<string, unknown> = {}) =>
    sessionJar({
      ...session,
      providerTokens: {
        ...(more.providerTokens as object),
        op: { ...tokens, expires_at: Math.floor(Date.now() / 1000) },
      },
    });
  return { config, session, tokens, due };
}

describe("JWT sessions", () => {
  it("hands out the session's token that is not due, with no cookies to set", async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + HOUR;
    const jar = await sessionJar({
      sub: "alice",
      providerTokens: { op: { providerAccountId: "alice", access_token: "at-jwt", expires_at: expiresAt } },
    });
    expect(await getAccessToken(requestWith(jar), jwtConfig(), "op")).toEqual({
      accessToken: "at-jwt",
      expiresAt,
      cookies: [],
    });
  });

  it("answers NotSignedIn without a readable session cookie", async () => {
    await expect(getAccessToken(requestWith(new CookieJar()), jwtConfig(), "op")).rejects.toThrow(
      new NotSignedIn("The request carries no valid session."),
    );
    const forged = new CookieJar({ [SESSION_COOKIE]: "not-a-jwe" });
    await expect(getAccessToken(requestWith(forged), jwtConfig(), "op")).rejects.toBeInstanceOf(NotSignedIn);
  });

  it.each<[string, unknown]>([
    ["no provider tokens at all", undefined],
    ["a claim that is not an object", "at"],
    ["a null claim", null],
    ["tokens of another provider only", { other: { providerAccountId: "alice", access_token: "at" } }],
    ["a null entry", { op: null }],
    ["an access token that is not a string", { op: { providerAccountId: "alice", access_token: 42 } }],
    ["no providerAccountId", { op: { access_token: "at" } }],
  ])("answers NoProviderAccount for a session with %s", async (_, providerTokens) => {
    const jar = await sessionJar({
      sub: "alice",
      ...(providerTokens === undefined ? {} : { providerTokens }),
    });
    await expect(getAccessToken(requestWith(jar), jwtConfig(), "op")).rejects.toBeInstanceOf(
      NoProviderAccount,
    );
  });

  it("refuses a due token without a refresh token, naming the provider", async () => {
    const now = freezeClock();
    const jar = await sessionJar({
      sub: "alice",
      providerTokens: { op: { providerAccountId: "alice", access_token: "at", expires_at: now + 60 } },
    });
    await expect(getAccessToken(requestWith(jar), jwtConfig(), "op")).rejects.toThrow(
      new NoProviderAccount(
        'The access token from provider "op" has expired and there is no refresh token; the user must sign in with it again.',
      ),
    );
  });

  it("re-issues the session cookie with the refreshed tokens, keeping the other claims and providers", async () => {
    const { config, session, tokens, due } = await signedInWithJwt();
    const elsewhere = { providerAccountId: "a-1", access_token: "at-elsewhere" };
    const jar = await due({ providerTokens: { elsewhere } });
    const refreshed = await getAccessToken(requestWith(jar), config, "op");
    expect(refreshed.accessToken).not.toBe(tokens.access_token);
    expect(refreshed.expiresAt).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + HOUR - 5);

    const reissued = await sessionIn(refreshed.cookies);
    expect(reissued.sub).toBe(session.sub);
    expect(reissued.email).toBe(session.email);
    const all = reissued.providerTokens as Record<string, Record<string, unknown>>;
    expect(all.elsewhere).toEqual(elsewhere);
    expect(all.op).toEqual({
      providerAccountId: tokens.providerAccountId,
      access_token: refreshed.accessToken,
      refresh_token: expect.any(String),
      expires_at: refreshed.expiresAt,
      token_type: "bearer",
      scope: tokens.scope,
      // The sign-in's, which the refreshed ID token repeated (OpenID Connect Core §12.2).
      id_token_iss: op.issuer,
      id_token_sub: "alice",
    });
    // The OP rotates refresh tokens; the session keeps the new one. ID tokens stay out of the cookie.
    expect(all.op?.refresh_token).not.toBe(tokens.refresh_token);
  });

  it("keeps the session's refresh token, and drops its expiry, when the response carries neither", async () => {
    const { config, tokens, due } = await signedInWithJwt({ token: dropping("refresh_token", "expires_in") });
    const refreshed = await getAccessToken(requestWith(await due()), config, "op");
    expect(refreshed.expiresAt).toBeUndefined();
    const op = (await providerTokensIn(refreshed.cookies)).op;
    expect(op?.refresh_token).toBe(tokens.refresh_token);
    expect(op).not.toHaveProperty("expires_at");
  });

  it("hands a caller still holding the old cookie the tokens of the refresh already made, for a minute", async () => {
    let storeClock = Date.now();
    const store = new MemoryStore({ now: () => storeClock });
    const { config, due } = await signedInWithJwt({}, { store });
    const jar = await due();
    const before = op.tokenRequests.refresh_token;
    const first = await getAccessToken(requestWith(jar), config, "op");
    // Another instance sharing the store, asked with the same (old) cookie a moment before the minute is up.
    storeClock += 59_999;
    const second = await getAccessToken(requestWith(jar), jwtConfig({}, { store }), "op");
    expect(op.tokenRequests.refresh_token).toBe(before + 1);
    expect(second.accessToken).toBe(first.accessToken);
    expect(second.expiresAt).toBe(first.expiresAt);
    expect(await providerTokensIn(second.cookies)).toEqual(await providerTokensIn(first.cookies));

    // Once the minute is up, the store has forgotten it: the old refresh token is redeemed again,
    // and the OP, which rotated it away, refuses it.
    storeClock += 1;
    await expect(getAccessToken(requestWith(jar), jwtConfig({}, { store }), "op")).rejects.toBeInstanceOf(
      RefreshTokenRejected,
    );
    expect(op.tokenRequests.refresh_token).toBe(before + 2);
  });

  it("shares a refresh's result only with callers holding the same refresh token", async () => {
    const store = new MemoryStore();
    const { config, due } = await signedInWithJwt({}, { store });
    await getAccessToken(requestWith(await due()), config, "op");
    const bob = await sessionJar({
      sub: "bob",
      providerTokens: {
        op: { providerAccountId: "bob", access_token: "at-bob", expires_at: 0, refresh_token: "made-up" },
      },
    });
    await expect(getAccessToken(requestWith(bob), jwtConfig({}, { store }), "op")).rejects.toBeInstanceOf(
      RefreshTokenRejected,
    );
  });

  it("does not trust a shared result past its minute, even from a store that still holds it", async () => {
    const store = new MemoryStore({ now: () => 0 });
    const { config, due } = await signedInWithJwt({}, { store });
    const jar = await due();
    await getAccessToken(requestWith(jar), config, "op");
    // The sealed result expires with the minute (plus the 15 s clock tolerance of sealed tokens).
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 76_000 });
    await expect(
      getAccessToken(requestWith(await due()), jwtConfig({}, { store }), "op"),
    ).rejects.toBeInstanceOf(RefreshTokenRejected);
  });

  it("does not take another secret's shared result: it refreshes itself", async () => {
    const store = new MemoryStore();
    const { config, due } = await signedInWithJwt({}, { store });
    const jar = await due();
    const first = await getAccessToken(requestWith(jar), config, "op");
    // Same store, different app (another secret): the sealed result does not open, so this one redeems
    // the refresh token itself, which the OP already rotated away.
    const otherSecret = "another-app-secret-0123456789abcdefghijklmnopqrstuvwxyz";
    const otherJar = new CookieJar({
      [SESSION_COOKIE]: await encode({
        token: (await decode({
          token: jar.get(SESSION_COOKIE),
          secret: SECRET,
          salt: SESSION_COOKIE,
        })) as JWT,
        secret: otherSecret,
        salt: SESSION_COOKIE,
        maxAge: HOUR,
      }),
    });
    const other = getAccessToken(
      requestWith(otherJar),
      { ...jwtConfig({}, { store }), secret: otherSecret },
      "op",
    );
    await expect(other).rejects.toBeInstanceOf(RefreshTokenRejected);
    expect(first.accessToken).toEqual(expect.any(String));
  });
});
