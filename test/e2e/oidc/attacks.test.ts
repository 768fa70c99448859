/**
 * Attacks on the OAuth/OIDC callback, through `Auth()` against a real OpenID Provider: forged or
 * missing checks (state, PKCE, nonce), check cookies carried to another provider, provider errors,
 * replayed callbacks, and ID tokens rewritten in flight by a proxy in front of the token endpoint.
 * Each must end without a session, with the check cookies cleared, and, when a check fails, before
 * the token endpoint hears of the code.
 */
import { base64url, decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AuthConfig } from "../../../src/index.js";
import type { OIDCConfig } from "../../../src/providers/types.js";
import { CookieJar, getCsrf, locationOf, SECRET, send } from "../../core/helpers.js";
import {
  authorizeAtOP,
  type Browser,
  finishSignIn,
  newBrowser,
  sessionOf,
  signInAtOP,
  startSignIn,
} from "./browser.js";
import { providerAt, startOP, type TestOP } from "./op.js";

let op: TestOP;
beforeAll(async () => {
  op = await startOP();
});
afterAll(() => op.close());
afterEach(() => {
  op.rewrite = undefined;
});

const PKCE = "authjs.pkce.code_verifier";
const STATE = "authjs.state";
const NONCE = "authjs.nonce";

const provider = (overrides: Partial<OIDCConfig> = {}): OIDCConfig => providerAt(op, overrides);

function appConfig(...providers: OIDCConfig[]): AuthConfig {
  return { providers: providers.length ? providers : [provider()], secret: SECRET, trustHost: true };
}

/** Runs the round trip up to the OP's redirect back: the callback URL, with the app jar holding the check cookies. */
async function atCallback(config: AuthConfig, providerId = "op", account = "alice") {
  const browser = newBrowser();
  const authorization = await startSignIn(config, browser, providerId);
  const callback = await authorizeAtOP(browser, authorization, account);
  return { browser, callback };
}

async function expectNoSession(config: AuthConfig, browser: Browser) {
  expect(await sessionOf(config, browser)).toBeNull();
}

function expectError(response: Response, page: "signin" | "error", error: string) {
  const location = locationOf(response);
  expect(location.pathname).toBe(`/auth/${page}`);
  expect(location.searchParams.get("error")).toBe(error);
}

function expectCheckCookiesCleared(response: Response, names: string[]) {
  const cleared = response.headers
    .getSetCookie()
    .filter((cookie) => /max-age=0|expires=thu, 01 jan 1970/i.test(cookie))
    .map((cookie) => cookie.split("=")[0]);
  for (const name of names) expect(cleared).toContain(name);
}

/** Runs `attack` and asserts it made no authorization-code token request. */
async function withoutTokenRequest<T>(attack: () => Promise<T>): Promise<T> {
  const before = op.tokenRequests.authorization_code;
  const result = await attack();
  expect(op.tokenRequests.authorization_code).toBe(before);
  return result;
}

describe("state", () => {
  const config = () => appConfig(provider({ checks: ["pkce", "state"] }));

  it("rejects a callback whose state differs from the sealed cookie's, before the token request", async () => {
    const app = config();
    const { browser, callback } = await atCallback(app);
    callback.searchParams.set("state", "attacker-chosen-state");
    const response = await withoutTokenRequest(() => finishSignIn(app, browser, callback));
    expectError(response, "signin", "OAuthCallbackError");
    expectCheckCookiesCleared(response, [PKCE, STATE]);
    await expectNoSession(app, browser);
  });

  it("rejects a callback without its state parameter", async () => {
    const app = config();
    const { browser, callback } = await atCallback(app);
    callback.searchParams.delete("state");
    const response = await withoutTokenRequest(() => finishSignIn(app, browser, callback));
    expectError(response, "signin", "OAuthCallbackError");
    await expectNoSession(app, browser);
  });

  it("rejects a callback when the state cookie is missing (a login CSRF from another browser)", async () => {
    const app = config();
    const { browser, callback } = await atCallback(app);
    browser.app.cookies.delete(STATE);
    const response = await withoutTokenRequest(() => finishSignIn(app, browser, callback));
    expectError(response, "error", "InvalidCheck");
    expectCheckCookiesCleared(response, [PKCE]);
    await expectNoSession(app, browser);
  });
});

