/**
 * The code grant's token request (RFC 6749 §4.1.3) and what is trusted of its answer (§5.1,
 * OpenID Connect Core §3.1.3.5): what latchkey sends, the provider's `token.params`, `conform` and
 * `request` hooks, an ID token required of OpenID Connect providers and verified (signature
 * included) whenever one comes back, whether by the standard request or a custom one, against the
 * nonce of this sign-in and the tenant's issuer.
 */
import type { JWTPayload } from "jose";
import * as oauth from "oauth4webapi";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { IdTokenRejected } from "../../../src/flows/oauth/id-token.js";
import { type CodeExchange, exchangeCode } from "../../../src/flows/oauth/token-request.js";
import type { OAuthConfig, OIDCConfig, TokenSet } from "../../../src/providers/types.js";
import { idTokenClaims, oidcProvider, type ScriptedIssuer, startScriptedIssuer } from "./scripted-issuer.js";

let issuer: ScriptedIssuer;
let server: oauth.AuthorizationServer;
beforeAll(async () => {
  issuer = await startScriptedIssuer();
  server = {
    issuer: issuer.origin,
    token_endpoint: `${issuer.origin}/token`,
    jwks_uri: `${issuer.origin}/jwks`,
  };
});
afterAll(() => issuer.close());
afterEach(() => {
  issuer.routes.delete("/token");
});

const REDIRECT_URI = "http://app.test/auth/callback/scripted";
const SECRET = "client-1-secret-0123456789abcdefghijklmnop";

/** The token endpoint answers `body` (an `id_token` given as claims is signed with the issuer's key). */
function tokenEndpointAnswers(body: Record<string, unknown>, idToken?: JWTPayload | string) {
  issuer.routes.set("/token", async () => ({
    body: {
      access_token: "at-1",
      token_type: "Bearer",
      expires_in: 3600,
      ...body,
      ...(idToken === undefined
        ? {}
        : { id_token: typeof idToken === "string" ? idToken : await issuer.sign(idToken) }),
    },
  }));
}

function exchange(provider: OAuthConfig, overrides: Partial<CodeExchange> = {}) {
  const client = { client_id: "client-1" };
  return exchangeCode({
    provider,
    server,
    client,
    // As the callback hands them over: validated (RFC 6749 §4.1.2), here without state.
    params: oauth.validateAuthResponse(
      overrides.server ?? server,
      client,
      new URLSearchParams({ code: "code-1" }),
      oauth.expectNoState,
    ),
    redirectUri: REDIRECT_URI,
    checks: { codeVerifier: "verifier-1" },
    ...overrides,
  });
}

const lastTokenRequest = () => {
  const request = issuer.requestsTo("/token").at(-1);
  if (!request) throw new Error("no token request");
  return { ...request, form: Object.fromEntries(new URLSearchParams(request.body)) };
};

const oidc = (overrides: Partial<OIDCConfig> = {}) => oidcProvider(issuer, overrides);
const oauth2 = (overrides: Partial<OAuthConfig> = {}) =>
  ({ ...oidcProvider(issuer), type: "oauth", ...overrides }) as OAuthConfig;

