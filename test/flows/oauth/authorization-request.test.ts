/**
 * `POST /signin/:id` for OAuth and OIDC providers, through `Auth()`: the authorization request's
 * parameters (RFC 6749 §4.1.1, OpenID Connect Core §3.1.2.1), the PKCE challenge (RFC 7636 §4.2,
 * S256), and the sealed check cookies that remember the values the callback must match. The
 * providers name their endpoints, so no server is needed until the callback.
 */
import { calculatePKCECodeChallenge } from "oauth4webapi";
import { describe, expect, it } from "vitest";
import type { AuthConfig } from "../../../src/index.js";
import { decode } from "../../../src/jwt/index.js";
import OAuth from "../../../src/providers/oauth.js";
import OIDC from "../../../src/providers/oidc.js";
import type { OAuth2Config, OIDCConfig } from "../../../src/providers/types.js";
import { CookieJar, getCsrf, HTTP_APP, SECRET, send, setCookieNamed } from "../../core/helpers.js";

const AUTHORIZE = "https://as.example/authorize";
const TOKEN = "https://as.example/token";

const oauth2 = (overrides: Partial<OAuth2Config> = {}) =>
  OAuth({
    id: "acme",
    name: "Acme",
    authorization: AUTHORIZE,
    token: TOKEN,
    userinfo: "https://as.example/me",
    clientId: "acme-client",
    clientSecret: "acme-secret",
    ...overrides,
  });

const oidc = (overrides: Partial<OIDCConfig> = {}) =>
  OIDC({
    id: "corp",
    name: "Corp",
    issuer: "https://as.example",
    authorization: AUTHORIZE,
    token: TOKEN,
    clientId: "corp-client",
    clientSecret: "corp-secret",
    ...overrides,
  });

const app = (provider: OAuth2Config | OIDCConfig): AuthConfig => ({
  providers: [provider],
  secret: SECRET,
  trustHost: true,
});

/** `POST /signin/:id` from the app's page; the response, and the jar holding what it set. */
async function signIn(config: AuthConfig, providerId: string, query = "") {
  const jar = new CookieJar();
  const { token } = await getCsrf(config, { origin: HTTP_APP, cookie: jar });
  const response = await send(config, `/signin/${providerId}${query}`, {
    origin: HTTP_APP,
    cookie: jar,
    form: { csrfToken: token, callbackUrl: `${HTTP_APP}/dashboard` },
  });
  jar.apply(response);
  return { response, jar };
}

async function authorizationUrl(config: AuthConfig, providerId: string, query = ""): Promise<URL> {
  const { response } = await signIn(config, providerId, query);
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location") as string);
}

/** The claims sealed in a check cookie, opened as the callback would open them. */
async function sealedCheck(jar: CookieJar, name: string) {
  const sealed = jar.get(name);
  expect(sealed).toBeTruthy();
  return decode<{ value: string; provider: string; check: string }>({
    token: sealed as string,
    secret: SECRET,
    salt: name,
  });
}

