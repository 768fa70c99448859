/**
 * The provider catalogue, one table for every module under src/providers/: each OAuth/OIDC
 * provider builds with and without options, names only https endpoints, turns a profile shaped
 * like its documented answer into the user latchkey stores, takes its client credentials from
 * AUTH_<ID>_ID / _SECRET (/ _ISSUER), and keeps the app's overrides over its defaults. A module
 * without a sample row in catalogue-samples.ts fails here.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { defaultProfile, vouchesForAddress } from "../../src/flows/oauth/account.js";
import { Auth, type AuthConfig } from "../../src/index.js";
import { resolveConfig } from "../../src/pipeline/resolve-config.js";
import Apple from "../../src/providers/apple.js";
import AzureAD from "../../src/providers/azure-ad.js";
import AzureDevOps from "../../src/providers/azure-devops.js";
import GitHub from "../../src/providers/github.js";
import Google from "../../src/providers/google.js";
import MicrosoftEntraID from "../../src/providers/microsoft-entra-id.js";
import OAuth from "../../src/providers/oauth.js";
import OIDC from "../../src/providers/oidc.js";
import type { OAuthConfig, Profile, ProviderConfig } from "../../src/providers/types.js";
import { HTTP_APP, recordingLogger, SECRET } from "../core/helpers.js";
import { type OAuthSample, SAMPLES } from "./catalogue-samples.js";

const PROVIDERS = fileURLToPath(new URL("../../src/providers/", import.meta.url));
/** The provider configuration types, re-exported for apps; not a provider. */
const NOT_A_PROVIDER = new Set(["types"]);

/** Every module under src/providers/, by the id `latchkey/providers/<id>` imports it with. */
const MODULE_IDS = readdirSync(PROVIDERS)
  .filter((file) => file.endsWith(".ts"))
  .map((file) => file.slice(0, -".ts".length))
  .filter((id) => !NOT_A_PROVIDER.has(id))
  .sort();

type Factory = (options?: Record<string, unknown>) => ProviderConfig;
const FACTORIES = new Map<string, Factory>(
  await Promise.all(
    MODULE_IDS.map(async (id) => {
      const source = new URL(`../../src/providers/${id}.ts`, import.meta.url).href;
      const module = (await import(/* @vite-ignore */ source)) as { default: Factory };
      return [id, module.default] as const;
    }),
  ),
);

const OAUTH_IDS = MODULE_IDS.filter((id) => SAMPLES[id]?.kind === "oauth");
const sampleOf = (id: string) => SAMPLES[id] as OAuthSample;
const envPrefix = (id: string) => `AUTH_${id.toUpperCase().replace(/-/g, "_")}`;
const CREDENTIALS = { clientId: "client-id", clientSecret: "client-secret" };

/** Every endpoint URL a provider names by itself (discovery finds the rest from its issuer). */
function endpointUrls(provider: OAuthConfig): string[] {
  const urlOf = (endpoint: unknown) =>
    typeof endpoint === "string" ? endpoint : (endpoint as { url?: string } | undefined)?.url;
  return [
    provider.issuer,
    provider.wellKnown,
    urlOf(provider.authorization),
    urlOf(provider.token),
    urlOf(provider.userinfo),
    provider.jwks_endpoint,
  ].filter((url): url is string => typeof url === "string");
}

describe("the catalogue's coverage", () => {
  it("has a sample row for every module under src/providers/, and no row without a module", () => {
    expect(MODULE_IDS.filter((id) => SAMPLES[id] === undefined)).toEqual([]);
    expect(Object.keys(SAMPLES).filter((id) => !MODULE_IDS.includes(id))).toEqual([]);
  });

  it("offers a module for every provider id @auth/core ships, so an app switches its imports and nothing else", () => {
    const oracle = fileURLToPath(new URL("../../node_modules/@auth/core/providers/", import.meta.url));
    const authjsIds = readdirSync(oracle)
      .filter((file) => file.endsWith(".js"))
      .map((file) => file.slice(0, -".js".length))
      .filter((id) => id !== "index" && id !== "provider-types");
    expect(authjsIds.filter((id) => !MODULE_IDS.includes(id))).toEqual([]);
  });

  it("gives each module's default export the type its row says", () => {
    for (const id of MODULE_IDS) {
      const sample = SAMPLES[id];
      if (!sample || sample.kind === "generic") continue;
      const built = (FACTORIES.get(id) as Factory)({ ...CREDENTIALS, ...sample.options });
      const types = sample.kind === "oauth" ? ["oauth", "oidc"] : [sample.kind];
      expect(types, id).toContain(built.type);
    }
  });
});

