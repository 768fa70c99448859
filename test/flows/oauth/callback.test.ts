/**
 * `GET|POST /callback/:id` for OAuth providers, up to the token request, through `Auth()`: which
 * check cookies a callback needs and clears, the round trip that turns a cross-site `form_post`
 * into a GET carrying our cookies, and the redirect proxy (a stable deployment relays a callback
 * only to the deployment named in a state sealed with the shared secret). The token endpoint is a
 * closed loopback port: any test that reaches it ends in OAuthCallbackError.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AuthConfig } from "../../../src/index.js";
import { decode, encode } from "../../../src/jwt/index.js";
import OAuth from "../../../src/providers/oauth.js";
import type { OAuth2Config } from "../../../src/providers/types.js";
import {
  CookieJar,
  getCsrf,
  HTTP_APP,
  locationOf,
  recordingLogger,
  SECRET,
  send,
} from "../../core/helpers.js";

const PKCE = "authjs.pkce.code_verifier";
const STATE = "authjs.state";
const NONCE = "authjs.nonce";
const PROXY_STATE_SALT = "latchkey.redirect-proxy-state";
/** Where the stable deployment serves `Auth()`. */
const STABLE = "https://app.test";
const PREVIEW = "https://preview.app.test";

afterEach(() => {
  vi.useRealTimers();
});

const acme = (overrides: Partial<OAuth2Config> = {}) =>
  OAuth({
    id: "acme",
    name: "Acme",
    authorization: "https://as.example/authorize",
    // Nothing listens there: a callback that gets as far as the token request fails at once.
    token: "http://127.0.0.1:9/token",
    userinfo: "https://as.example/me",
    clientId: "acme-client",
    clientSecret: "acme-secret",
    ...overrides,
  });

const app = (provider: OAuth2Config, overrides: Partial<AuthConfig> = {}): AuthConfig => ({
  providers: [provider],
  secret: SECRET,
  trustHost: true,
  ...overrides,
});

/** `POST /signin/acme` at `origin`; the authorization URL, and the jar with the check cookies. */
async function startSignIn(config: AuthConfig, origin = HTTP_APP) {
  const jar = new CookieJar();
  const { token } = await getCsrf(config, { origin, cookie: jar });
  const response = await send(config, "/signin/acme", { origin, cookie: jar, form: { csrfToken: token } });
  jar.apply(response);
  return { authorization: locationOf(response), jar };
}

/** A logger that keeps the routine refusals' messages, which `Auth()` logs as warnings. */
function warningLog() {
  const lines: string[] = [];
  return {
    lines,
    logger: {
      error: () => undefined,
      warn: (code: string, message?: string) => void lines.push(`${code}: ${message}`),
      debug: () => undefined,
    },
  };
}

function clearedCookies(response: Response): string[] {
  return response.headers
    .getSetCookie()
    .filter((cookie) => /max-age=0|expires=thu, 01 jan 1970/i.test(cookie))
    .map((cookie) => cookie.split("=")[0] as string);
}

function expectError(response: Response, page: "signin" | "error", error: string, origin = HTTP_APP) {
  const location = locationOf(response);
  expect(`${location.origin}${location.pathname}`).toBe(`${origin}/auth/${page}`);
  expect(location.searchParams.get("error")).toBe(error);
}

