/**
 * What an OAuth or OIDC provider needs before it can sign anyone in, checked at startup (see
 * test/flows/oauth-config.test.ts for the refusal through `Auth()`): a client id, a client secret for the secret-based authentication methods
 * (RFC 6749 §2.3.1), and either discovery or both endpoint URLs. Each refusal says what to set.
 */
import { describe, expect, it } from "vitest";
import { InvalidConfig, InvalidEndpoints } from "../../../src/core/errors.js";
import { assertUsable } from "../../../src/flows/oauth/usable.js";
import type { OAuthConfig } from "../../../src/providers/types.js";

const provider = (overrides: Partial<OAuthConfig> = {}): OAuthConfig =>
  ({
    id: "acme-corp",
    name: "Acme",
    type: "oauth",
    clientId: "client",
    clientSecret: "secret",
    issuer: "https://id.acme.test",
    ...overrides,
  }) as OAuthConfig;

function refusal(config: OAuthConfig): string {
  try {
    assertUsable(config);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidConfig);
    return (error as Error).message;
  }
  throw new Error("assertUsable accepted the provider");
}

describe("assertUsable", () => {
  it("accepts a discoverable provider with a client id and secret", () => {
    expect(() => assertUsable(provider())).not.toThrow();
  });

  it.each([undefined, ""])("refuses a client id of %j, naming the variable to set", (clientId) => {
    expect(refusal(provider({ clientId }))).toBe(
      'Provider "acme-corp" has no clientId; set `clientId` or AUTH_ACME_CORP_ID.',
    );
  });

  it.each(["client_secret_basic", "client_secret_post"] as const)(
    "refuses %s without a client secret",
    (method) => {
      expect(
        refusal(provider({ clientSecret: undefined, client: { token_endpoint_auth_method: method } })),
      ).toBe(
        `Provider "acme-corp" authenticates with ${method} but has no clientSecret; set \`clientSecret\` or AUTH_ACME_CORP_SECRET, or client.token_endpoint_auth_method "none" for a public client.`,
      );
    },
  );

  it("refuses the default method (client_secret_basic) with an empty secret", () => {
    expect(refusal(provider({ clientSecret: "" }))).toContain("authenticates with client_secret_basic");
  });

  it.each(["none", "private_key_jwt"] as const)("lets %s go without a client secret", (method) => {
    expect(() =>
      assertUsable(provider({ clientSecret: undefined, client: { token_endpoint_auth_method: method } })),
    ).not.toThrow();
  });

  it("accepts wellKnown instead of issuer for discovery", () => {
    expect(() =>
      assertUsable(
        provider({ issuer: undefined, wellKnown: "https://id.acme.test/.well-known/openid-configuration" }),
      ),
    ).not.toThrow();
  });

  it("accepts a provider without discovery that names its three endpoints, as URLs or { url }", () => {
    const endpoints = {
      issuer: undefined,
      authorization: "https://acme.test/authorize",
      userinfo: { url: "https://acme.test/me" },
    };
    expect(() => assertUsable(provider({ ...endpoints, token: "https://acme.test/token" }))).not.toThrow();
    expect(() =>
      assertUsable(provider({ ...endpoints, token: { url: "https://acme.test/token" } })),
    ).not.toThrow();
  });

  it("accepts a userinfo.request of its own instead of a userinfo URL", () => {
    const ownRequest = provider({
      issuer: undefined,
      authorization: "https://acme.test/authorize",
      token: "https://acme.test/token",
      userinfo: { request: () => ({ id: "1" }) },
    });
    expect(() => assertUsable(ownRequest)).not.toThrow();
  });

  const userinfo = "https://acme.test/me";
  it.each<[string, Partial<OAuthConfig>, string]>([
    ["no endpoint", {}, "the `authorization`, `token`, `userinfo` endpoint URLs"],
    [
      "only the authorization endpoint",
      { authorization: "https://acme.test/authorize", userinfo },
      "the `token` endpoint URL",
    ],
    [
      "only the token endpoint",
      { token: "https://acme.test/token", userinfo },
      "the `authorization` endpoint URL",
    ],
    [
      "a token option without a url",
      { authorization: "https://acme.test/authorize", token: { params: {} }, userinfo },
      "the `token` endpoint URL",
    ],
    [
      "no userinfo endpoint",
      { authorization: "https://acme.test/authorize", token: "https://acme.test/token" },
      "the `userinfo` endpoint URL",
    ],
  ])("refuses a provider without discovery and with %s, as InvalidEndpoints", (_, endpoints, lacks) => {
    expect(() => assertUsable(provider({ issuer: undefined, ...endpoints }))).toThrow(InvalidEndpoints);
    expect(refusal(provider({ issuer: undefined, ...endpoints }))).toBe(
      `Provider "acme-corp" needs \`issuer\` (or \`wellKnown\`) for discovery, or ${lacks} it lacks.`,
    );
  });
});
