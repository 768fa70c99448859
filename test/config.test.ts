import { describe, expect, it, vi } from "vitest";
import { type AuthConfig, createActionURL, setEnvDefaults } from "../src/index.js";
import { resolveConfig } from "../src/pipeline/resolve-config.js";
import Credentials from "../src/providers/credentials.js";
import type { OAuth2Config } from "../src/providers/types.js";

const github = (): OAuth2Config => ({
  id: "github",
  name: "GitHub",
  type: "oauth",
  authorization: "https://github.com/login/oauth/authorize",
  token: "https://github.com/login/oauth/access_token",
  userinfo: "https://api.github.com/user",
});
/** The client credentials `github` takes from the environment, which it needs to start. */
const GITHUB_ENV = { AUTH_GITHUB_ID: "gh-id", AUTH_GITHUB_SECRET: "gh-secret" };
const credentials = Credentials({ authorize: () => null });

describe("setEnvDefaults", () => {
  it("takes the rotation slots AUTH_SECRET_3.._1 as the newest secrets, before AUTH_SECRET (Auth.js's order)", () => {
    const config = setEnvDefaults(
      { AUTH_SECRET: "oldest", AUTH_SECRET_1: "older", AUTH_SECRET_3: "new" },
      { providers: [] },
    );
    expect(config.secret).toEqual(["new", "older", "oldest"]);
  });

  it("keeps basePath over AUTH_URL's path and warns env-url-basepath-redundant, unless told not to", () => {
    const warn = vi.fn();
    const env = { AUTH_URL: "https://app.example/api/auth" };
    expect(setEnvDefaults(env, { providers: [], basePath: "/auth", logger: { warn } }).basePath).toBe(
      "/auth",
    );
    expect(warn.mock.calls).toEqual([["env-url-basepath-redundant"]]);
    warn.mockClear();
    setEnvDefaults(env, { providers: [], basePath: "/auth", logger: { warn } }, true);
    setEnvDefaults(env, { providers: [], logger: { warn } });
    setEnvDefaults(
      { AUTH_URL: "https://app.example" },
      { providers: [], basePath: "/auth", logger: { warn } },
    );
    expect(warn).not.toHaveBeenCalled();
  });

  it("keeps an explicit secret", () => {
    expect(setEnvDefaults({ AUTH_SECRET: "env" }, { providers: [], secret: "mine" }).secret).toBe("mine");
  });

  it("trusts the host from AUTH_TRUST_HOST, AUTH_URL, or outside production", () => {
    expect(
      setEnvDefaults({ AUTH_TRUST_HOST: "true", NODE_ENV: "production" }, { providers: [] }).trustHost,
    ).toBe(true);
    expect(setEnvDefaults({ AUTH_TRUST_HOST: "false" }, { providers: [] }).trustHost).toBe(false);
    expect(
      setEnvDefaults({ AUTH_URL: "https://app.test", NODE_ENV: "production" }, { providers: [] }).trustHost,
    ).toBe(true);
    expect(setEnvDefaults({ NODE_ENV: "production" }, { providers: [] }).trustHost).toBe(false);
    expect(setEnvDefaults({ NODE_ENV: "development" }, { providers: [] }).trustHost).toBe(true);
  });

  it("takes basePath from AUTH_URL's path", () => {
    expect(setEnvDefaults({ AUTH_URL: "https://app.test/api/auth/" }, { providers: [] }).basePath).toBe(
      "/api/auth",
    );
    // Without a path (or without a parsable AUTH_URL), the default mount point.
    expect(setEnvDefaults({ AUTH_URL: "https://app.test" }, { providers: [] }).basePath).toBe("/auth");
  });

  it("fills OAuth client id, secret and issuer from AUTH_<PROVIDER>_*, instantiating factories", () => {
    const config = setEnvDefaults(
      { AUTH_GITHUB_ID: "gh-id", AUTH_GITHUB_SECRET: "gh-secret", AUTH_GITHUB_ISSUER: "https://github.test" },
      { providers: [github, { ...github(), id: "github-enterprise", clientId: "explicit" }] },
    );
    expect(config.providers[0]).toMatchObject({
      clientId: "gh-id",
      clientSecret: "gh-secret",
      issuer: "https://github.test",
    });
    expect(config.providers[1]).toMatchObject({ clientId: "explicit" });
  });
});