describe("PKCE", () => {
  it("rejects a callback whose code-verifier cookie is missing", async () => {
    const app = appConfig();
    const { browser, callback } = await atCallback(app);
    browser.app.cookies.delete(PKCE);
    const response = await withoutTokenRequest(() => finishSignIn(app, browser, callback));
    expectError(response, "error", "InvalidCheck");
    await expectNoSession(app, browser);
  });

  it("rejects a tampered code-verifier cookie", async () => {
    const app = appConfig();
    const { browser, callback } = await atCallback(app);
    const sealed = browser.app.cookies.get(PKCE) as string;
    const flipped = sealed.slice(0, 60) + (sealed[60] === "A" ? "B" : "A") + sealed.slice(61);
    browser.app.cookies.set(PKCE, flipped);
    const response = await withoutTokenRequest(() => finishSignIn(app, browser, callback));
    expectError(response, "error", "InvalidCheck");
    expectCheckCookiesCleared(response, [PKCE]);
    await expectNoSession(app, browser);
  });

  it("rejects a code-verifier cookie from another sign-in: the OP refuses the code", async () => {
    const app = appConfig();
    const { browser, callback } = await atCallback(app);
    const other = newBrowser();
    await startSignIn(app, other, "op");
    browser.app.cookies.set(PKCE, other.app.cookies.get(PKCE) as string);
    const response = await finishSignIn(app, browser, callback);
    expectError(response, "signin", "OAuthCallbackError");
    await expectNoSession(app, browser);
  });

  it("rejects check cookies minted for provider A at provider B's callback", async () => {
    const app = appConfig(provider(), provider({ id: "op-b", name: "Second" }));
    const { browser, callback } = await atCallback(app, "op");
    const atB = new URL(callback.href.replace("/callback/op?", "/callback/op-b?"));
    const response = await withoutTokenRequest(() => finishSignIn(app, browser, atB));
    expectError(response, "error", "InvalidCheck");
    expectCheckCookiesCleared(response, [PKCE]);
    await expectNoSession(app, browser);
  });
});

describe("nonce", () => {
  const config = () => appConfig(provider({ checks: ["pkce", "nonce"] }));

  it("rejects an ID token whose nonce is another sign-in's", async () => {
    const app = config();
    const { browser, callback } = await atCallback(app);
    const other = newBrowser();
    await startSignIn(app, other, "op");
    browser.app.cookies.set(NONCE, other.app.cookies.get(NONCE) as string);
    const response = await finishSignIn(app, browser, callback);
    expectError(response, "signin", "OAuthCallbackError");
    await expectNoSession(app, browser);
  });

  it("rejects a callback without the nonce cookie, before the token request", async () => {
    const app = config();
    const { browser, callback } = await atCallback(app);
    browser.app.cookies.delete(NONCE);
    const response = await withoutTokenRequest(() => finishSignIn(app, browser, callback));
    expectError(response, "error", "InvalidCheck");
    await expectNoSession(app, browser);
  });
});

describe("provider errors", () => {
  it("lands on the sign-in page with OAuthCallbackError when the user denies access", async () => {
    const app = appConfig();
    const browser = newBrowser();
    const authorization = await startSignIn(app, browser, "op");
    const callback = await authorizeAtOP(browser, authorization, "alice", { abort: true });
    expect(callback.searchParams.get("error")).toBe("access_denied");
    const response = await withoutTokenRequest(() => finishSignIn(app, browser, callback));
    expectError(response, "signin", "OAuthCallbackError");
    expectCheckCookiesCleared(response, [PKCE]);
    await expectNoSession(app, browser);
  });

  it("reports a token endpoint error (a wrong client secret) as OAuthCallbackError", async () => {
    const app = appConfig(provider({ clientSecret: "not-the-secret" }));
    const { browser, callback } = await atCallback(app);
    const response = await finishSignIn(app, browser, callback);
    expectError(response, "signin", "OAuthCallbackError");
    await expectNoSession(app, browser);
  });

  it("refuses a replayed callback URL, whether or not the check cookies are replayed with it", async () => {
    const app = appConfig();
    const { browser, callback } = await atCallback(app);
    const stolenCookies = new CookieJar(Object.fromEntries(browser.app.cookies));
    const first = await finishSignIn(app, browser, callback);
    expect(locationOf(first).searchParams.get("error")).toBeNull();
    expect(browser.app.cookies.has(PKCE)).toBe(false);

    // The same browser again: its check cookies were cleared by the first use.
    const again = await withoutTokenRequest(() => finishSignIn(app, browser, callback));
    expectError(again, "error", "InvalidCheck");

    // An attacker holding the URL and a copy of the check cookies: the OP refuses the used code.
    const attacker: Browser = { app: stolenCookies, op: new CookieJar() };
    const replayed = await finishSignIn(app, attacker, callback);
    expectError(replayed, "signin", "OAuthCallbackError");
    await expectNoSession(app, attacker);
  });
});

