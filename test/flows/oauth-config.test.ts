/**
 * OAuth and OpenID Connect providers at startup: an issuer must be a URL, https except on loopback
 * (RFC 8252 §8.3 allows plain http only there), and the sign-in page shows the provider's colours.
 */
import { describe, expect, it } from "vitest";
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
