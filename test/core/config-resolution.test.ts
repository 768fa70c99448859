/**
 * What configuration resolution refuses, and the exact reason it logs (the message is how an app's
 * developer learns what to fix); the environment readers; and how a configuration failure is
 * answered on each kind of route.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import type { Adapter } from "../../src/adapters/types.js";
import {
  basePathFromEnv,
  configuredBasePath,
  secretsFromEnv,
  trustHostFromEnv,
  withoutTrailingSlash,
} from "../../src/core/env.js";
import { firstForwardedValue, forwardedOrigin } from "../../src/core/origin.js";
import { Auth, type AuthConfig, setEnvDefaults } from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import type { OAuth2Config, ProviderConfig } from "../../src/providers/types.js";
import { APP, makeConfig, recordingLogger, SECRET, send } from "./helpers.js";

beforeEach(() => {
  for (const name of ["AUTH_SECRET", "AUTH_SECRET_1", "AUTH_SECRET_2", "AUTH_SECRET_3", "AUTH_URL"]) {
    vi.stubEnv(name, undefined);
  }
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const oauth = (overrides: Partial<OAuth2Config> = {}): OAuth2Config => ({
  id: "acme",
  name: "Acme",
  type: "oauth",
  issuer: "https://id.acme.test",
  clientId: "client",
  clientSecret: "secret",
  ...overrides,
});

/** Resolves `config` through a request and returns the logged configuration error (name and message). */
async function refusal(config: AuthConfig, path = "/session"): Promise<{ name: string; message: string }> {
  const log = recordingLogger();
  const response = await send({ ...config, logger: log.logger }, path);
  expect(response.status).toBe(500);
  expect(log.errors).toHaveLength(1);
  const [error] = log.errors as [Error];
  return { name: error.name, message: error.message };
}

describe("configuration resolution names what to fix", () => {
  it.each([
    ["an undefined id", { id: undefined }],
    ["a numeric id", { id: 42 }],
    ["an empty id", { id: "" }],
  ])("a provider with %s", async (_what, overrides) => {
    const provider = { ...Credentials({ authorize: () => null }), ...overrides } as unknown as ProviderConfig;
    expect(await refusal(makeConfig({ providers: [provider] }))).toEqual({
      name: "InvalidConfig",
      message: "Every provider needs a non-empty string `id`. (see docs/errors.md#invalidconfig)",
    });
  });

  it("a null provider, or an OAuth provider without an id", async () => {
    for (const provider of [null, { ...oauth(), id: undefined }]) {
      const config = makeConfig({ providers: [provider as unknown as ProviderConfig] });
      expect((await refusal(config)).message).toBe(
        "Every provider needs a non-empty string `id`. (see docs/errors.md#invalidconfig)",
      );
    }
  });

  it("a provider of a type no flow knows", async () => {
    const provider = { id: "magic", name: "Magic", type: "magic" } as unknown as ProviderConfig;
    expect((await refusal(makeConfig({ providers: [provider] }))).message).toBe(
      'Provider "magic" has type "magic", which latchkey does not know. (see docs/errors.md#invalidconfig)',
    );
  });

  it("the database strategy without an adapter names every feature that needs one, once each", async () => {
    const config = makeConfig({
      session: { strategy: "database" },
      providers: [
        Credentials({ id: "first", authorize: () => null }),
        Credentials({ id: "second", authorize: () => null }),
      ],
    });
    expect(await refusal(config)).toEqual({
      name: "MissingAdapter",
      message:
        'session strategy "database" and provider "first" needs an `adapter`; pass one, e.g. PrismaAdapter(prisma). (see docs/errors.md#missingadapter)',
    });
  });

  it("an adapter missing several methods names each, comma-separated", async () => {
    const { getSessionAndUser: _a, updateSession: _b, ...partial } = MemoryAdapter();
    expect((await refusal(makeConfig({ adapter: partial as Adapter }))).message).toBe(
      "The adapter lacks methods this configuration calls: getSessionAndUser, updateSession. (see docs/errors.md#missingadaptermethods)",
    );
  });

  it("an e-mail provider needs an adapter that can store verification tokens", async () => {
    const { createVerificationToken: _c, ...partial } = MemoryAdapter();
    const email = { id: "email", name: "Email", type: "email", sendVerificationRequest: () => undefined };
    const config = makeConfig({ adapter: partial as Adapter, providers: [email as ProviderConfig] });
    const { name, message } = await refusal(config);
    expect(name).toBe("MissingAdapterMethods");
    expect(message).toContain("createVerificationToken");
  });

  it("an OAuth provider needs the user and account methods only when there is an adapter", async () => {
    const { getUserByAccount: _g, ...partial } = MemoryAdapter();
    const { name, message } = await refusal(
      makeConfig({ adapter: partial as Adapter, providers: [oauth()] }),
    );
    expect(name).toBe("MissingAdapterMethods");
    expect(message).toContain("getUserByAccount");
    const response = await send(makeConfig({ providers: [oauth()] }), "/providers");
    expect(response.status).toBe(200);
  });

  it.each([
    [
      "session.maxAge",
      { session: { maxAge: 0 } },
      "session.maxAge must be a finite positive number (got 0); e.g. session.maxAge: 2592000.",
    ],
    [
      "session.updateAge",
      { session: { updateAge: -1 } },
      "session.updateAge must be a finite positive number (got -1); e.g. session.updateAge: 86400.",
    ],
    [
      "jwt.maxAge",
      { jwt: { maxAge: "3600" } },
      'jwt.maxAge must be a finite positive number (got the string "3600"); e.g. jwt.maxAge: 2592000.',
    ],
    [
      "maxBodyBytes",
      { maxBodyBytes: Number.NaN },
      "maxBodyBytes must be a finite positive number (got NaN); e.g. maxBodyBytes: 65536.",
    ],
  ])("%s", async (_name, overrides, message) => {
    const config = makeConfig(overrides as Partial<AuthConfig>);
    expect(await refusal(config)).toEqual({
      name: "InvalidConfig",
      message: `${message} (see docs/errors.md#invalidconfig)`,
    });
  });

  it.each([
    ["an empty array", []],
    ["a number in the array", [SECRET, 42]],
  ])("a secret given as %s", async (_what, secret) => {
    const { name } = await refusal(makeConfig({ secret: secret as unknown as string[] }));
    expect(name).toBe("MissingSecret");
  });

  it("an AUTH_URL that is not a URL", async () => {
    vi.stubEnv("AUTH_URL", "app.example.com");
    expect(await refusal(makeConfig())).toEqual({
      name: "InvalidConfig",
      message:
        'AUTH_URL is not a valid URL ("app.example.com"); set it to e.g. https://app.example.com/auth. (see docs/errors.md#invalidconfig)',
    });
  });

  it("a base path of / or nothing mounts the routes at the root", async () => {
    for (const basePath of ["", "/"]) {
      const response = await send(makeConfig({ basePath }), "/session", { basePath: "" });
      expect(response.status).toBe(200);
    }
  });

  it("a config without providers resolves with none", async () => {
    const { providers: _p, ...config } = makeConfig();
    const response = await send(config as AuthConfig, "/providers");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
  });
});

