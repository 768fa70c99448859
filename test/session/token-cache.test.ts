/**
 * The cache of verified JWT session tokens: a hit is the same session a full decode gives, a fresh
 * copy each time, never past the token's expiry, never across secret sets or salts, and bounded.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthConfig } from "../../src/index.js";
import { encode } from "../../src/jwt/index.js";
import Credentials from "../../src/providers/credentials.js";
import { cachedClaims, MAX_ENTRIES, rememberClaims } from "../../src/session/token-cache.js";
import { SECRET, TestBrowser } from "./harness.js";

const SESSION_COOKIE = "authjs.session-token";
const START = new Date("2026-11-01T00:00:00Z");
const OTHER_SECRET = "another-secret-0123456789abcdef0123456789ab";

function jwtConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    session: { strategy: "jwt", maxAge: 3600 },
    providers: [
      Credentials({
        credentials: { username: {} },
        authorize: ({ username }) => ({ id: `app-${String(username)}`, name: String(username) }),
      }),
    ],
    ...overrides,
  };
}

async function signedIn(config: AuthConfig): Promise<TestBrowser> {
  const browser = new TestBrowser(config);
  const response = await browser.postForm("/auth/callback/credentials", { username: "ada" });
  expect(response.status).toBe(302);
  return browser;
}

beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: START }));
afterEach(() => vi.useRealTimers());

describe("the verified-token cache, through the handler", () => {
  it("answers a repeated cookie with the same session, and still refuses it once it expires", async () => {
    const browser = await signedIn(jwtConfig());
    const first = await browser.session();
    expect(first).toMatchObject({ user: { id: "app-ada", name: "ada" } });
    expect(await browser.session()).toEqual(first);
    vi.setSystemTime(new Date(START.valueOf() + 3600 * 1000 + 16_000));
    expect(await browser.session()).toBeNull();
  });

  it("never serves a token to a configuration whose secrets did not verify it", async () => {
    const browser = await signedIn(jwtConfig());
    expect(await browser.session()).not.toBeNull();
    const elsewhere = new TestBrowser(jwtConfig({ secret: OTHER_SECRET }));
    elsewhere.jar.set(SESSION_COOKIE, browser.jar.get(SESSION_COOKIE) as string);
    expect(await elsewhere.session()).toBeNull();
  });

  it("refuses a cached token changed by one character", async () => {
    const config = jwtConfig();
    const browser = await signedIn(config);
    expect(await browser.session()).not.toBeNull();
    const token = browser.jar.get(SESSION_COOKIE) as string;
    const changed = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const forger = new TestBrowser(config);
    forger.jar.set(SESSION_COOKIE, changed);
    expect(await forger.session()).toBeNull();
  });

  it("refuses a forged token that keeps a cached token's ending (its authentication tag)", async () => {
    const config = jwtConfig(); // one configuration: one cache, which the real cookie is in
    const browser = await signedIn(config);
    expect(await browser.session()).not.toBeNull();
    const token = browser.jar.get(SESSION_COOKIE) as string;
    const forged = `${token.startsWith("e") ? "f" : "e"}${token.slice(1)}`;
    const forger = new TestBrowser(config);
    forger.jar.set(SESSION_COOKIE, forged);
    expect(await forger.session()).toBeNull();
    // The real cookie still reads from the cache.
    expect(await browser.session()).not.toBeNull();
  });

  it("hands every read a fresh copy: a callback that changes the token in place changes no later read", async () => {
    const seen: unknown[] = [];
    const config = jwtConfig({
      callbacks: {
        session: ({ session, token }) => {
          seen.push(token?.name);
          if (token) token.name = "mutated";
          return session;
        },
      },
    });
    const browser = await signedIn(config);
    await browser.session();
    await browser.session();
    await browser.session();
    expect(seen).toEqual(["ada", "ada", "ada"]);
  });
});

describe("the verified-token cache itself", () => {
  const secrets = [SECRET];

  it("keeps entries per secret set and per salt", async () => {
    const token = await encode({ token: { sub: "u1" }, secret: SECRET, salt: "a" });
    rememberClaims(secrets, "a", token, { sub: "u1", exp: Math.floor(START.valueOf() / 1000) + 60 });
    expect(cachedClaims(secrets, "a", token)).toMatchObject({ sub: "u1" });
    expect(cachedClaims(secrets, "b", token)).toBeUndefined();
    expect(cachedClaims([SECRET], "a", token)).toBeUndefined();
  });

  it("never answers one token with another's claims, even when the two end alike", () => {
    const own = [SECRET];
    const exp = Math.floor(START.valueOf() / 1000) + 60;
    const ending = "-the-same-22-characters";
    rememberClaims(own, "s", `first${ending}`, { sub: "first", exp });
    expect(cachedClaims(own, "s", `second${ending}`)).toBeUndefined();
    rememberClaims(own, "s", `second${ending}`, { sub: "second", exp });
    expect(cachedClaims(own, "s", `second${ending}`)).toEqual({ sub: "second", exp });
    // They share a slot: the first is read afresh (a miss), never answered with the second's claims.
    expect(cachedClaims(own, "s", `first${ending}`)).toBeUndefined();
  });

  it("holds at most MAX_ENTRIES tokens per secret set and salt, dropping the oldest", () => {
    const own = [SECRET];
    const exp = Math.floor(START.valueOf() / 1000) + 60;
    for (let index = 0; index <= MAX_ENTRIES; index++) rememberClaims(own, "s", `token-${index}`, { exp });
    expect(cachedClaims(own, "s", "token-0")).toBeUndefined();
    expect(cachedClaims(own, "s", "token-1")).toEqual({ exp });
    expect(cachedClaims(own, "s", `token-${MAX_ENTRIES}`)).toEqual({ exp });
  });
});