describe("the standard token request", () => {
  it("sends the code, the redirect URI and the PKCE verifier, authenticated with client_secret_basic", async () => {
    tokenEndpointAnswers({});
    const { tokens, idTokenClaims } = await exchange(oauth2());
    expect(tokens).toMatchObject({ access_token: "at-1", token_type: "bearer", expires_in: 3600 });
    expect(idTokenClaims).toBeUndefined();
    const request = lastTokenRequest();
    expect(request.method).toBe("POST");
    expect(request.form).toEqual({
      grant_type: "authorization_code",
      code: "code-1",
      redirect_uri: REDIRECT_URI,
      code_verifier: "verifier-1",
    });
    // RFC 6749 §2.3.1: id and secret, each form-urlencoded, in the Basic credentials.
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
    const [id, secret] = Buffer.from(basic, "base64").toString().split(":").map(decodeURIComponent);
    expect([id, secret]).toEqual(["client-1", SECRET]);
    expect(request.form).not.toHaveProperty("client_secret");
  });

  it("authenticates as the provider says: client_secret_post in the body, none with the client id alone", async () => {
    tokenEndpointAnswers({});
    await exchange(oauth2({ client: { token_endpoint_auth_method: "client_secret_post" } }));
    expect(lastTokenRequest().form).toMatchObject({ client_id: "client-1", client_secret: SECRET });
    expect(lastTokenRequest().headers.authorization).toBeUndefined();
    await exchange(oauth2({ clientSecret: undefined, client: { token_endpoint_auth_method: "none" } }));
    expect(lastTokenRequest().form).toMatchObject({ client_id: "client-1" });
    expect(lastTokenRequest().form).not.toHaveProperty("client_secret");
    expect(lastTokenRequest().headers.authorization).toBeUndefined();
  });

  it("sends no code_verifier when the sign-in used no PKCE", async () => {
    tokenEndpointAnswers({});
    await exchange(oauth2(), { checks: {} });
    expect(lastTokenRequest().form).not.toHaveProperty("code_verifier");
  });

  it("adds the provider's token.params to the grant", async () => {
    tokenEndpointAnswers({});
    await exchange(
      oauth2({ token: { url: `${issuer.origin}/token`, params: { resource: "https://api.test" } } }),
    );
    expect(lastTokenRequest().form).toMatchObject({ code: "code-1", resource: "https://api.test" });
  });

  it("lets token.conform repair the response before it is validated", async () => {
    // A provider answering tokens as a form, which conform turns into the JSON RFC 6749 §5.1 asks for.
    issuer.routes.set("/token", () => ({ body: "access_token=at-form&token_type=bearer" }));
    const provider = oauth2({
      token: {
        conform: async (response) => {
          const fields = Object.fromEntries(new URLSearchParams(await response.text()));
          return Response.json(fields, { status: response.status });
        },
      },
    });
    await expect(exchange(provider)).resolves.toMatchObject({ tokens: { access_token: "at-form" } });
    await expect(exchange(oauth2())).rejects.toThrow();
  });

  it("reports an error response of the token endpoint", async () => {
    issuer.routes.set("/token", () => ({ status: 400, body: { error: "invalid_grant" } }));
    await expect(exchange(oauth2())).rejects.toMatchObject({ error: "invalid_grant" });
  });

  it("refuses an OpenID Connect token response without an ID token", async () => {
    tokenEndpointAnswers({});
    await expect(exchange(oidc())).rejects.toThrow();
    await expect(exchange(oauth2())).resolves.toBeTruthy();
  });

  it("verifies the ID token and returns its claims", async () => {
    tokenEndpointAnswers({}, idTokenClaims(issuer, { nonce: "n-1" }));
    const { tokens, idTokenClaims: claims } = await exchange(oidc(), { checks: { nonce: "n-1" } });
    expect(claims).toMatchObject({ sub: "alice", nonce: "n-1" });
    expect(typeof tokens.id_token).toBe("string");
  });

  it("verifies an ID token an OAuth 2.0 provider sends, too", async () => {
    tokenEndpointAnswers({}, idTokenClaims(issuer));
    await expect(exchange(oauth2())).resolves.toMatchObject({ idTokenClaims: { sub: "alice" } });
  });

  it("refuses an ID token whose signature does not hold, which the response validation alone does not check", async () => {
    const signed = await issuer.sign(idTokenClaims(issuer));
    const [header, payload, signature] = signed.split(".") as [string, string, string];
    const flipped = `${header}.${payload}.${signature.slice(0, -4)}${signature.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
    tokenEndpointAnswers({}, flipped);
    await expect(exchange(oidc())).rejects.toThrow();
    await expect(exchange(oauth2())).rejects.toThrow();
  });

  it("refuses an ID token with a nonce when this sign-in sent none", async () => {
    tokenEndpointAnswers({}, idTokenClaims(issuer, { nonce: "n-1" }));
    await expect(exchange(oidc(), { checks: {} })).rejects.toThrow();
  });

  it("checks a multi-tenant issuer filled from the token's tenant claim", async () => {
    const template = `${issuer.origin}/{tenantid}/v2.0`;
    const provider = oidc({ issuer: template, issuerTenantClaim: "tid" });
    const at = { ...server, issuer: template };
    tokenEndpointAnswers(
      {},
      idTokenClaims(issuer, { iss: `${issuer.origin}/tenant-a/v2.0`, tid: "tenant-a" }),
    );
    await expect(exchange(provider, { server: at })).resolves.toMatchObject({
      idTokenClaims: { tid: "tenant-a" },
    });
    // Another tenant's issuer under this tenant's claim is refused.
    tokenEndpointAnswers(
      {},
      idTokenClaims(issuer, { iss: `${issuer.origin}/tenant-b/v2.0`, tid: "tenant-a" }),
    );
    await expect(exchange(provider, { server: at })).rejects.toThrow();
  });

  it("refuses a token response that is not JSON", async () => {
    issuer.routes.set("/token", () => ({
      body: "<html>oops</html>",
      headers: { "content-type": "application/json" },
    }));
    const error = await exchange(oidc()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/JSON/);
  });
});

describe("a custom token.request", () => {
  function custom(tokens: TokenSet, overrides: Partial<OIDCConfig> = {}, type: "oidc" | "oauth" = "oidc") {
    const seen: unknown[] = [];
    const provider = {
      ...oidc(overrides),
      type,
      token: {
        request: (context: unknown) => {
          seen.push(context);
          return { tokens };
        },
      },
    } as OAuthConfig;
    return { provider, seen };
  }

  it("replaces the token request, receiving the callback params, the verifier, the redirect URI and the provider", async () => {
    const before = issuer.requestsTo("/token").length;
    const { provider, seen } = custom({ access_token: "custom-at" }, {}, "oauth");
    await expect(exchange(provider)).resolves.toEqual({ tokens: { access_token: "custom-at" } });
    expect(seen).toEqual([
      {
        params: { code: "code-1" },
        checks: { code_verifier: "verifier-1" },
        redirectUri: REDIRECT_URI,
        provider,
      },
    ]);
    expect(issuer.requestsTo("/token").length).toBe(before);
  });

  it("receives no code_verifier key at all without PKCE (a request that spreads checks sends none)", async () => {
    const { provider, seen } = custom({ access_token: "custom-at" }, {}, "oauth");
    await exchange(provider, { checks: {} });
    expect(seen[0]).toHaveProperty("checks");
    expect(Object.keys((seen[0] as { checks: object }).checks)).toEqual([]);
  });

  it("must return an ID token for an OpenID Connect provider", async () => {
    const { provider } = custom({ access_token: "custom-at" });
    await expect(exchange(provider)).rejects.toThrow(new Error("token.request returned no id_token"));
  });

  it("has its ID token verified like any other: signature, issuer, nonce", async () => {
    const good = await issuer.sign(idTokenClaims(issuer, { nonce: "n-1" }));
    await expect(
      exchange(custom({ id_token: good }).provider, { checks: { nonce: "n-1" } }),
    ).resolves.toMatchObject({
      tokens: { id_token: good },
      idTokenClaims: { sub: "alice" },
    });
    await expect(
      exchange(custom({ id_token: good }).provider, { checks: { nonce: "n-2" } }),
    ).rejects.toBeInstanceOf(IdTokenRejected);
    const otherIssuer = await issuer.sign(idTokenClaims(issuer, { iss: "https://evil.example" }));
    await expect(exchange(custom({ id_token: otherIssuer }).provider)).rejects.toThrow();
    const [header, payload] = good.split(".");
    await expect(exchange(custom({ id_token: `${header}.${payload}.AAAA` }).provider)).rejects.toThrow();
  });

  it("has an OAuth 2.0 provider's ID token verified too", async () => {
    const forged = `${(await issuer.sign(idTokenClaims(issuer))).split(".").slice(0, 2).join(".")}.AAAA`;
    await expect(exchange(custom({ id_token: forged }, {}, "oauth").provider)).rejects.toThrow();
  });

  it("checks a multi-tenant issuer filled from the token's tenant claim", async () => {
    const template = `${issuer.origin}/{tenantid}/v2.0`;
    const token = await issuer.sign(
      idTokenClaims(issuer, { iss: `${issuer.origin}/tenant-a/v2.0`, tid: "tenant-a" }),
    );
    const { provider } = custom({ id_token: token }, { issuer: template, issuerTenantClaim: "tid" });
    await expect(exchange(provider, { server: { ...server, issuer: template } })).resolves.toMatchObject({
      idTokenClaims: { tid: "tenant-a" },
    });
  });
});