describe("the authorization request", () => {
  it("sends the client, the callback URL, the code response type and a PKCE S256 challenge to the configured endpoint", async () => {
    const url = await authorizationUrl(app(oauth2()), "acme");
    expect(`${url.origin}${url.pathname}`).toBe(AUTHORIZE);
    expect(url.searchParams.get("client_id")).toBe("acme-client");
    expect(url.searchParams.get("redirect_uri")).toBe(`${HTTP_APP}/auth/callback/acme`);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("asks an OAuth 2.0 provider for no scope of its own, and an OIDC provider for openid profile email", async () => {
    expect((await authorizationUrl(app(oauth2()), "acme")).searchParams.has("scope")).toBe(false);
    expect((await authorizationUrl(app(oidc()), "corp")).searchParams.get("scope")).toBe(
      "openid profile email",
    );
  });

  it("adds the provider's configured parameters, as strings, over the default scope", async () => {
    const url = await authorizationUrl(
      app(
        oidc({
          authorization: {
            url: AUTHORIZE,
            // A number, as apps written in JavaScript (and Auth.js's docs) pass max_age.
            params: {
              scope: "openid email",
              access_type: "offline",
              max_age: 0 as unknown as string,
              prompt: "consent",
            },
          },
        }),
      ),
      "corp",
    );
    expect(url.searchParams.get("scope")).toBe("openid email");
    expect(url.searchParams.get("access_type")).toBe("offline");
    expect(url.searchParams.get("max_age")).toBe("0");
    expect(url.searchParams.get("prompt")).toBe("consent");
    // The endpoint's URL keeps its own query too.
    const withQuery = await authorizationUrl(
      app(oauth2({ authorization: { url: `${AUTHORIZE}?audience=api`, params: { scope: "read" } } })),
      "acme",
    );
    expect(withQuery.searchParams.get("audience")).toBe("api");
    expect(withQuery.searchParams.get("scope")).toBe("read");
  });

  it("drops a scope configured empty instead of sending scope=", async () => {
    const url = await authorizationUrl(
      app(oidc({ authorization: { url: AUTHORIZE, params: { scope: "" } } })),
      "corp",
    );
    expect(url.searchParams.has("scope")).toBe(false);
    expect(url.href).not.toContain("scope");
  });

  it("lets the sign-in request's query add parameters, never the protocol's own", async () => {
    const forged = new URLSearchParams({
      client_id: "evil",
      redirect_uri: "https://evil.example/cb",
      response_type: "token",
      state: "forged-state",
      nonce: "forged-nonce",
      code_challenge: "forged-challenge",
      code_challenge_method: "plain",
      request_uri: "urn:evil",
      request: "eyJhbGciOiJub25lIn0.e30.",
      callbackUrl: "https://evil.example",
      login_hint: "alice@example.test",
    });
    // Without state and nonce checks, the query's state and nonce would otherwise go through as they are.
    const url = await authorizationUrl(app(oidc({ checks: ["pkce"] })), "corp", `?${forged}`);
    expect(url.searchParams.get("client_id")).toBe("corp-client");
    expect(url.searchParams.get("redirect_uri")).toBe(`${HTTP_APP}/auth/callback/corp`);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).not.toBe("forged-challenge");
    for (const name of ["state", "nonce", "request_uri", "request", "callbackUrl"]) {
      expect(url.searchParams.has(name), name).toBe(false);
    }
    expect(url.searchParams.get("login_hint")).toBe("alice@example.test");

    // With no checks at all, no code_challenge may come from the query either.
    const none = await authorizationUrl(app(oidc({ checks: ["none"] })), "corp", `?${forged}`);
    for (const name of ["state", "nonce", "code_challenge", "code_challenge_method"]) {
      expect(none.searchParams.has(name), name).toBe(false);
    }
  });
});

describe("the check cookies", () => {
  it("seal the PKCE verifier whose S256 digest is the request's code_challenge, bound to the provider", async () => {
    const { response, jar } = await signIn(app(oauth2()), "acme");
    const url = new URL(response.headers.get("location") as string);
    const pkce = await sealedCheck(jar, "authjs.pkce.code_verifier");
    expect(pkce).toMatchObject({ provider: "acme", check: "pkce" });
    expect(url.searchParams.get("code_challenge")).toBe(
      await calculatePKCECodeChallenge(pkce?.value as string),
    );
    // PKCE only, by default: no state or nonce is sent or remembered.
    expect(url.searchParams.has("state")).toBe(false);
    expect(jar.get("authjs.state")).toBeUndefined();
    expect(jar.get("authjs.nonce")).toBeUndefined();
  });

  it("seal the state and nonce the request carries, each as its own kind of check", async () => {
    const { response, jar } = await signIn(app(oidc({ checks: ["pkce", "state", "nonce"] })), "corp");
    const url = new URL(response.headers.get("location") as string);
    const state = await sealedCheck(jar, "authjs.state");
    const nonce = await sealedCheck(jar, "authjs.nonce");
    expect(state).toMatchObject({ provider: "corp", check: "state", value: url.searchParams.get("state") });
    expect(nonce).toMatchObject({ provider: "corp", check: "nonce", value: url.searchParams.get("nonce") });
    expect(state?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(nonce?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(state?.value).not.toBe(nonce?.value);
    for (const name of ["authjs.pkce.code_verifier", "authjs.state", "authjs.nonce"]) {
      const cookie = setCookieNamed(response, name);
      expect(cookie.attributes.get("max-age")).toBe("900");
      expect(cookie.attributes.has("httponly")).toBe(true);
    }
  });

  it("are fresh for every sign-in", async () => {
    const config = app(oidc({ checks: ["pkce", "state", "nonce"] }));
    const first = await authorizationUrl(config, "corp");
    const second = await authorizationUrl(config, "corp");
    for (const name of ["state", "nonce", "code_challenge"]) {
      expect(first.searchParams.get(name)).not.toBe(second.searchParams.get(name));
    }
  });

  it("are not set at all when the provider's checks are none", async () => {
    const { response } = await signIn(app(oauth2({ checks: ["none"] })), "acme");
    const names = response.headers.getSetCookie().map((cookie) => cookie.split("=")[0]);
    expect(names).not.toContain("authjs.pkce.code_verifier");
    expect(names).not.toContain("authjs.state");
    expect(names).not.toContain("authjs.nonce");
    const url = new URL(response.headers.get("location") as string);
    expect(url.searchParams.has("code_challenge")).toBe(false);
  });
});
