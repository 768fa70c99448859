/**
 * `checkConfig` reports what `Auth()` would refuse or warn about, every problem at once, and agrees
 * with `Auth()`: an empty report means a request is served, a refusal is always in the report.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import type { Adapter } from "../../src/adapters/types.js";
import { Auth, type AuthConfig, checkConfig } from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import GitHub from "../../src/providers/github.js";
import Google from "../../src/providers/google.js";

const STRONG = "k3X9vQpL2mZ8rT4wY7uB1nE6sD0fH5jA9cG2xV8bN4q";
const DEV: Record<string, string> = { AUTH_SECRET: STRONG };
const PRODUCTION: Record<string, string> = { AUTH_SECRET: STRONG, NODE_ENV: "production" };

const email = {
  id: "email",
  name: "Email",
  type: "email",
  sendVerificationRequest: () => undefined,
} as const;

const codes = (config: AuthConfig, env: Record<string, string>) =>
  checkConfig(config, env).map(({ severity, code }) => `${severity} ${code}`);

describe("checkConfig", () => {
  it("reports each provider its variables leave incomplete and the adapter's missing methods together", () => {
    const { createVerificationToken: _c, useVerificationToken: _u, ...partial } = MemoryAdapter();
    const findings = checkConfig(
      { adapter: partial as Adapter, providers: [GitHub, Google, email] },
      { AUTH_SECRET: STRONG, AUTH_GOOGLE_ID: "google-client" },
    );
    expect(findings).toEqual([
      {
        severity: "error",
        code: "InvalidConfig",
        message: 'Provider "github" has no clientId; set `clientId` or AUTH_GITHUB_ID.',
      },
      {
        severity: "error",
        code: "InvalidConfig",
        message: expect.stringContaining("AUTH_GOOGLE_SECRET"),
      },
      {
        severity: "error",
        code: "MissingAdapterMethods",
        message:
          "The adapter lacks methods this configuration calls: createVerificationToken, useVerificationToken.",
      },
    ]);
  });

  it("reports two-factor sign-in's problems beside the others, each of which Auth() refuses", async () => {
    const { spendTotpStep: _s, ...partial } = MemoryAdapter();
    const config: AuthConfig = {
      adapter: partial as Adapter,
      providers: [GitHub, Credentials({ authorize: () => null })],
      twoFactor: { methods: ["totp", "passkey"] },
    };
    const findings = checkConfig(config, DEV);
    expect(findings.map(({ code }) => code)).toEqual(["InvalidConfig", "InvalidConfig"]);
    expect(findings[0]?.message).toContain("AUTH_GITHUB_ID");
    expect(findings[1]?.message).toMatch(/no Passkey \(WebAuthn\) provider is configured/);
    const totpOnly = checkConfig({ ...config, twoFactor: { methods: ["totp"] } }, DEV);
    expect(totpOnly.map(({ code }) => code)).toEqual(["InvalidConfig", "MissingAdapterMethods"]);
    expect(totpOnly[1]?.message).toContain("spendTotpStep");

    // Each alone, with the provider's variables set, is what Auth() refuses with a 500.
    const env = { ...DEV, AUTH_GITHUB_ID: "id", AUTH_GITHUB_SECRET: "secret" };
    const passkeyOnly = { ...config, adapter: MemoryAdapter() };
    expect(codes(passkeyOnly, env)).toEqual(["error InvalidConfig"]);
    const response = await Auth(new Request("http://localhost/auth/session"), {
      ...passkeyOnly,
      secret: STRONG,
      trustHost: true,
      providers: [GitHub({ clientId: "id", clientSecret: "secret" }), Credentials({ authorize: () => null })],
      logger: { error: () => undefined },
    });
    expect(response.status).toBe(500);
  });

  it("takes the providers' credentials from AUTH_<ID>_ID and AUTH_<ID>_SECRET, as Auth() does", () => {
    const env = { ...DEV, AUTH_GITHUB_ID: "id", AUTH_GITHUB_SECRET: "secret" };
    expect(checkConfig({ providers: [GitHub] }, env)).toEqual([]);
  });

  it("reads next-auth v4's variable names as Auth() does, and reports each once as DeprecatedEnv", () => {
    const env = { NEXTAUTH_SECRET: STRONG, GITHUB_ID: "id", GITHUB_SECRET: "secret" };
    const findings = checkConfig({ providers: [GitHub] }, env);
    expect(findings.map(({ severity, code }) => `${severity} ${code}`)).toEqual([
      "warning DeprecatedEnv",
      "warning DeprecatedEnv",
      "warning DeprecatedEnv",
    ]);
    expect(findings.map(({ message }) => message.split(" ")[0])).toEqual([
      "NEXTAUTH_SECRET",
      "GITHUB_ID",
      "GITHUB_SECRET",
    ]);
  });

  it("reports a missing secret as an error and a short one as the WeakSecret warning", () => {
    const providers = [Credentials({ authorize: () => null })];
    expect(codes({ providers }, {})).toEqual(["error MissingSecret"]);
    expect(codes({ providers }, { AUTH_SECRET: "too-short" })).toEqual(["warning WeakSecret"]);
    expect(codes({ providers, secret: [STRONG, "old"] }, {})).toEqual(["warning WeakSecret"]);
  });

  it("reports a production app whose host nobody vouches for, and an AUTH_URL that is not a URL", () => {
    expect(codes({ providers: [] }, PRODUCTION)).toEqual(["error UntrustedHost"]);
    expect(codes({ providers: [] }, { ...PRODUCTION, AUTH_URL: "https://app.example.com/auth" })).toEqual([]);
    expect(codes({ providers: [], trustHost: true }, PRODUCTION)).toEqual([]);
    expect(codes({ providers: [] }, { ...PRODUCTION, AUTH_URL: "app.example.com" })).toEqual([
      "error InvalidConfig",
    ]);
  });

  it("reports two providers that share an id", () => {
    const twins = [Credentials({ authorize: () => null }), Credentials({ authorize: () => null })];
    expect(checkConfig({ providers: twins }, DEV)).toEqual([
      {
        severity: "error",
        code: "InvalidConfig",
        message: expect.stringContaining('share the id "credentials"'),
      },
    ]);
  });

  it("reports the database strategy without an adapter, and an unknown strategy", () => {
    expect(codes({ providers: [], session: { strategy: "database" } }, DEV)).toEqual([
      "error MissingAdapter",
    ]);
    const unknown = { providers: [], session: { strategy: "cookie" } } as unknown as AuthConfig;
    expect(codes(unknown, DEV)).toEqual(["error UnsupportedStrategy"]);
  });

  it("passes on the warnings Auth() logs at startup: adapter extensions an Auth.js adapter lacks", () => {
    const { listSessionsByUserId: _l, ...authJsLike } = MemoryAdapter();
    const findings = checkConfig({ adapter: authJsLike as Adapter, providers: [] }, DEV);
    expect(findings).toEqual([
      {
        severity: "warning",
        code: "AdapterExtensionMissing",
        message: expect.stringContaining("listSessionsByUserId"),
      },
    ]);
  });

  it("reports an option checked after the parts (a duration) once the parts pass", () => {
    const config = { providers: [], session: { maxAge: -1 } } as AuthConfig;
    expect(codes(config, DEV)).toEqual(["error InvalidConfig"]);
  });

  it("agrees with Auth(): a configuration it finds nothing in serves, one it refuses answers 500", async () => {
    const request = () => new Request("http://localhost/auth/session");
    const good: AuthConfig = { providers: [Credentials({ authorize: () => null })], secret: STRONG };
    expect(checkConfig(good, DEV)).toEqual([]);
    expect((await Auth(request(), good)).status).toBe(200);

    const quiet = { error: () => undefined };
    const bad: AuthConfig = { ...good, providers: [GitHub], logger: quiet };
    expect(codes(bad, DEV)).toEqual(["error InvalidConfig"]);
    expect((await Auth(request(), bad)).status).toBe(500);
  });

  it("never throws, whatever a provider factory does", () => {
    const broken = () => {
      throw new Error("factory exploded");
    };
    expect(checkConfig({ providers: [broken as never] }, DEV)).toEqual([
      { severity: "error", code: "InvalidConfig", message: "factory exploded" },
    ]);
  });
});