describe("the weak-secret warning", () => {
  const warningsFor = async (secret: string | string[]) => {
    const log = recordingLogger();
    const warnings: Array<[string, string | undefined]> = [];
    const config = makeConfig({
      secret,
      logger: {
        ...log.logger,
        warn: (code: string, message?: string) => void warnings.push([code, message]),
      },
    });
    expect((await send(config, "/csrf")).status).toBe(200);
    return warnings.filter(([code]) => code === "WeakSecret");
  };

  it("is given for a 31-byte secret, with what to do", async () => {
    expect(await warningsFor("x".repeat(31))).toEqual([
      [
        "WeakSecret",
        "A configured secret is shorter than 32 bytes, so session tokens and CSRF cookies are only as strong as it is. Generate one with `openssl rand -base64 33`. See docs/errors.md#weaksecret.",
      ],
    ]);
  });

  it("is not given for a 32-byte secret", async () => {
    expect(await warningsFor("x".repeat(32))).toEqual([]);
  });

  it("is given when any one secret of several is short", async () => {
    expect(await warningsFor([SECRET, "short"])).toHaveLength(1);
  });
});

describe("environment readers", () => {
  it("takes the three rotation slots, newest first, then AUTH_SECRET, skipping empty ones", () => {
    expect(
      secretsFromEnv({ AUTH_SECRET: "a", AUTH_SECRET_1: "b", AUTH_SECRET_2: "c", AUTH_SECRET_3: "d" }),
    ).toEqual(["d", "c", "b", "a"]);
    expect(secretsFromEnv({ AUTH_SECRET: "a", AUTH_SECRET_1: "", AUTH_SECRET_2: "c" })).toEqual(["c", "a"]);
    expect(secretsFromEnv({ AUTH_SECRET: "" })).toBeUndefined();
    expect(secretsFromEnv({})).toBeUndefined();
  });

  it("trusts the host for AUTH_TRUST_HOST=true or 1 only", () => {
    expect(trustHostFromEnv({ AUTH_TRUST_HOST: "true", NODE_ENV: "production" })).toBe(true);
    expect(trustHostFromEnv({ AUTH_TRUST_HOST: "1", NODE_ENV: "production" })).toBe(true);
    expect(trustHostFromEnv({ AUTH_TRUST_HOST: "yes", NODE_ENV: "development" })).toBe(false);
  });

  it("reads the base path from AUTH_URL, ignoring one that is not a URL", () => {
    expect(basePathFromEnv({ AUTH_URL: "https://app.test/api/auth//" })).toBe("/api/auth");
    expect(basePathFromEnv({ AUTH_URL: "https://app.test/" })).toBeUndefined();
    expect(basePathFromEnv({ AUTH_URL: "not a url" })).toBeUndefined();
    expect(configuredBasePath(undefined, {})).toBe("/auth");
  });

  it("strips every trailing slash from a base path", () => {
    expect(withoutTrailingSlash("/api/auth///")).toBe("/api/auth");
    expect(withoutTrailingSlash("/")).toBe("");
  });

  it("fills an OAuth provider's client from AUTH_<ID>_*, with dashes as underscores", () => {
    const config = setEnvDefaults(
      { AUTH_AZURE_AD_ID: "from-env-id", AUTH_AZURE_AD_SECRET: "from-env-secret" },
      { providers: [oauth({ id: "azure-ad", clientId: undefined, clientSecret: undefined })] },
    );
    expect(config.providers[0]).toMatchObject({ clientId: "from-env-id", clientSecret: "from-env-secret" });
  });

  it("leaves a provider it cannot name as it is, for the checks to report", () => {
    const nameless = { ...oauth(), id: undefined } as unknown as ProviderConfig;
    const config = setEnvDefaults({}, { providers: [nameless, null as unknown as ProviderConfig] });
    expect(config.providers).toEqual([nameless, null]);
  });
});