describe("the check cookies at the callback", () => {
  it("clears only the check cookies the request carried", async () => {
    const config = app(acme());
    const { jar } = await startSignIn(config);
    const response = await send(config, "/callback/acme?code=c", { origin: HTTP_APP, cookie: jar });
    expectError(response, "signin", "OAuthCallbackError");
    expect(clearedCookies(response)).toEqual([PKCE]);
  });

  it("clears every check cookie it carried, even of checks the provider does not use", async () => {
    const config = app(acme());
    const { jar } = await startSignIn(config);
    jar.cookies.set(STATE, "left-over");
    jar.cookies.set(NONCE, "left-over");
    const response = await send(config, "/callback/acme?code=c", { origin: HTTP_APP, cookie: jar });
    expect(clearedCookies(response).sort()).toEqual([NONCE, PKCE, STATE]);
  });

  it("stops at a missing check cookie and names the check in the log", async () => {
    const log = recordingLogger();
    const config = app(acme({ checks: ["pkce", "state"] }), { logger: log.logger });
    const { jar, authorization } = await startSignIn(config);
    jar.cookies.delete(PKCE);
    const state = authorization.searchParams.get("state") as string;
    const response = await send(config, `/callback/acme?code=c&state=${state}`, {
      origin: HTTP_APP,
      cookie: jar,
    });
    expectError(response, "error", "InvalidCheck");
    expect(clearedCookies(response)).toEqual([STATE]);
    // A routine refusal the browser is told about: a warning, not an error with a stack.
    expect(log.text()).toBe("");
    expect(log.warningLines).toEqual([
      'InvalidCheck: The pkce check cookie of provider "acme" is missing, expired or not valid for this provider; start the sign-in again. (see docs/errors.md#invalidcheck)',
    ]);
  });

  it("gives each check its own cookie: a state cookie does not pass for the PKCE verifier", async () => {
    const config = app(acme({ checks: ["pkce", "state"] }));
    const { jar, authorization } = await startSignIn(config);
    jar.cookies.set(PKCE, jar.cookies.get(STATE) as string);
    const state = authorization.searchParams.get("state") as string;
    const response = await send(config, `/callback/acme?code=c&state=${state}`, {
      origin: HTTP_APP,
      cookie: jar,
    });
    expectError(response, "error", "InvalidCheck");
  });

  it("reports a provider's error= answer as OAuthCallbackError, with the error code in the log", async () => {
    const log = warningLog();
    const config = app(acme(), { logger: log.logger });
    const { jar } = await startSignIn(config);
    const response = await send(config, "/callback/acme?error=access_denied&error_description=no", {
      origin: HTTP_APP,
      cookie: jar,
    });
    expectError(response, "signin", "OAuthCallbackError");
    expect(clearedCookies(response)).toEqual([PKCE]);
    expect(log.lines).toEqual([
      'OAuthCallbackError: The authorization response of provider "acme" failed: access_denied (see docs/errors.md#oauthcallbackerror)',
    ]);
  });

  it("reports a failed token request as OAuthCallbackError, naming the step", async () => {
    const log = warningLog();
    const config = app(acme(), { logger: log.logger });
    const { jar } = await startSignIn(config);
    const response = await send(config, "/callback/acme?code=c", { origin: HTTP_APP, cookie: jar });
    expectError(response, "signin", "OAuthCallbackError");
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatch(/^OAuthCallbackError: The token request of provider "acme" failed: \S/);
  });

  it("with debug: true, logs the token request's own failure at debug as the cause", async () => {
    const log = recordingLogger();
    const config = app(acme(), { logger: log.logger, debug: true });
    const { jar } = await startSignIn(config);
    expectError(
      await send(config, "/callback/acme?code=c", { origin: HTTP_APP, cookie: jar }),
      "signin",
      "OAuthCallbackError",
    );
    const causes = log.debugs.filter(({ message }) => message === "OAuthCallbackError was caused by");
    expect(causes).toHaveLength(1);
    expect(causes[0]?.metadata).toBeInstanceOf(Error);
  });
});

describe("client authentication at the token request", () => {
  it("names the missing key of a private_key_jwt client", async () => {
    const log = recordingLogger();
    const config = app(acme({ client: { token_endpoint_auth_method: "private_key_jwt" } }), {
      logger: log.logger,
    });
    const { jar } = await startSignIn(config);
    const response = await send(config, "/callback/acme?code=c", { origin: HTTP_APP, cookie: jar });
    expectError(response, "error", "Configuration");
    expect(log.text()).toBe(
      'InvalidConfig: Provider "acme" uses private_key_jwt: set client.privateKey to the CryptoKey that signs the assertion. (see docs/errors.md#invalidconfig)',
    );
  });

  it("reports a token.request that throws a non-Error as the provider's failure", async () => {
    const log = warningLog();
    const config = app(
      acme({
        token: {
          url: "http://127.0.0.1:9/token",
          request: () => {
            throw undefined;
          },
        },
      }),
      { logger: log.logger },
    );
    const { jar } = await startSignIn(config);
    const response = await send(config, "/callback/acme?code=c", { origin: HTTP_APP, cookie: jar });
    expectError(response, "signin", "OAuthCallbackError");
    expect(log.lines).toEqual([
      'OAuthCallbackError: The token request of provider "acme" failed: undefined (see docs/errors.md#oauthcallbackerror)',
    ]);
  });
});

