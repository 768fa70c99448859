import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import type { Adapter } from "../../src/adapters/types.js";
import { Auth, type AuthConfig } from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import type { CredentialsConfig } from "../../src/providers/types.js";
import {
  APP,
  aliceCredentials,
  deepFreeze,
  expectNoInternals,
  getCsrf,
  locationOf,
  makeConfig,
  recordingLogger,
  send,
  signedIn,
  signInWithCredentials,
} from "./helpers.js";

const CONFIGURATION_MESSAGE =
  "There was a problem with the server configuration. Check the server logs for more information.";

beforeEach(() => {
  for (const name of [
    "AUTH_SECRET",
    "AUTH_SECRET_1",
    "AUTH_SECRET_2",
    "AUTH_SECRET_3",
    "AUTH_URL",
    "AUTH_TRUST_HOST",
  ]) {
    vi.stubEnv(name, undefined);
  }
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** The JSON route answers 500 {message} and the HTML route the error page; neither says what is wrong. */
async function expectConfigurationFailure(config: AuthConfig, secretWords: RegExp): Promise<void> {
  const json = await send(config, "/session");
  expect(json.status).toBe(500);
  expect(json.headers.get("content-type")).toContain("application/json");
  const jsonText = await json.text();
  expect(JSON.parse(jsonText)).toEqual({ message: CONFIGURATION_MESSAGE });

  for (const path of ["/signin", "/signout", "/error?error=AccessDenied"]) {
    const page = await send(config, path);
    expect(page.status).toBe(500);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await page.text();
    expect(html).toContain("Sign-in is unavailable");
    expect(html).not.toMatch(secretWords);
    expectNoInternals(html);
  }
  expect(jsonText).not.toMatch(secretWords);
  expectNoInternals(jsonText);
}

describe("a missing secret", () => {
  it("answers 500 without saying why, and logs what to fix", async () => {
    const log = recordingLogger();
    const config: AuthConfig = { providers: [aliceCredentials()], trustHost: true, logger: log.logger };
    await expectConfigurationFailure(config, /AUTH_SECRET|openssl|MissingSecret|secret/i);
    expect(log.errors.length).toBeGreaterThan(0);
    expect(log.errors[0]?.name).toBe("MissingSecret");
    expect(log.text()).toContain("AUTH_SECRET");
  });

  it("is filled from AUTH_SECRET, with AUTH_SECRET_1 still verifying", async () => {
    vi.stubEnv("AUTH_SECRET", "env-secret-new-0123456789abcdefghijklmnop");
    const old = makeConfig({ secret: "env-secret-old-0123456789abcdefghijklmnop" });
    const jar = await signedIn(old);
    vi.stubEnv("AUTH_SECRET_1", "env-secret-old-0123456789abcdefghijklmnop");
    const rotated: AuthConfig = { providers: [aliceCredentials()], trustHost: true };
    const session = await send(rotated, "/session", { cookie: jar });
    expect(await session.json()).toMatchObject({ user: { name: "Alice" } });
  });

  it("an empty string in the secret array counts as missing", async () => {
    const log = recordingLogger();
    const config = makeConfig({ secret: ["good-secret-0123456789abcdefghijklmnop", ""], logger: log.logger });
    expect((await send(config, "/session")).status).toBe(500);
    expect(log.errors[0]?.name).toBe("MissingSecret");
  });
});

describe("an untrusted host", () => {
  it("answers 500 without saying why, and logs how to trust it", async () => {
    const log = recordingLogger();
    const config = makeConfig({ trustHost: false, logger: log.logger });
    await expectConfigurationFailure(config, /AUTH_URL|AUTH_TRUST_HOST|trust|app\.test/i);
    expect(log.errors[0]?.name).toBe("UntrustedHost");
    expect(log.text()).toMatch(/AUTH_URL/);
    expect(log.text()).toMatch(/AUTH_TRUST_HOST|trustHost/);
  });

  it("is not needed when AUTH_URL pins the origin, which then wins over Host and X-Forwarded-Host", async () => {
    vi.stubEnv("AUTH_URL", "https://app.test/auth");
    const config = makeConfig({ trustHost: false });
    const response = await send(config, "/providers", {
      origin: "https://evil.test",
      headers: { "x-forwarded-host": "evil.test" },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, { signinUrl: string }>;
    expect(body.credentials?.signinUrl).toBe(`${APP}/auth/signin/credentials`);
  });
});

describe("configuration assertions name what to fix", () => {
  const cases: Array<[string, () => AuthConfig, string, RegExp]> = [
    [
      "a credentials provider without authorize",
      () => makeConfig({ providers: [Credentials({} as unknown as CredentialsConfig)] }),
      "MissingAuthorize",
      /credentials.*`?authorize`?/,
    ],
    [
      "two providers with the same id",
      () =>
        makeConfig({
          providers: [
            Credentials({ id: "pin", authorize: () => null }),
            Credentials({ id: "pin", authorize: () => null }),
          ],
        }),
      "InvalidConfig",
      /"pin"/,
    ],
    [
      "a provider without an id",
      () => makeConfig({ providers: [Credentials({ id: "", authorize: () => null })] }),
      "InvalidConfig",
      /`?id`?/,
    ],
    [
      "the database strategy without an adapter",
      () => makeConfig({ session: { strategy: "database" } }),
      "MissingAdapter",
      /adapter/,
    ],
    [
      "an adapter missing session methods",
      () => {
        const { getSessionAndUser: _a, updateSession: _b, ...partial } = MemoryAdapter();
        return makeConfig({ adapter: partial as Adapter });
      },
      "MissingAdapterMethods",
      /getSessionAndUser.*updateSession|updateSession.*getSessionAndUser/,
    ],
    [
      "an unknown session strategy",
      () => makeConfig({ session: { strategy: "cookie" as "jwt" } }),
      "UnsupportedStrategy",
      /"cookie"/,
    ],
  ];

  it.each(cases)("%s: 500 to the client, the reason to the logger", async (_what, build, name, reason) => {
    const log = recordingLogger();
    const config = { ...build(), logger: log.logger };
    const response = await send(config, "/session");
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: CONFIGURATION_MESSAGE });
    expect(text).not.toContain(name);
    expect(log.errors.map((error) => error.name)).toContain(name);
    expect(log.text()).toMatch(reason);
  });
});

describe("configuration errors under a custom basePath", () => {
  it("a basePath without a leading slash answers 500 and logs that basePath must start with /", async () => {
    const log = recordingLogger();
    const response = await send(makeConfig({ basePath: "auth", logger: log.logger }), "/session");
    expect(response.status).toBe(500);
    expectNoInternals(await response.text());
    expect(log.errors[0]?.name).toBe("InvalidConfig");
    expect(log.text()).toMatch(/basePath must start with "\/"/);
  });

  it.each(["/api/auth", "/api/auth/"])(
    "basePath %j still answers JSON routes with JSON",
    async (basePath) => {
      const log = recordingLogger();
      const config: AuthConfig = {
        providers: [aliceCredentials()],
        trustHost: true,
        basePath,
        logger: log.logger,
      };
      const json = await send(config, "/session", { basePath: "/api/auth" });
      expect(json.status).toBe(500);
      expect(await json.json()).toEqual({ message: CONFIGURATION_MESSAGE });
      const page = await send(config, "/signin", { basePath: "/api/auth" });
      expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    },
  );
});

describe("failures inside the app's own code", () => {
  it("a throwing session callback gives GET /session a 500 that leaks nothing, and is logged", async () => {
    const log = recordingLogger();
    const config = makeConfig({
      logger: log.logger,
      callbacks: {
        session: () => {
          throw new Error("connection to postgres://admin:hunter2@db failed");
        },
      },
    });
    const jar = await signedIn(config);
    const response = await send(config, "/session", { cookie: jar });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain("hunter2");
    expectNoInternals(text);
    expect(log.text()).toContain("hunter2");
  });

  it("a throwing adapter gives GET /session a 500 that leaks nothing, with the cause logged", async () => {
    const log = recordingLogger();
    const adapter: Adapter = {
      ...MemoryAdapter(),
      getSessionAndUser: () => {
        throw new Error("ECONNREFUSED 10.0.0.5:5432 secret-table");
      },
    };
    const config = makeConfig({ adapter, logger: log.logger });
    const response = await send(config, "/session", {
      cookie: `__Secure-authjs.session-token=${"a".repeat(43)}`,
    });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain("secret-table");
    expect(log.errors.map((error) => error.name)).toContain("AdapterError");
    expect(log.text()).toContain("secret-table");
  });

  it("a throwing jwt callback at sign-in sends the browser to the error page as Configuration", async () => {
    const log = recordingLogger();
    const config = makeConfig({
      logger: log.logger,
      callbacks: {
        jwt: () => {
          throw new Error("token store down: key=sk_live_123");
        },
      },
    });
    const { response } = await signInWithCredentials(config);
    expect(response.headers.get("location")).toBe(`${APP}/auth/error?error=Configuration`);
    expect(response.headers.getSetCookie().some((cookie) => cookie.includes("session-token="))).toBe(false);
    expect(log.text()).toContain("sk_live_123");
  });

  it("a throwing event handler is logged and does not fail the sign-in", async () => {
    const log = recordingLogger();
    const config = makeConfig({
      logger: log.logger,
      events: {
        signIn: () => {
          throw new Error("analytics down");
        },
      },
    });
    const { response } = await signInWithCredentials(config);
    expect(locationOf(response).searchParams.get("error")).toBeNull();
    expect(log.errors.map((error) => error.name)).toContain("EventError");
  });
});

describe("Auth() never mutates its config", () => {
  function frozenConfig(): AuthConfig {
    return deepFreeze(
      makeConfig({
        providers: [aliceCredentials(), Credentials({ id: "pin", name: "PIN", authorize: () => null })],
        secret: ["newest-secret-0123456789abcdefghijklmnop", "older-secret-0123456789abcdefghijklmnop"],
        session: { maxAge: 3600, updateAge: 60 },
        callbacks: { redirect: ({ url }) => url, session: ({ session }) => session },
        events: { signIn: () => undefined },
        pages: {},
        theme: { brandColor: "#123456" },
        cookies: { sessionToken: { options: { sameSite: "lax" } } },
        maxBodyBytes: 8192,
      }),
    );
  }

  async function exercise(config: AuthConfig): Promise<number[]> {
    const statuses: number[] = [];
    for (const path of [
      "/providers",
      "/csrf",
      "/session",
      "/signin",
      "/signin/pin",
      "/signout",
      // No e-mail provider here: the e-mail flow's page is not a route (404), as in any app without one.
      "/verify-request",
    ]) {
      statuses.push((await send(config, path)).status);
    }
    statuses.push((await send(config, "/error?error=AccessDenied")).status);
    const jar = await signedIn(config);
    statuses.push((await send(config, "/session", { cookie: jar })).status);
    const { token } = await getCsrf(config, { cookie: jar });
    statuses.push(
      (await send(config, "/session", { cookie: jar, json: { csrfToken: token, data: { a: 1 } } })).status,
    );
    statuses.push((await send(config, "/signout", { cookie: jar, form: { csrfToken: token } })).status);
    statuses.push((await send(config, "/callback/credentials", { form: { username: "x" } })).status);
    return statuses;
  }

  it("works on a deep-frozen config, providers included", async () => {
    const config = frozenConfig();
    expect(await exercise(config)).toEqual([200, 200, 200, 200, 200, 200, 404, 403, 200, 200, 302, 302]);
    // A second round runs on the cached resolution of the same object.
    expect(await exercise(config)).toEqual([200, 200, 200, 200, 200, 200, 404, 403, 200, 200, 302, 302]);
  });

  it("leaves an unfrozen config structurally identical, provider objects and all", async () => {
    const provider = aliceCredentials();
    const providers = [provider];
    const config = makeConfig({ providers, session: { maxAge: 3600 } });
    const before = JSON.stringify(config);
    const keys = Object.keys(config).sort();
    await exercise(config);
    expect(JSON.stringify(config)).toBe(before);
    expect(Object.keys(config).sort()).toEqual(keys);
    expect(config.providers).toBe(providers);
    expect(config.providers[0]).toBe(provider);
  });

  it("does not write environment defaults into the config", async () => {
    vi.stubEnv("AUTH_SECRET", "env-only-secret-0123456789abcdefghijklmnop");
    const config: AuthConfig = { providers: [aliceCredentials()] };
    const response = await Auth(new Request(`${APP}/auth/session`), config);
    expect(response.status).toBe(200);
    expect(config).not.toHaveProperty("secret");
    expect(config).not.toHaveProperty("trustHost");
    expect(config).not.toHaveProperty("basePath");
  });
});

describe("a configuration error under an AUTH_URL base path", () => {
  it("still answers JSON on a JSON route", async () => {
    const previous = process.env.AUTH_URL;
    process.env.AUTH_URL = "https://app.test/api/auth";
    try {
      const response = await Auth(new Request("https://app.test/api/auth/session"), {
        providers: [],
        logger: { error: () => undefined },
      });
      expect(response.status).toBe(500);
      expect(response.headers.get("content-type")).toBe("application/json");
    } finally {
      if (previous === undefined) delete process.env.AUTH_URL;
      else process.env.AUTH_URL = previous;
    }
  });
});