describe("forwarded headers", () => {
  it("takes the first entry, trimmed", () => {
    expect(firstForwardedValue(" app.example.com , internal:8080")).toBe("app.example.com");
    expect(firstForwardedValue(" ")).toBeUndefined();
  });

  it("honours X-Forwarded-Proto http over an https request URL", () => {
    const headers = new Headers({ "x-forwarded-proto": "HTTP" });
    expect(forwardedOrigin(headers, "https:", "app.test")).toBe("http://app.test");
    expect(forwardedOrigin(new Headers({ "x-forwarded-proto": "ftp" }), "https:", "app.test")).toBe(
      "https://app.test",
    );
  });
});

describe("a configuration failure is answered in the shape of the route", () => {
  const broken = () => makeConfig({ secret: "" });
  const isJson = (response: Response) => response.headers.get("content-type")?.includes("application/json");

  it("JSON for a JSON route, a page for a page route and for a path outside the base path", async () => {
    const json = await Auth(new Request(`${APP}/auth/session`), broken());
    expect([json.status, isJson(json)]).toEqual([500, true]);
    const page = await Auth(new Request(`${APP}/auth/signin`), broken());
    expect([page.status, isJson(page)]).toEqual([500, false]);
    // "/xyzw/" is as long as "/auth/": what follows it must not be read as a route name.
    const outside = await Auth(new Request(`${APP}/xyzw/session`), broken());
    expect([outside.status, isJson(outside)]).toEqual([500, false]);
  });

  it("answers a missing config as JSON on a JSON route, and logs to the console", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const response = await Auth(new Request(`${APP}/auth/session`), undefined as unknown as AuthConfig);
      expect([response.status, isJson(response)]).toEqual([500, true]);
      expect(consoleError).toHaveBeenCalledWith(expect.stringMatching(/^\[latchkey\]\[error\] \w+: ./));
    } finally {
      consoleError.mockRestore();
    }
  });

  it("still answers a Response when the app's logger throws while a broken config is reported", async () => {
    const config = makeConfig({
      secret: "",
      logger: {
        error: () => {
          throw new Error("the log sink is down");
        },
      },
    });
    const response = await Auth(new Request(`${APP}/auth/session`), config);
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(500);
    expect(isJson(response)).toBe(false);
  });

  it("still answers a Response for a request that is not a Request, and logs why", async () => {
    const log = recordingLogger();
    const response = await Auth({} as Request, makeConfig({ logger: log.logger }));
    expect(log.errors.map((error) => error.name)).toEqual(["TypeError"]);
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(500);
    expect(isJson(response)).toBe(false);
  });
});