describe("a form_post callback", () => {
  it("is sent round to a GET when it carries none of the check cookies", async () => {
    const config = app(acme({ checks: ["pkce", "state"] }));
    const response = await send(config, "/callback/acme", {
      origin: HTTP_APP,
      form: { code: "c", state: "s", iss: "https://as.example" },
    });
    const location = locationOf(response);
    expect(`${location.origin}${location.pathname}`).toBe(`${HTTP_APP}/auth/callback/acme`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      code: "c",
      state: "s",
      iss: "https://as.example",
    });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("takes only the string fields of a JSON body as the authorization response", async () => {
    const config = app(acme({ checks: ["pkce", "state"] }));
    const response = await send(config, "/callback/acme", {
      origin: HTTP_APP,
      json: { code: "c", state: "s", expires_in: 3600, verified: true, error: null },
    });
    expect(Object.fromEntries(locationOf(response).searchParams)).toEqual({ code: "c", state: "s" });
  });

  it("is checked at once when it carries any check cookie, and fails on the one it lacks", async () => {
    const config = app(acme({ checks: ["pkce", "state"] }));
    const { jar, authorization } = await startSignIn(config);
    jar.cookies.delete(PKCE);
    const response = await send(config, "/callback/acme", {
      origin: HTTP_APP,
      cookie: jar,
      form: { code: "c", state: authorization.searchParams.get("state") as string },
    });
    expectError(response, "error", "InvalidCheck");
  });

  it("is checked at once for a provider without checks: there is nothing to wait for", async () => {
    const config = app(acme({ checks: ["none"] }));
    const response = await send(config, "/callback/acme", { origin: HTTP_APP, form: { code: "c" } });
    // Straight on to the token request, which nothing answers here.
    expectError(response, "signin", "OAuthCallbackError");
  });
});

describe("the redirect proxy", () => {
  const proxied = (overrides: Partial<OAuth2Config> = {}) =>
    app(acme({ redirectProxyUrl: `${STABLE}/auth`, ...overrides }));

  /** Starts a sign-in at the preview deployment; the sealed state its authorization request carries. */
  async function previewState(config: AuthConfig): Promise<string> {
    const { authorization } = await startSignIn(config, PREVIEW);
    return authorization.searchParams.get("state") as string;
  }

  async function atStable(config: AuthConfig, query: Record<string, string>, cookie?: CookieJar) {
    return send(config, `/callback/acme?${new URLSearchParams(query)}`, { origin: STABLE, cookie });
  }

  async function sealedState(token: Record<string, unknown>, secret = SECRET) {
    return encode({ token, secret, salt: PROXY_STATE_SALT, maxAge: 900 });
  }

  it("sends the stable deployment's callback URL as redirect_uri, whether or not redirectProxyUrl ends in a slash", async () => {
    for (const redirectProxyUrl of [`${STABLE}/auth`, `${STABLE}/auth/`]) {
      const { authorization } = await startSignIn(proxied({ redirectProxyUrl }), PREVIEW);
      expect(authorization.searchParams.get("redirect_uri")).toBe(`${STABLE}/auth/callback/acme`);
    }
  });

  it("percent-encodes the provider id in the stable deployment's callback URL, as in its own", async () => {
    const config = app(acme({ id: "acme corp/eu", redirectProxyUrl: `${STABLE}/auth` }));
    const jar = new CookieJar();
    const { token } = await getCsrf(config, { origin: PREVIEW, cookie: jar });
    const response = await send(config, `/signin/${encodeURIComponent("acme corp/eu")}`, {
      origin: PREVIEW,
      cookie: jar,
      form: { csrfToken: token },
    });
    const authorization = locationOf(response);
    expect(authorization.searchParams.get("redirect_uri")).toBe(`${STABLE}/auth/callback/acme%20corp%2Feu`);
    const claims = await decode<{ origin: string }>({
      token: authorization.searchParams.get("state") as string,
      secret: SECRET,
      salt: PROXY_STATE_SALT,
    });
    expect(claims?.origin).toBe(`${PREVIEW}/auth/callback/acme%20corp%2Feu`);
  });

  it("takes the app-wide redirectProxyUrl, and adds the state check it relies on", async () => {
    const config = app(acme(), { redirectProxyUrl: `${STABLE}/auth` });
    const { authorization, jar } = await startSignIn(config, PREVIEW);
    expect(authorization.searchParams.get("redirect_uri")).toBe(`${STABLE}/auth/callback/acme`);
    expect(authorization.searchParams.get("state")).toBeTruthy();
    expect(jar.get(`__Secure-${STATE}`)).toBeTruthy();
    expect(authorization.searchParams.get("code_challenge")).toBeTruthy();
  });

  it("seals a fresh state naming the preview's callback URL", async () => {
    const config = proxied();
    const first = await previewState(config);
    const second = await previewState(config);
    expect(first).not.toBe(second);
    const claims = await decode<{ origin: string; random: string }>({
      token: first,
      secret: SECRET,
      salt: PROXY_STATE_SALT,
    });
    expect(claims?.origin).toBe(`${PREVIEW}/auth/callback/acme`);
    expect(claims?.random).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("relays every parameter of the callback to the preview, clearing the check cookies it carried", async () => {
    const config = proxied();
    const state = await previewState(config);
    const response = await atStable(
      config,
      { code: "c", state, iss: "https://as.example" },
      new CookieJar({ [`__Secure-${STATE}`]: "stale" }),
    );
    const relay = locationOf(response);
    expect(`${relay.origin}${relay.pathname}`).toBe(`${PREVIEW}/auth/callback/acme`);
    expect(Object.fromEntries(relay.searchParams)).toEqual({ code: "c", state, iss: "https://as.example" });
    expect(clearedCookies(response)).toEqual([`__Secure-${STATE}`]);
  });

  it("relays a provider's error= answer too, for the preview to report", async () => {
    const config = proxied();
    const state = await previewState(config);
    const relay = locationOf(await atStable(config, { error: "access_denied", state }));
    expect(relay.origin).toBe(PREVIEW);
    expect(relay.searchParams.get("error")).toBe("access_denied");
  });

  it("still relays a sealed state that is 14 minutes old", async () => {
    const config = proxied();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const state = await previewState(config);
    vi.setSystemTime(Date.now() + 14 * 60 * 1000);
    const relay = locationOf(await atStable(config, { code: "c", state }));
    expect(`${relay.origin}${relay.pathname}`).toBe(`${PREVIEW}/auth/callback/acme`);
  });

  it("relays nowhere once the sealed state is older than 15 minutes", async () => {
    const config = proxied();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const state = await previewState(config);
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);
    const response = await atStable(config, { code: "c", state });
    expectError(response, "error", "InvalidCheck", STABLE);
  });

  it("does not relay a callback that belongs to the deployment it reached", async () => {
    // A sign-in started at the stable deployment itself: its own state, its own check cookies.
    const config = proxied();
    const { jar, authorization } = await startSignIn(config, STABLE);
    const state = authorization.searchParams.get("state") as string;
    const response = await atStable(config, { code: "c", state }, jar);
    // Checked here (and on to the token request) rather than relayed to itself.
    expectError(response, "signin", "OAuthCallbackError", STABLE);
  });

  it.each([
    ["no state at all", {}],
    [
      "a state sealed with another secret",
      { origin: `${PREVIEW}/auth/callback/acme` },
      "another-secret-0123456789abcdefghijklmnop",
    ],
    ["a state naming no origin", { random: "r" }],
    ["an origin that is not a string", { origin: 42 }],
    ["an origin that is not a URL", { origin: "preview.app.test/auth/callback/acme" }],
    ["a javascript: origin", { origin: "javascript:alert(document.cookie)//" }],
    ["a data: origin", { origin: "data:text/html,<script>alert(1)</script>" }],
  ] as const)("relays nowhere for %s", async (_, token, secret?: string) => {
    const config = proxied();
    const query: Record<string, string> = { code: "c" };
    if (Object.keys(token).length > 0) query.state = await sealedState(token, secret);
    const response = await atStable(config, query);
    // Handled as the stable deployment's own callback, which has no check cookies.
    expectError(response, "error", "InvalidCheck", STABLE);
  });

  it("relays nothing for a provider without a redirect proxy, whatever its state names", async () => {
    const config = app(acme({ checks: ["pkce", "state"] }));
    const state = await sealedState({ origin: `${PREVIEW}/auth/callback/acme` });
    const response = await atStable(config, { code: "c", state });
    expectError(response, "error", "InvalidCheck", STABLE);
  });

  /** The origin the state of a sign-in started at `origin` with `headers` names. */
  async function sealedOrigin(config: AuthConfig, origin: string, headers: Record<string, string>) {
    const jar = new CookieJar();
    const { token } = await getCsrf(config, { origin, cookie: jar, headers });
    const response = await send(config, "/signin/acme", {
      origin,
      cookie: jar,
      headers,
      form: { csrfToken: token },
    });
    const claims = await decode<{ origin: string }>({
      token: locationOf(response).searchParams.get("state") as string,
      secret: SECRET,
      salt: PROXY_STATE_SALT,
    });
    return claims?.origin;
  }

  it("seals the request URL's own callback URL, never one X-Forwarded-Host names", async () => {
    const forwarded = { "x-forwarded-host": "attacker.example", "x-forwarded-proto": "https" };
    expect(await sealedOrigin(proxied(), PREVIEW, forwarded)).toBe(`${PREVIEW}/auth/callback/acme`);
  });

  it("seals AUTH_URL's callback URL when it is set, whatever the request's host", async () => {
    vi.stubEnv("AUTH_URL", "https://preview-42.app.test/auth");
    try {
      const forwarded = { "x-forwarded-host": "attacker.example" };
      expect(await sealedOrigin(proxied(), PREVIEW, forwarded)).toBe(
        "https://preview-42.app.test/auth/callback/acme",
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("checks a callback whose state names the request URL's own callback URL there, whatever X-Forwarded-Host says", async () => {
    // A sign-in started at the stable deployment, finished with a forwarded header naming elsewhere.
    const config = proxied();
    const { jar, authorization } = await startSignIn(config, STABLE);
    const state = authorization.searchParams.get("state") as string;
    const response = await send(config, `/callback/acme?${new URLSearchParams({ code: "c", state })}`, {
      origin: STABLE,
      cookie: jar,
      headers: { "x-forwarded-host": "preview.app.test" },
    });
    // Not relayed (to itself or anywhere): checked, and on to the token request.
    expectError(response, "signin", "OAuthCallbackError", PREVIEW);
  });

  describe("with redirectProxyAllowedOrigins", () => {
    const listed = (redirectProxyAllowedOrigins: string[]) =>
      app(acme({ redirectProxyUrl: `${STABLE}/auth` }), { redirectProxyAllowedOrigins });

    it.each([
      ["an exact origin", ["https://preview.app.test"]],
      ["a subdomain wildcard", ["https://*.app.test"]],
      [
        "an origin written with its default port and a slash",
        ["https://example.test", "https://preview.app.test:443/"],
      ],
    ])("relays to an origin the list allows: %s", async (_, allowed) => {
      const config = listed(allowed);
      const state = await sealedState({ origin: `${PREVIEW}/auth/callback/acme` });
      const relay = locationOf(await atStable(config, { code: "c", state }));
      expect(`${relay.origin}${relay.pathname}`).toBe(`${PREVIEW}/auth/callback/acme`);
      expect(relay.searchParams.get("code")).toBe("c");
    });

    it.each([
      ["another host", "https://elsewhere.test/auth/callback/acme"],
      ["a host that only starts with the wildcard's", "https://app.test.evil.test/auth/callback/acme"],
      [
        "a host that only ends with the wildcard's, without the dot",
        "https://evilapp.test/auth/callback/acme",
      ],
      ["plain http on a listed host", "http://preview.app.test/auth/callback/acme"],
      ["another port on a listed host", "https://preview.app.test:8443/auth/callback/acme"],
    ])("relays nowhere, and says why, for %s", async (_, origin) => {
      const log = recordingLogger();
      const config = app(acme({ redirectProxyUrl: `${STABLE}/auth` }), {
        redirectProxyAllowedOrigins: ["https://*.app.test"],
        logger: log.logger,
      });
      const state = await sealedState({ origin });
      const response = await atStable(config, { code: "c", state });
      expectError(response, "error", "InvalidCheck", STABLE);
      expect(log.warningLines).toEqual([
        `InvalidCheck: The redirect-proxy state of provider "acme" names ${new URL(origin).origin}, which is not in redirectProxyAllowedOrigins; the callback was not relayed. (see docs/errors.md#invalidcheck)`,
      ]);
    });

    it.each([
      "preview.app.test",
      "https://preview.app.test/auth",
      "https://*",
      "ftp://preview.app.test",
      "https://user@preview.app.test",
    ])("refuses the entry %s at startup", async (entry) => {
      const log = recordingLogger();
      const config = app(acme(), { redirectProxyAllowedOrigins: [entry], logger: log.logger });
      const response = await send(config, "/providers", { origin: STABLE });
      expect(response.status).toBe(500);
      expect(log.text()).toBe(
        `InvalidConfig: redirectProxyAllowedOrigins has the entry ${JSON.stringify(entry)}, which is not an http(s) origin; write e.g. "https://preview.example.com" or "https://*.preview.example.com". (see docs/errors.md#invalidconfig)`,
      );
    });
  });

  it("relays to any http(s) origin a state sealed with the shared secret names", async () => {
    const config = proxied();
    for (const origin of ["http://localhost:3000/auth/callback/acme", `${PREVIEW}/auth/callback/acme`]) {
      const state = await sealedState({ origin });
      const relay = locationOf(await atStable(config, { code: "c", state }));
      expect(`${relay.origin}${relay.pathname}`).toBe(origin);
    }
  });
});
