/**
 * OAuth and OpenID Connect providers at startup: an issuer must be a URL, https except on loopback
 * (RFC 8252 §8.3 allows plain http only there), a provider that could not sign anyone in (no client
 * credentials, nowhere to send the user) is refused, and the sign-in page shows the provider's colours.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OIDCConfig, ProviderConfig } from "../../src/providers/types.js";
import { makeConfig, recordingLogger, send } from "../core/helpers.js";

const oidc = (overrides: Partial<OIDCConfig> = {}): ProviderConfig => ({
  id: "acme",
  name: "Acme",
  type: "oidc",
  clientId: "client",
  clientSecret: "secret",
  issuer: "https://id.acme.test",
  ...overrides,
});

async function startup(provider: ProviderConfig): Promise<{ status: number; log: string }> {
  const log = recordingLogger();
  const response = await send(makeConfig({ providers: [provider], logger: log.logger }), "/providers");
  return { status: response.status, log: log.text() };
}

describe("an OAuth or OIDC issuer", () => {
  it.each([
    "https://id.acme.test",
    "https://id.acme.test:8443/tenant",
    "http://localhost:8080",
    "http://127.0.0.1",
    "http://[::1]:9000",
  ])("%s is accepted", async (issuer) => {
    expect((await startup(oidc({ issuer }))).status).toBe(200);
  });

  it.each(["http://id.acme.test", "ftp://localhost", "ws://127.0.0.1"])(
    "%s is refused: it must use https",
    async (issuer) => {
      expect(await startup(oidc({ issuer }))).toEqual({
        status: 500,
        log: `InvalidConfig: The issuer of provider "acme" must use https (got ${issuer}); plain http is allowed only for 127.0.0.1, [::1] and localhost. (see docs/errors.md#invalidconfig)`,
      });
    },
  );

  it("that is not a URL is refused, quoting it", async () => {
    expect((await startup(oidc({ issuer: "id.acme.test" }))).log).toBe(
      'InvalidConfig: The issuer of provider "acme" is not a URL: "id.acme.test". (see docs/errors.md#invalidconfig)',
    );
  });
});

describe("the sign-in button", () => {
  it("wears the provider's brand colour", async () => {
    const provider = oidc({ style: { brandColor: "#123456" } });
    const html = await (await send(makeConfig({ providers: [provider] }), "/signin")).text();
    expect(html).toContain("#123456");
  });
});

describe("an OAuth or OIDC provider's endpoints", () => {
  const refusal = (what: string, value: string) =>
    `InvalidConfig: The ${what} of provider "acme" must use https (got ${value}); plain http is allowed only for 127.0.0.1, [::1] and localhost. (see docs/errors.md#invalidconfig)`;

  it.each([
    ["wellKnown", { wellKnown: "http://id.acme.test/.well-known/openid-configuration" }],
    ["authorization endpoint", { authorization: "http://id.acme.test/authorize" }],
    ["authorization endpoint", { authorization: { url: "http://id.acme.test/authorize" } }],
    ["token endpoint", { token: "http://id.acme.test/token" }],
    ["token endpoint", { token: { url: "http://id.acme.test/token" } }],
    ["userinfo endpoint", { userinfo: "http://id.acme.test/me" }],
    ["redirectProxyUrl", { redirectProxyUrl: "http://proxy.acme.test/auth" }],
  ] as const)("refuses a plain-http %s outside loopback, naming it", async (what, overrides) => {
    const value = Object.values(overrides)[0] as string | { url: string };
    const url = typeof value === "string" ? value : value.url;
    expect(await startup(oidc(overrides as Partial<OIDCConfig>))).toEqual({
      status: 500,
      log: refusal(what, url),
    });
  });

  it("refuses a plain-http app-wide redirectProxyUrl as the provider's own", async () => {
    const log = recordingLogger();
    const config = makeConfig({
      providers: [oidc()],
      redirectProxyUrl: "http://proxy.acme.test/auth",
      logger: log.logger,
    });
    expect((await send(config, "/providers")).status).toBe(500);
    expect(log.text()).toBe(refusal("redirectProxyUrl", "http://proxy.acme.test/auth"));
  });

  it.each(["http://localhost.acme.test", "http://127.0.0.2", "http://[::2]"])(
    "refuses %s: only the loopback names themselves may use http",
    async (issuer) => {
      expect((await startup(oidc({ issuer }))).status).toBe(500);
    },
  );

  it("accepts https endpoints and loopback http endpoints beside an issuer", async () => {
    expect(
      (
        await startup(
          oidc({
            wellKnown: "https://id.acme.test/.well-known/openid-configuration",
            authorization: { url: "http://127.0.0.1:9000/authorize" },
            token: "https://id.acme.test/token",
            userinfo: "http://localhost/me",
            redirectProxyUrl: "https://proxy.acme.test/auth",
          }),
        )
      ).status,
    ).toBe(200);
  });

  it("names a wellKnown that is not a URL", async () => {
    expect((await startup(oidc({ wellKnown: "openid-configuration" }))).log).toBe(
      'InvalidConfig: The wellKnown of provider "acme" is not a URL: "openid-configuration". (see docs/errors.md#invalidconfig)',
    );
  });
});

describe("an OAuth or OIDC provider's checks", () => {
  const invalid = (message: string) => ({
    status: 500,
    log: `InvalidConfig: ${message} (see docs/errors.md#invalidconfig)`,
  });

  it("must be an array", async () => {
    expect(await startup(oidc({ checks: "pkce" as never }))).toEqual(
      invalid('checks of provider "acme" must be an array, e.g. ["pkce", "state"].'),
    );
  });

  it("may not name a check the provider type cannot use", async () => {
    expect(await startup(oidc({ type: "oauth", checks: ["nonce"] } as never))).toEqual(
      invalid(
        'Provider "acme" has the check "nonce", which a provider of type "oauth" cannot use; use "none", "state", "pkce".',
      ),
    );
    expect(await startup(oidc({ checks: ["pkce", "plain"] as never }))).toEqual(
      invalid(
        'Provider "acme" has the check "plain", which a provider of type "oidc" cannot use; use "none", "state", "nonce", "pkce".',
      ),
    );
  });

  it("accepts each check its type allows", async () => {
    expect((await startup(oidc({ checks: ["pkce", "state", "nonce"] }))).status).toBe(200);
    expect((await startup(oidc({ checks: ["none"] }))).status).toBe(200);
    expect((await startup(oidc({ type: "oauth", checks: ["state", "pkce"] } as never))).status).toBe(200);
    expect((await startup(oidc({ type: "oauth", checks: ["none"] } as never))).status).toBe(200);
  });

  it('may not list "none" beside another check', async () => {
    expect(await startup(oidc({ checks: ["none", "state"] }))).toEqual(
      invalid('checks of provider "acme" lists "none" beside other checks; pick one.'),
    );
  });

  it("must include PKCE for a public client", async () => {
    const publicClient = { clientSecret: undefined, client: { token_endpoint_auth_method: "none" as const } };
    const message =
      'Provider "acme" is a public client (token_endpoint_auth_method "none"), which must use PKCE: add "pkce" to its checks.';
    expect(await startup(oidc({ ...publicClient, checks: ["state"] }))).toEqual(invalid(message));
    expect(await startup(oidc({ ...publicClient, checks: ["none"] }))).toEqual(invalid(message));
    expect((await startup(oidc({ ...publicClient }))).status).toBe(200);
    // A confidential client may go without.
    expect((await startup(oidc({ checks: ["state"] }))).status).toBe(200);
  });
});

describe("an OAuth or OIDC provider that could not sign anyone in", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  const invalid = (message: string) => ({
    status: 500,
    log: `InvalidConfig: ${message} (see docs/errors.md#invalidconfig)`,
  });

  it("is refused at startup without a client id, naming the provider and the variable to set", async () => {
    expect(await startup(oidc({ clientId: undefined }))).toEqual(
      invalid('Provider "acme" has no clientId; set `clientId` or AUTH_ACME_ID.'),
    );
  });

  it("is refused at startup without the client secret its authentication method needs", async () => {
    expect(await startup(oidc({ clientSecret: undefined }))).toEqual(
      invalid(
        'Provider "acme" authenticates with client_secret_basic but has no clientSecret; set `clientSecret` or AUTH_ACME_SECRET, or client.token_endpoint_auth_method "none" for a public client.',
      ),
    );
  });

  it("is refused at startup as an oidc provider with neither issuer nor endpoints, as InvalidEndpoints", async () => {
    expect(await startup(oidc({ issuer: undefined }))).toEqual({
      status: 500,
      log: 'InvalidEndpoints: Provider "acme" needs `issuer` (or `wellKnown`) for discovery, or the `authorization`, `token`, `userinfo` endpoint URLs it lacks. (see docs/errors.md#invalidendpoints)',
    });
  });

  it("is refused as InvalidEndpoints before its missing client id: the endpoints are the first fix", async () => {
    expect(await startup(oidc({ issuer: undefined, clientId: undefined }))).toEqual({
      status: 500,
      log: 'InvalidEndpoints: Provider "acme" needs `issuer` (or `wellKnown`) for discovery, or the `authorization`, `token`, `userinfo` endpoint URLs it lacks. (see docs/errors.md#invalidendpoints)',
    });
  });

  it("starts with the client id, secret and issuer the AUTH_ACME_* variables fill in", async () => {
    vi.stubEnv("AUTH_ACME_ID", "client-from-env");
    vi.stubEnv("AUTH_ACME_SECRET", "secret-from-env");
    vi.stubEnv("AUTH_ACME_ISSUER", "https://id.acme.test");
    const bare = oidc({ clientId: undefined, clientSecret: undefined, issuer: undefined });
    expect((await startup(bare)).status).toBe(200);
  });

  it("starts as a public client without a secret (token_endpoint_auth_method none)", async () => {
    const publicClient = oidc({ clientSecret: undefined, client: { token_endpoint_auth_method: "none" } });
    expect((await startup(publicClient)).status).toBe(200);
  });
});

describe("an OAuth or OIDC provider's client authentication", () => {
  it("must be a method latchkey knows", async () => {
    expect(
      await startup(oidc({ client: { token_endpoint_auth_method: "client_secret_jwt" as never } })),
    ).toEqual({
      status: 500,
      log: 'InvalidConfig: Provider "acme" has client.token_endpoint_auth_method "client_secret_jwt"; use one of client_secret_basic, client_secret_post, private_key_jwt, none. (see docs/errors.md#invalidconfig)',
    });
  });

  it.each(["client_secret_basic", "client_secret_post", "private_key_jwt", "none"] as const)(
    "accepts %s",
    async (method) => {
      expect((await startup(oidc({ client: { token_endpoint_auth_method: method } }))).status).toBe(200);
    },
  );
});

describe("an OAuth or OIDC provider with an adapter", () => {
  it("needs the adapter methods that store users and link accounts", async () => {
    const { MemoryAdapter } = await import("../../src/adapters/memory.js");
    for (const method of [
      "createUser",
      "getUser",
      "getUserByAccount",
      "getUserByEmail",
      "linkAccount",
      "updateUser",
    ]) {
      const adapter = { ...MemoryAdapter(), [method]: undefined };
      const log = recordingLogger();
      const config = makeConfig({
        providers: [oidc()],
        adapter,
        session: { strategy: "jwt" },
        logger: log.logger,
      });
      expect((await send(config, "/providers")).status, method).toBe(500);
      expect(log.text()).toContain(`The adapter lacks methods this configuration calls: ${method}.`);
    }
  });
});