/**
 * The ids README.md lists between `<!-- provider-list:<name> -->` and its closing marker: bare
 * backticked ids, or the `latchkey/providers/<id>` imports of a table.
 */
function readmeList(name: string): string[] {
  const readme = readFileSync(fileURLToPath(new URL("../../README.md", import.meta.url)), "utf8");
  const block = readme.match(
    new RegExp(`<!-- provider-list:${name} -->([\\s\\S]*?)<!-- /provider-list:${name} -->`),
  );
  expect(block, `README.md has no provider-list:${name} block`).not.toBeNull();
  // The OAuth list is bare ids; the mail services' table names each by its import.
  const entry = name === "mail" ? /`latchkey\/providers\/([a-z0-9-]+)`/g : /`([a-z0-9-]+)`/g;
  return [...(block?.[1] ?? "").matchAll(entry)].map((match) => match[1] as string);
}

describe("the README's provider lists", () => {
  it("list every OAuth/OIDC catalogue module (in order) and every mail-service module, and nothing else", () => {
    const mailServiceIds = MODULE_IDS.filter(
      (id) => SAMPLES[id]?.kind === "email" && id !== "email" && id !== "nodemailer",
    );
    expect(readmeList("oauth")).toEqual(OAUTH_IDS);
    expect([...readmeList("mail")].sort()).toEqual(mailServiceIds);
  });
});