describe("ID tokens rewritten in flight", () => {
  const proxied = (overrides: Partial<OIDCConfig> = {}) =>
    appConfig(provider({ id: "op", token: op.proxiedTokenEndpoint, ...overrides }));

  const parts = (jwt: string) => jwt.split(".") as [string, string, string];
  const encodeJson = (value: unknown) => base64url.encode(JSON.stringify(value));

  /** Re-signs the token's claims, changed by `edit`, with the issuer's real key. */
  const resigned = (edit: (claims: Record<string, unknown>) => void) => async (idToken: string) => {
    const claims = { ...decodeJwt(idToken) } as Record<string, unknown>;
    edit(claims);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: op.signingKey.kid })
      .sign(op.signingKey.privateKey);
  };

  async function attempt(app: AuthConfig) {
    const browser = newBrowser();
    const response = await signInAtOP(app, browser, "op", "alice");
    return { browser, response };
  }

  it("accepts the untouched token through the proxy (the control)", async () => {
    const app = proxied();
    op.rewrite = (idToken) => idToken;
    const { browser, response } = await attempt(app);
    expect(locationOf(response).searchParams.get("error")).toBeNull();
    expect((await sessionOf(app, browser))?.user).toMatchObject({ email: "alice@example.test" });
  });

  const attacks: Array<[string, (idToken: string) => Promise<string> | string]> = [
    [
      "a bad signature",
      (idToken) => {
        const [header, payload, signature] = parts(idToken);
        const flipped = (signature[10] === "A" ? "B" : "A") as string;
        return `${header}.${payload}.${signature.slice(0, 10)}${flipped}${signature.slice(11)}`;
      },
    ],
    [
      "alg: none",
      (idToken) => {
        const [, payload] = parts(idToken);
        return `${encodeJson({ alg: "none", typ: "JWT" })}.${payload}.`;
      },
    ],
    [
      "forged claims under the original signature",
      (idToken) => {
        const [header, , signature] = parts(idToken);
        const claims = { ...decodeJwt(idToken), sub: "mallory", email: "mallory@example.test" };
        return `${header}.${encodeJson(claims)}.${signature}`;
      },
    ],
    [
      "a wrong audience, validly signed",
      resigned((claims) => {
        claims.aud = "another-client";
      }),
    ],
    [
      "a wrong issuer, validly signed",
      resigned((claims) => {
        claims.iss = "https://evil.example";
      }),
    ],
    [
      "an expired token, validly signed",
      resigned((claims) => {
        claims.iat = Math.floor(Date.now() / 1000) - 7200;
        claims.exp = Math.floor(Date.now() / 1000) - 3600;
      }),
    ],
    [
      "a key the issuer never published, under the issuer's kid",
      async (idToken) => {
        const { generateKeyPair } = await import("jose");
        const { privateKey } = await generateKeyPair("RS256");
        return new SignJWT({ ...decodeJwt(idToken) })
          .setProtectedHeader({ alg: "RS256", kid: decodeProtectedHeader(idToken).kid as string })
          .sign(privateKey);
      },
    ],
  ];

  for (const [name, rewrite] of attacks) {
    it(`rejects an ID token with ${name}`, async () => {
      const app = proxied();
      op.rewrite = rewrite;
      const { browser, response } = await attempt(app);
      expectError(response, "signin", "OAuthCallbackError");
      await expectNoSession(app, browser);
    });
  }

  it("rejects an HS256 ID token for a public client, even one keyed with a guessable value", async () => {
    const app = proxied({
      clientId: "latchkey-public",
      clientSecret: undefined,
      client: { token_endpoint_auth_method: "none" },
    });
    op.rewrite = async (idToken) =>
      new SignJWT({ ...decodeJwt(idToken) })
        .setProtectedHeader({ alg: "HS256" })
        .sign(new TextEncoder().encode("latchkey-public"));
    const { browser, response } = await attempt(app);
    expectError(response, "signin", "OAuthCallbackError");
    await expectNoSession(app, browser);
  });
});