describe("resolveConfig", () => {
  it("defaults to jwt sessions without an adapter and to /auth", () => {
    const resolved = resolveConfig({ providers: [credentials], secret: "s" }, {});
    expect(resolved.session).toMatchObject({ strategy: "jwt", maxAge: 2592000, updateAge: 86400 });
    expect(resolved.basePath).toBe("/auth");
    expect(resolved.maxBodyBytes).toBe(65536);
  });

  it("never mutates the config it is given", () => {
    const config: AuthConfig = Object.freeze({ providers: Object.freeze([github]) as never, secret: "s" });
    expect(() => resolveConfig(config, GITHUB_ENV)).not.toThrow();
    expect(config.providers[0]).toBe(github);
  });

  it.each([
    [{ providers: [credentials] }, /AUTH_SECRET.*openssl rand/],
    [{ providers: [credentials, credentials], secret: "s" }, /share the id "credentials"/],
    [{ providers: [{ ...credentials, authorize: undefined }], secret: "s" }, /needs an `authorize` function/],
    [{ providers: [], secret: "s", session: { strategy: "database" } }, /needs an `adapter`/],
    [
      { providers: [], secret: "s", adapter: {}, session: { strategy: "database" } },
      /lacks methods.*createSession/,
    ],
    [{ providers: [], secret: "s", session: { strategy: "cookie" } }, /must be "jwt" or "database"/],
    [{ providers: [], secret: "s", basePath: "auth" }, /basePath must start with/],
    [{ providers: [{ ...github(), issuer: "http://idp.test" }], secret: "s" }, /must use https/],
  ] as Array<[AuthConfig, RegExp]>)(
    "refuses a broken configuration with a message that says what to fix (%#)",
    (config, message) => {
      expect(() => resolveConfig(config, GITHUB_ENV)).toThrow(message);
    },
  );

  it("allows plain http issuers only on loopback hosts", () => {
    for (const issuer of ["http://127.0.0.1:4000", "http://localhost:4000", "http://[::1]:4000"]) {
      expect(() =>
        resolveConfig({ providers: [{ ...github(), issuer }], secret: "s" }, GITHUB_ENV),
      ).not.toThrow();
    }
  });

  it("does not require an adapter for OAuth with JWT sessions", () => {
    expect(resolveConfig({ providers: [github], secret: "s" }, GITHUB_ENV).session.strategy).toBe("jwt");
  });
});

describe("createActionURL", () => {
  const headers = new Headers({ host: "app.test", "x-forwarded-proto": "https" });

  it("builds from the request's host and forwarded protocol under basePath", () => {
    expect(createActionURL("signin", "http", headers, {}, { basePath: "/api/auth" }).href).toBe(
      "https://app.test/api/auth/signin",
    );
    expect(createActionURL("session", "http:", new Headers({ host: "localhost:3000" }), {}, {}).href).toBe(
      "http://localhost:3000/auth/session",
    );
  });

  it("prefers AUTH_URL, taking its path as the base path", () => {
    const env = { AUTH_URL: "https://public.example/api/auth" };
    expect(createActionURL("signout", "http", headers, env, {}).href).toBe(
      "https://public.example/api/auth/signout",
    );
  });

  it("builds under basePath when AUTH_URL's path is another, and warns env-url-basepath-mismatch", () => {
    const warn = vi.fn();
    const url = (authUrl: string, basePath: string) =>
      createActionURL("signout", undefined, headers, { AUTH_URL: authUrl }, { basePath, logger: { warn } })
        .href;
    expect(url("https://public.example/my-app", "/api/auth")).toBe("https://public.example/api/auth/signout");
    expect(warn.mock.calls).toEqual([["env-url-basepath-mismatch"]]);
    warn.mockClear();
    expect(url("https://public.example/api/auth", "/api/auth")).toBe(
      "https://public.example/api/auth/signout",
    );
    expect(url("https://public.example", "/api/auth")).toBe("https://public.example/api/auth/signout");
    expect(warn).not.toHaveBeenCalled();
  });

  it("asks for a Host header or AUTH_URL when it has neither", () => {
    expect(() => createActionURL("signin", "https", new Headers(), {}, {})).toThrow(
      /Host header, or AUTH_URL/,
    );
  });
});
