/**
 * `getAccessToken` against a real OpenID Provider whose access tokens (client `latchkey-short`)
 * always fall inside the 60 s refresh window: two app instances sharing Redis make exactly one
 * refresh for twenty concurrent callers, rotated refresh tokens are stored (account row or session
 * token), and a refused refresh token is reported.
 */
import { Redis } from "ioredis";
import { decodeJwt, SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createMemoryTables, MemoryAdapter } from "../../../src/adapters/memory.js";
import {
  type AuthConfig,
  AuthError,
  getAccessToken,
  LockTimeout,
  NoProviderAccount,
  NotSignedIn,
  RefreshTokenRejected,
  type SessionStrategy,
  TokenRefreshError,
} from "../../../src/index.js";
import OIDC from "../../../src/providers/oidc.js";
import type { OIDCConfig } from "../../../src/providers/types.js";
import { RedisStore } from "../../../src/rate-limit/index.js";
import { CookieJar, SECRET } from "../../core/helpers.js";
import { APP, newBrowser, signInAtOP } from "./browser.js";
import { CLIENT_SECRET, startOP, type TestOP } from "./op.js";

let op: TestOP;
const connections: Redis[] = [];
beforeAll(async () => {
  op = await startOP();
});
afterAll(async () => {
  await op.close();
  await Promise.all(connections.map((redis) => redis.quit()));
});

/** The shipped RedisStore on the machine's Redis; `prefix` (ioredis `keyPrefix`) keeps each test's keys apart. */
function redisStore(prefix: string): RedisStore {
  const redis = new Redis({
    host: "127.0.0.1",
    port: 6379,
    lazyConnect: false,
    maxRetriesPerRequest: 2,
    keyPrefix: prefix,
  });
  connections.push(redis);
  return new RedisStore(redis);
}

function provider(overrides: Partial<OIDCConfig> = {}): OIDCConfig {
  return OIDC({
    id: "op",
    name: "Test OP",
    issuer: op.issuer,
    clientId: "latchkey-short",
    clientSecret: CLIENT_SECRET,
    ...overrides,
  });
}

/** Two configs that behave as two app instances: one database (shared tables) and one Redis. */
function twoInstances(strategy: SessionStrategy, overrides: Partial<OIDCConfig> = {}) {
  const prefix = `latchkey-test:${crypto.randomUUID()}:`;
  const tables = createMemoryTables();
  const instance = (): AuthConfig => ({
    providers: [provider(overrides)],
    secret: SECRET,
    trustHost: true,
    session: { strategy },
    store: redisStore(prefix),
    ...(strategy === "database" ? { adapter: MemoryAdapter(tables) } : {}),
  });
  return { a: instance(), b: instance(), tables };
}

function requestWith(jar: CookieJar): Request {
  return new Request(`${APP}/api/repos`, { headers: { cookie: jar.header() } });
}