describe("the authorization response's iss (RFC 9207)", () => {
  it("is advertised by the OP, and sent with every callback", async () => {
    const metadata = (await (await fetch(`${op.issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(metadata.authorization_response_iss_parameter_supported).toBe(true);
    const { callback } = await atCallback(appConfig());
    expect(callback.searchParams.get("iss")).toBe(op.issuer);
  });

  it("rejects a callback whose iss names another issuer, before the token request", async () => {
    const app = appConfig();
    const { browser, callback } = await atCallback(app);
    callback.searchParams.set("iss", "https://attacker.example");
    const response = await withoutTokenRequest(() => finishSignIn(app, browser, callback));
    expectError(response, "signin", "OAuthCallbackError");
    expectCheckCookiesCleared(response, [PKCE]);
    await expectNoSession(app, browser);
  });

  it("rejects a callback without iss from an OP that advertises it, before the token request", async () => {
    const app = appConfig();
    const { browser, callback } = await atCallback(app);
    callback.searchParams.delete("iss");
    const response = await withoutTokenRequest(() => finishSignIn(app, browser, callback));
    expectError(response, "signin", "OAuthCallbackError");
    await expectNoSession(app, browser);
  });
});

describe("the redirect proxy", () => {
  const STABLE = "https://app.test";

  it("never relays a victim's code to a host the X-Forwarded-Host of the sign-in request named", async () => {
    // The stable deployment trusts its host and has no AUTH_URL; it proxies for previews.
    const app = appConfig(provider({ redirectProxyUrl: `${STABLE}/auth` }));
    // The attacker starts a sign-in there, naming their own host in a forwarded header.
    const attacker = new CookieJar();
    const forged = { "x-forwarded-host": "attacker.example" };
    const { token } = await getCsrf(app, { origin: STABLE, cookie: attacker, headers: forged });
    const start = await send(app, "/signin/op", {
      origin: STABLE,
      cookie: attacker,
      headers: forged,
      form: { csrfToken: token },
    });
    attacker.apply(start);
    // …and sends the authorization URL to the victim, who signs in at the OP as usual.
    const victim = newBrowser();
    const callback = await authorizeAtOP(victim, locationOf(start), "alice");
    expect(callback.origin).toBe(STABLE);
    const response = await withoutTokenRequest(() =>
      send(app, callback.pathname.replace(/^\/auth/, "") + callback.search, {
        origin: STABLE,
        cookie: victim.app,
      }),
    );
    const answer = locationOf(response);
    expect(answer.host).not.toBe("attacker.example");
    expect(answer.searchParams.get("code")).toBeNull();
    // The state named the stable deployment itself, so the callback was checked there, and failed:
    // the victim's browser holds none of the attacker's check cookies.
    expectError(response, "error", "InvalidCheck");
  });
});

describe("one provider account signing in over and over", () => {
  // Each sign-in in a browser that holds a session ends that session and, with a store, writes a
  // marker for it: completed sign-ins count per provider account (rule oauthSignIn).
  it("is refused with 429 past the oauthSignIn limit per account, while another account signs in", async () => {
    const config: AuthConfig = {
      ...appConfig(),
      rateLimit: { rules: { oauthSignIn: { perAccount: 3 } } },
    };
    const browser = newBrowser();
    for (let i = 0; i < 3; i++) {
      expect((await signInAtOP(config, browser, "op", "alice")).status).toBe(302);
    }
    const before = op.tokenRequests.authorization_code;
    const refused = await signInAtOP(config, browser, "op", "alice");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Refused once the provider named the account: after the token request, before any session.
    expect(op.tokenRequests.authorization_code).toBe(before + 1);
    expect((await signInAtOP(config, newBrowser(), "op", "bob")).status).toBe(302);
  });

  it("by default, 10 sign-ins per account in 15 minutes", async () => {
    const config = appConfig();
    const browser = newBrowser();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signInAtOP(config, browser, "op", "alice")).status);
    expect(statuses).toEqual([...new Array(10).fill(302), 429]);
  });
});