describe.each(OAUTH_IDS)("provider %s", (id) => {
  const factory = FACTORIES.get(id) as Factory;
  const sample = sampleOf(id);
  const configured = () => factory({ ...CREDENTIALS, ...sample.options }) as OAuthConfig;

  it("builds without options, under its module's id", () => {
    const provider = factory() as OAuthConfig;
    expect(provider.id).toBe(id);
    expect(["oauth", "oidc"]).toContain(provider.type);
    for (const url of endpointUrls(provider)) expect(url, url).toMatch(/^https:\/\//);
  });

  it("builds with options, naming https endpoints the flow can use", () => {
    const provider = configured();
    expect(provider).toMatchObject({ id, clientId: "client-id", clientSecret: "client-secret" });
    const urls = endpointUrls(provider);
    for (const url of urls) expect(url, url).toMatch(/^https:\/\/[^/]+/);
    // Discovery from the issuer, or both endpoints of the code flow named outright.
    const named = (endpoint: unknown) => endpoint !== undefined;
    expect(
      typeof provider.issuer === "string" || (named(provider.authorization) && named(provider.token)),
    ).toBe(true);
  });

  it("maps a profile shaped like its documented answer to id, name, e-mail and image", async () => {
    const provider = configured();
    const user = await (provider.profile ?? defaultProfile)(sample.profile as never, {
      access_token: "at",
      token_type: "bearer",
    });
    expect(user).toEqual(sample.user);
  });

  it(`takes its client credentials${sample.issuerFromEnv ? " and issuer" : ""} from ${envPrefix(id)}_*`, () => {
    const prefix = envPrefix(id);
    const env = {
      [`${prefix}_ID`]: "env-id",
      [`${prefix}_SECRET`]: "env-secret",
      [`${prefix}_ISSUER`]: "https://tenant.example",
    };
    const provider = () => factory(sample.issuerFromEnv ? {} : sample.options);
    const [resolved] = resolveConfig({ providers: [provider], secret: "s".repeat(32) }, env)
      .providers as OAuthConfig[];
    expect(resolved).toMatchObject({ id, clientId: "env-id", clientSecret: "env-secret" });
    if (sample.issuerFromEnv) expect(resolved?.issuer).toBe("https://tenant.example");
  });
});

describe("the app's options over a provider's defaults", () => {
  it("keeps the app's options over the defaults, merging authorization params into the default URL", () => {
    const provider = GitHub({
      clientId: "id",
      authorization: { params: { scope: "read:user" } },
      name: "GitHub (work)",
    });
    expect(provider.authorization).toEqual({
      url: "https://github.com/login/oauth/authorize",
      params: { scope: "read:user" },
    });
    expect(provider).toMatchObject({ id: "github", name: "GitHub (work)", type: "oauth", clientId: "id" });
  });

  it("offers the generic oidc and oauth types with the default profile", () => {
    const oidc = OIDC({ id: "corp", name: "Corp", issuer: "https://sso.example" });
    const oauth = OAuth({
      id: "acme",
      name: "Acme",
      authorization: "https://acme.example/a",
      token: "https://acme.example/t",
    });
    expect(oidc.type).toBe("oidc");
    expect(oauth.type).toBe("oauth");
  });
});

describe("Microsoft Entra ID's tenant", () => {
  it("is the one an Auth.js-style issuer names, checked exactly against that tenant's metadata", () => {
    const tenant = "72f988bf-86f1-41af-91ab-2d7cd011db47";
    const provider = MicrosoftEntraID({ issuer: `https://login.microsoftonline.com/${tenant}/v2.0/` });
    expect(provider).toMatchObject({
      issuer: `https://login.microsoftonline.com/${tenant}/v2.0`,
      wellKnown: `https://login.microsoftonline.com/${tenant}/v2.0/.well-known/openid-configuration`,
    });
    expect(provider.issuerTenantClaim).toBeUndefined();
    expect(
      MicrosoftEntraID({ issuer: "https://login.microsoftonline.com/organizations/v2.0" }),
    ).toMatchObject({
      issuer: "https://login.microsoftonline.com/{tenantid}/v2.0",
      issuerTenantClaim: "tid",
    });
  });
});

describe("deprecated provider names", () => {
  it("azure-ad is Microsoft Entra ID under its old id, so the registered redirect URI keeps working", () => {
    const azure = AzureAD({ clientId: "id", clientSecret: "secret", tenantId: "organizations" });
    const entra = MicrosoftEntraID({ clientId: "id", clientSecret: "secret", tenantId: "organizations" });
    expect(azure).toMatchObject({
      id: "azure-ad",
      type: "oidc",
      issuer: entra.issuer,
      wellKnown: entra.wellKnown,
    });
  });

  it.each([
    ["azure-ad", AzureAD],
    ["azure-devops", AzureDevOps],
  ] as const)("%s says once, through the config's logger, which module replaces it", async (id, factory) => {
    const { logger, warningLines } = recordingLogger();
    const provider = factory({ clientId: "id", clientSecret: "secret" });
    const config: AuthConfig = { providers: [provider], secret: SECRET, trustHost: true, logger };
    await Auth(new Request(`${HTTP_APP}/auth/providers`), config);
    await Auth(new Request(`${HTTP_APP}/auth/providers`), config);
    expect(warningLines).toEqual([
      `DeprecatedProvider: latchkey/providers/${id} is deprecated; import latchkey/providers/microsoft-entra-id instead. See docs/errors.md#deprecatedprovider.`,
    ]);
  });
});

describe("who vouches for an address (trustEmailVerified)", () => {
  const vouches = (provider: OAuthConfig, profile: Profile) =>
    vouchesForAddress(provider, profile, String(profile.email));
  // The catalogue providers whose documentation says they verify addresses: Google (for the
  // addresses it is authoritative for), Apple, and github.com.
  const TRUSTED = new Set(["google", "apple", "github"]);

  it.each(OAUTH_IDS)("%s vouches for addresses by default only if it is in the trusted set", (id) => {
    const provider = (FACTORIES.get(id) as Factory)({
      ...CREDENTIALS,
      ...sampleOf(id).options,
    }) as OAuthConfig;
    expect(provider.trustEmailVerified !== undefined && provider.trustEmailVerified !== false).toBe(
      TRUSTED.has(id),
    );
  });

  it("Google vouches for Gmail and Workspace addresses only (where Google is authoritative)", () => {
    const google = Google();
    expect(vouches(google, { email: "jane@gmail.com", email_verified: true })).toBe(true);
    expect(vouches(google, { email: "jane@corp.example", email_verified: true, hd: "corp.example" })).toBe(
      true,
    );
    expect(vouches(google, { email: "jane@elsewhere.example", email_verified: true })).toBe(false);
    expect(vouches(google, { email: "jane@gmail.com", email_verified: false })).toBe(false);
  });

  it("Apple vouches when it says so, as a boolean or as the string it sometimes sends", () => {
    const apple = Apple();
    expect(vouches(apple, { email: "j@privaterelay.appleid.com", email_verified: "true" })).toBe(true);
    expect(vouches(apple, { email: "j@icloud.com", email_verified: true })).toBe(true);
    expect(vouches(apple, { email: "j@icloud.com", email_verified: "false" })).toBe(false);
  });

  it("Microsoft Entra ID, whose email claim a tenant admin sets at will, never vouches unless the app says so", () => {
    expect(vouches(MicrosoftEntraID(), { email: "ceo@victim.example", email_verified: true })).toBe(false);
    const trusted = MicrosoftEntraID({ trustEmailVerified: true });
    expect(vouches(trusted, { email: "ceo@victim.example", email_verified: true })).toBe(true);
  });

  it("the generic oidc and oauth types never vouch unless the app says so", () => {
    const claims = { email: "jane@example.test", email_verified: true };
    expect(vouches(OIDC({ id: "corp", name: "Corp", issuer: "https://id.example" }), claims)).toBe(false);
    expect(vouches(OAuth({ id: "corp", name: "Corp", issuer: "https://id.example" }), claims)).toBe(false);
  });
});