/** Redeems a refresh token at the OP directly, as a second client of the same grant would. */
async function redeemAtOP(refreshToken: string): Promise<Response> {
  return fetch(`${op.issuer}/token`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${btoa(`latchkey-short:${CLIENT_SECRET}`)}`,
    },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken }),
  });
}

describe.each<SessionStrategy>(["database", "jwt"])("%s sessions", (strategy) => {
  it("makes exactly one refresh for 20 concurrent callers across two instances sharing Redis, and all get its token", async () => {
    const { a, b, tables } = twoInstances(strategy);
    const browser = newBrowser();
    await signInAtOP(a, browser, "op", "alice");
    const before = op.tokenRequests.refresh_token;
    const original = strategy === "database" ? [...tables.accounts.values()][0] : undefined;

    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        getAccessToken(requestWith(browser.app), index % 2 ? a : b, "op"),
      ),
    );

    expect(op.tokenRequests.refresh_token - before).toBe(1);
    const tokens = new Set(results.map((result) => result.accessToken));
    expect(tokens.size).toBe(1);
    if (original) {
      const stored = [...tables.accounts.values()][0];
      expect(stored?.access_token).toBe(results[0]?.accessToken);
      expect(stored?.access_token).not.toBe(original.access_token);
      // The OP rotates refresh tokens: the new one is stored, the old one is gone.
      expect(stored?.refresh_token).not.toBe(original.refresh_token);
      expect(typeof stored?.refresh_token).toBe("string");
      expect(results.every((result) => result.cookies.length === 0)).toBe(true);
    } else {
      expect(results.every((result) => result.cookies.length > 0)).toBe(true);
    }
  });

  it("stores the rotated refresh token, so the next refresh redeems the new one", async () => {
    const { a } = twoInstances(strategy);
    const browser = newBrowser();
    await signInAtOP(a, browser, "op", "alice");
    const first = await getAccessToken(requestWith(browser.app), a, "op");
    browser.app.apply(first.cookies.map(serializeForJar));
    const before = op.tokenRequests.refresh_token;
    // latchkey-short's tokens are always due: this refreshes again, with the rotated refresh token
    // (the OP would answer invalid_grant, and revoke the grant, for the old one).
    const second = await getAccessToken(requestWith(browser.app), a, "op");
    expect(op.tokenRequests.refresh_token - before).toBe(1);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.expiresAt).toBeGreaterThan(Date.now() / 1000);
  });

  it("reports invalid_grant as RefreshTokenRejected: the user must sign in again", async () => {
    const { a, tables } = twoInstances(strategy);
    const browser = newBrowser();
    const signIn = await signInAtOP(a, browser, "op", "alice");
    expect(signIn.status).toBe(302);
    const refreshToken =
      strategy === "database"
        ? ([...tables.accounts.values()][0]?.refresh_token as string)
        : await refreshTokenInCookie(browser.app);
    // Someone else redeems it first; the OP rotates it away.
    expect((await redeemAtOP(refreshToken)).status).toBe(200);

    await expect(getAccessToken(requestWith(browser.app), a, "op")).rejects.toBeInstanceOf(
      RefreshTokenRejected,
    );
    if (strategy === "database") {
      // The refused token is forgotten: the next call says there is nothing to refresh with.
      expect([...tables.accounts.values()][0]?.refresh_token).toBeUndefined();
      await expect(getAccessToken(requestWith(browser.app), a, "op")).rejects.toBeInstanceOf(
        NoProviderAccount,
      );
    }
  });

  describe("a refreshed ID token (OpenID Connect Core §12.2)", () => {
    afterEach(() => {
      op.rewrite = undefined;
    });

    /** Re-signs the refreshed ID token's claims, changed by `edit`, with the issuer's real key. */
    const resigned = (edit: (claims: Record<string, unknown>) => void) => async (idToken: string) => {
      const claims = { ...decodeJwt(idToken) } as Record<string, unknown>;
      edit(claims);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: op.signingKey.kid })
        .sign(op.signingKey.privateKey);
    };

    async function signedInThroughProxy() {
      const { a, tables } = twoInstances(strategy, { token: op.proxiedTokenEndpoint });
      const browser = newBrowser();
      await signInAtOP(a, browser, "op", "alice");
      return { a, tables, browser };
    }

    it("with the sign-in's subject, re-signed by the issuer, is accepted (the control)", async () => {
      const { a, browser } = await signedInThroughProxy();
      op.rewrite = resigned(() => undefined);
      const result = await getAccessToken(requestWith(browser.app), a, "op");
      expect(typeof result.accessToken).toBe("string");
    });

    it("naming another subject is refused: its tokens are neither handed out nor stored", async () => {
      const { a, tables, browser } = await signedInThroughProxy();
      const before = strategy === "database" ? { ...[...tables.accounts.values()][0] } : undefined;
      op.rewrite = resigned((claims) => {
        claims.sub = "mallory";
      });
      const refused = getAccessToken(requestWith(browser.app), a, "op");
      await expect(refused).rejects.toBeInstanceOf(TokenRefreshError);
      await expect(refused).rejects.toMatchObject({
        cause: { message: expect.stringContaining("not the signed-in") },
      });
      if (before) expect([...tables.accounts.values()][0]).toEqual(before);
    });
  });

  it("rejects a request without a session with NotSignedIn", async () => {
    const { a } = twoInstances(strategy);
    await expect(getAccessToken(requestWith(new CookieJar()), a, "op")).rejects.toBeInstanceOf(NotSignedIn);
  });
});

it("hands out a token that is not due without asking the provider", async () => {
  const config: AuthConfig = {
    providers: [provider({ clientId: "latchkey" })],
    secret: SECRET,
    trustHost: true,
  };
  const browser = newBrowser();
  await signInAtOP(config, browser, "op", "alice");
  const before = op.tokenRequests.refresh_token;
  const result = await getAccessToken(requestWith(browser.app), config, "op");
  expect(op.tokenRequests.refresh_token).toBe(before);
  expect(result.cookies).toEqual([]);
  expect(result.expiresAt).toBeGreaterThan(Date.now() / 1000 + 3000);
});

it("answers NoProviderAccount for a provider the signed-in user has no account at", async () => {
  const config: AuthConfig = {
    providers: [provider({ clientId: "latchkey" }), provider({ id: "other", clientId: "latchkey" })],
    secret: SECRET,
    trustHost: true,
  };
  const browser = newBrowser();
  await signInAtOP(config, browser, "op", "alice");
  await expect(getAccessToken(requestWith(browser.app), config, "other")).rejects.toBeInstanceOf(
    NoProviderAccount,
  );
});

function serializeForJar(cookie: { name: string; value: string }): string {
  return `${cookie.name}=${encodeURIComponent(cookie.value)}; Path=/`;
}

async function refreshTokenInCookie(jar: CookieJar): Promise<string> {
  const { decode } = await import("../../../src/jwt/index.js");
  const token = await decode({
    token: jar.get("authjs.session-token"),
    secret: SECRET,
    salt: "authjs.session-token",
  });
  const tokens = (token?.providerTokens as Record<string, { refresh_token: string }>)?.op;
  return tokens?.refresh_token as string;
}

describe("a refresh lock held elsewhere", () => {
  it("rejects with LockTimeout, an exported AuthError, while another instance holds the refresh lock too long", async () => {
    const { a, tables } = twoInstances("database");
    const browser = newBrowser();
    await signInAtOP(a, browser, "op", "alice");
    const account = [...tables.accounts.values()][0];
    // Another instance took the lock and hangs (its provider is slow): this one waits 10 s, then gives up.
    await (a.store as RedisStore).acquireLock(
      `lock:refresh:op:${account?.providerAccountId}`,
      "elsewhere",
      60_000,
    );
    const error = await getAccessToken(requestWith(browser.app), a, "op").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LockTimeout);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).type).toBe("LockTimeout");
  }, 20_000);
});
