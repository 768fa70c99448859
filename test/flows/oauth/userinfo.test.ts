/**
 * Where the profile of the person signing in comes from: the verified ID token's claims (OpenID
 * Connect), the userinfo endpoint, whose `sub` must be the ID token's (OpenID Connect Core §5.3.4),
 * an OAuth 2.0 provider's own user API called with the bearer token, or `userinfo.request`. A
 * userinfo answer that is not a JSON object, an error status or a redirect gives no profile.
 */
import type { JWTPayload } from "jose";
import type { AuthorizationServer } from "oauth4webapi";
import * as oauth from "oauth4webapi";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { InvalidConfig } from "../../../src/core/errors.js";
import { fetchProfile } from "../../../src/flows/oauth/userinfo.js";
import type { OAuthConfig, OIDCConfig, TokenSet } from "../../../src/providers/types.js";
import {
  oidcProvider,
  type ScriptedAnswer,
  type ScriptedIssuer,
  startScriptedIssuer,
} from "./scripted-issuer.js";

let issuer: ScriptedIssuer;
let server: AuthorizationServer;
beforeAll(async () => {
  issuer = await startScriptedIssuer();
  server = { issuer: issuer.origin, userinfo_endpoint: `${issuer.origin}/userinfo` };
});
afterAll(() => issuer.close());
afterEach(() => {
  issuer.routes.delete("/userinfo");
});

const TOKENS: TokenSet = { access_token: "at-123", token_type: "bearer" };
const CLAIMS: JWTPayload = {
  iss: "x",
  sub: "alice",
  aud: "client-1",
  name: "Alice",
  email: "alice@example.test",
};
/** An ID token of the code flow from an OP that returns the profile claims from userinfo only. */
const BARE_CLAIMS: JWTPayload = { iss: "x", sub: "alice", aud: "client-1" };

function answers(answer: ScriptedAnswer) {
  issuer.routes.set("/userinfo", () => answer);
}

const profileOf = (
  provider: OAuthConfig,
  /** null: no ID token came back. */
  idTokenClaims: JWTPayload | null = CLAIMS,
  at: AuthorizationServer = server,
) =>
  fetchProfile({
    provider,
    server: at,
    client: { client_id: "client-1" },
    tokens: TOKENS,
    idTokenClaims: idTokenClaims ?? undefined,
  });

const oidc = (overrides: Partial<OIDCConfig> = {}) => oidcProvider(issuer, overrides);
const oauth2 = (overrides: Partial<OAuthConfig> = {}) =>
  ({ ...oidcProvider(issuer), type: "oauth", ...overrides }) as OAuthConfig;

describe("OpenID Connect", () => {
  it("takes the verified ID token's claims, calling no endpoint", async () => {
    const before = issuer.requests.length;
    const profile = await profileOf(oidc());
    expect(profile).toEqual(CLAIMS);
    expect(profile).not.toBe(CLAIMS);
    expect(issuer.requests.length).toBe(before);
  });

  it("completes an ID token without name or e-mail from the userinfo endpoint (§5.4); the ID token's claims win", async () => {
    answers({
      body: { sub: "alice", name: "Alice", email: "alice@example.test", email_verified: true, aud: "other" },
    });
    const profile = await profileOf(oidc(), { ...BARE_CLAIMS, email: "alice@example.test" });
    expect(profile).toEqual({
      ...BARE_CLAIMS,
      name: "Alice",
      email: "alice@example.test",
      email_verified: true,
    });
    expect(issuer.requestsTo("/userinfo").at(-1)?.headers.authorization).toBe("Bearer at-123");
  });

  it("refuses a completing userinfo answer about another user (§5.3.4)", async () => {
    answers({ body: { sub: "mallory", name: "Mallory", email: "mallory@example.test" } });
    await expect(profileOf(oidc(), BARE_CLAIMS)).rejects.toMatchObject({
      code: oauth.JSON_ATTRIBUTE_COMPARISON,
      cause: { attribute: "sub", expected: "alice" },
    });
  });

  it("keeps an ID token without name or e-mail as it is when the server names no userinfo endpoint", async () => {
    const before = issuer.requests.length;
    const profile = await profileOf(oidc(), BARE_CLAIMS, { issuer: issuer.origin });
    expect(profile).toEqual(BARE_CLAIMS);
    expect(issuer.requests.length).toBe(before);
  });

  it("with idToken: false, asks the userinfo endpoint with the bearer token, and takes its answer", async () => {
    answers({ body: { sub: "alice", name: "Alice from userinfo" } });
    const profile = await profileOf(oidc({ idToken: false }));
    expect(profile).toEqual({ sub: "alice", name: "Alice from userinfo" });
    expect(issuer.requestsTo("/userinfo").at(-1)?.headers.authorization).toBe("Bearer at-123");
  });

  it("with idToken: false, refuses a userinfo answer about another user (§5.3.4)", async () => {
    answers({ body: { sub: "mallory", name: "Mallory" } });
    await expect(profileOf(oidc({ idToken: false }))).rejects.toMatchObject({
      code: oauth.JSON_ATTRIBUTE_COMPARISON,
      cause: { attribute: "sub", expected: "alice" },
    });
  });

  it("with idToken: false, sends the provider's userinfo params", async () => {
    answers({ body: { sub: "alice" } });
    await profileOf(oidc({ idToken: false, userinfo: { params: { fields: "name,email" } } }));
    expect(issuer.requestsTo("/userinfo").at(-1)?.query).toEqual({ fields: "name,email" });
  });

  it("without ID-token claims (no ID token came back), reads the user API without a sub to compare", async () => {
    answers({ body: { id: 7, name: "No sub here" } });
    await expect(profileOf(oidc(), null)).resolves.toEqual({ id: 7, name: "No sub here" });
  });
});

describe("an OAuth 2.0 user API", () => {
  it("is called with the bearer token, asking for JSON, with a user-agent, and the provider's params in the query", async () => {
    answers({ body: { id: 42, login: "octocat" } });
    const profile = await profileOf(oauth2({ userinfo: { params: { fields: "id,login", v: "2" } } }), null);
    expect(profile).toEqual({ id: 42, login: "octocat" });
    const request = issuer.requestsTo("/userinfo").at(-1);
    expect(request?.headers).toMatchObject({
      authorization: "Bearer at-123",
      accept: "application/json",
      "user-agent": "latchkey",
    });
    expect(request?.query).toEqual({ fields: "id,login", v: "2" });
  });

  it("is the profile even when an ID token came back, and its id need not be the ID token's sub", async () => {
    answers({ body: { id: 42, sub: "someone-else" } });
    await expect(profileOf(oauth2())).resolves.toEqual({ id: 42, sub: "someone-else" });
  });

  it.each([
    [{ status: 401, body: { error: "invalid_token" } }, "the userinfo endpoint answered 401"],
    [{ status: 302, headers: { location: "https://evil.example/me" } }, "the userinfo endpoint answered 302"],
    [{ body: [{ id: 1 }] }, "the userinfo endpoint did not answer a JSON object"],
    [{ body: null }, "the userinfo endpoint did not answer a JSON object"],
    [
      { body: '"octocat"', headers: { "content-type": "application/json" } },
      "the userinfo endpoint did not answer a JSON object",
    ],
  ])("gives no profile for %o", async (answer, message) => {
    answers(answer as ScriptedAnswer);
    await expect(profileOf(oauth2(), null)).rejects.toThrow(new Error(message));
  });

  it("must be named: without a userinfo endpoint the provider is misconfigured", async () => {
    await expect(profileOf(oauth2(), null, { issuer: issuer.origin })).rejects.toThrow(
      new InvalidConfig('Provider "scripted" names no userinfo endpoint; set `userinfo`.'),
    );
  });
});

describe("userinfo.request", () => {
  it("replaces the userinfo request, receiving the tokens and the provider", async () => {
    const before = issuer.requests.length;
    const seen: unknown[] = [];
    const provider = oauth2({
      userinfo: {
        url: `${issuer.origin}/userinfo`,
        request: (context) => {
          seen.push(context);
          return { id: "custom" };
        },
      },
    });
    await expect(profileOf(provider, null)).resolves.toEqual({ id: "custom" });
    expect(seen).toEqual([{ tokens: TOKENS, provider }]);
    expect(issuer.requests.length).toBe(before);
  });

  it("is used by an OpenID Connect provider with idToken: false", async () => {
    const provider = oidc({
      idToken: false,
      userinfo: { request: () => ({ sub: "alice", from: "request" }) },
    });
    await expect(profileOf(provider)).resolves.toEqual({ sub: "alice", from: "request" });
  });
});
