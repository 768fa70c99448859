/**
 * next-auth v4's environment names (NEXTAUTH_URL, NEXTAUTH_SECRET, GITHUB_ID / GITHUB_SECRET as
 * v4's guides wrote them) keep a v4 app's deployment working after the switch, each read only where
 * latchkey's own name is unset and reported once per configuration as DeprecatedEnv.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { encode } from "../../src/jwt/index.js";
import GitHub from "../../src/providers/github.js";
import { aliceCredentials, CookieJar, getCsrf, recordingLogger, SECRET, send } from "./helpers.js";

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Clears latchkey's own names, so that only what a test stubs is set. */
function onlyV4Env(values: Record<string, string>): void {
  for (const name of [
    "AUTH_URL",
    "AUTH_SECRET",
    "AUTH_GITHUB_ID",
    "AUTH_GITHUB_SECRET",
    "AUTH_GITHUB_ISSUER",
  ]) {
    vi.stubEnv(name, undefined);
  }
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
}

describe("next-auth v4's environment names", () => {
  it("NEXTAUTH_SECRET keys the session when AUTH_SECRET is unset, and is reported once", async () => {
    onlyV4Env({ NEXTAUTH_SECRET: SECRET });
    const { logger, warningLines } = recordingLogger();
    const config = { providers: [aliceCredentials()], trustHost: true, logger };
    const token = await encode({
      token: { sub: "u1", name: "Nora" },
      secret: SECRET,
      salt: "authjs.session-token",
    });
    const cookie = new CookieJar({ "authjs.session-token": token });
    for (let i = 0; i < 2; i++) {
      const response = await send(config, "/session", { origin: "http://app.test", cookie });
      expect(((await response.json()) as { user: { name: string } }).user.name).toBe("Nora");
    }
    expect(warningLines).toEqual([
      "DeprecatedEnv: NEXTAUTH_SECRET is next-auth v4's name for AUTH_SECRET; it is read while AUTH_SECRET is unset. Rename it AUTH_SECRET. See docs/errors.md#deprecatedenv.",
    ]);
  });

  it("AUTH_SECRET wins over NEXTAUTH_SECRET, and nothing is reported", async () => {
    onlyV4Env({ AUTH_SECRET: SECRET, NEXTAUTH_SECRET: "the-v4-secret-that-is-no-longer-used-0123456789" });
    const { logger, warningLines } = recordingLogger();
    const config = { providers: [aliceCredentials()], trustHost: true, logger };
    const token = await encode({
      token: { sub: "u1", name: "Nora" },
      secret: SECRET,
      salt: "authjs.session-token",
    });
    const response = await send(config, "/session", {
      origin: "http://app.test",
      cookie: new CookieJar({ "authjs.session-token": token }),
    });
    expect(((await response.json()) as { user: { name: string } }).user.name).toBe("Nora");
    expect(warningLines).toEqual([]);
  });

  it("NEXTAUTH_URL fixes the app's origin and base path when AUTH_URL is unset", async () => {
    onlyV4Env({ NEXTAUTH_URL: "https://v4.example.com/api/auth" });
    const { logger, warningLines } = recordingLogger();
    const config = { providers: [aliceCredentials()], secret: SECRET, logger };
    const response = await send(config, "/providers", {
      origin: "http://internal:3000",
      basePath: "/api/auth",
    });
    expect(await response.json()).toMatchObject({
      credentials: { callbackUrl: "https://v4.example.com/api/auth/callback/credentials" },
    });
    expect(warningLines).toEqual([
      "DeprecatedEnv: NEXTAUTH_URL is next-auth v4's name for AUTH_URL; it is read while AUTH_URL is unset. Rename it AUTH_URL. See docs/errors.md#deprecatedenv.",
    ]);
  });

  it("GITHUB_ID and GITHUB_SECRET configure GitHub passed uncalled, as v4's guides named them", async () => {
    onlyV4Env({ GITHUB_ID: "v4-client-id", GITHUB_SECRET: "v4-client-secret" });
    const { logger, warningLines } = recordingLogger();
    const config = { providers: [GitHub], secret: SECRET, trustHost: true, logger };
    const { token, jar } = await getCsrf(config, { origin: "http://app.test" });
    const response = await send(config, "/signin/github", {
      origin: "http://app.test",
      cookie: jar,
      form: { csrfToken: token },
    });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location") ?? "").searchParams.get("client_id")).toBe(
      "v4-client-id",
    );
    expect(warningLines.sort()).toEqual([
      "DeprecatedEnv: GITHUB_ID is next-auth v4's name for AUTH_GITHUB_ID; it is read while AUTH_GITHUB_ID is unset. Rename it AUTH_GITHUB_ID. See docs/errors.md#deprecatedenv.",
      "DeprecatedEnv: GITHUB_SECRET is next-auth v4's name for AUTH_GITHUB_SECRET; it is read while AUTH_GITHUB_SECRET is unset. Rename it AUTH_GITHUB_SECRET. See docs/errors.md#deprecatedenv.",
    ]);
  });

  it("a provider given its clientId by the app reads no v4 name and reports none", async () => {
    onlyV4Env({ GITHUB_ID: "v4-client-id", GITHUB_SECRET: "v4-client-secret" });
    const { logger, warningLines } = recordingLogger();
    const github = GitHub({ clientId: "explicit-id", clientSecret: "explicit-secret" });
    const config = { providers: [github], secret: SECRET, trustHost: true, logger };
    const { token, jar } = await getCsrf(config, { origin: "http://app.test" });
    const response = await send(config, "/signin/github", {
      origin: "http://app.test",
      cookie: jar,
      form: { csrfToken: token },
    });
    expect(new URL(response.headers.get("location") ?? "").searchParams.get("client_id")).toBe("explicit-id");
    expect(warningLines).toEqual([]);
  });

  it("AUTH_GITHUB_ID wins over GITHUB_ID", async () => {
    onlyV4Env({ AUTH_GITHUB_ID: "auth-client-id", GITHUB_ID: "v4-client-id", GITHUB_SECRET: "s" });
    const { logger } = recordingLogger();
    const config = { providers: [GitHub], secret: SECRET, trustHost: true, logger };
    const { token, jar } = await getCsrf(config, { origin: "http://app.test" });
    const response = await send(config, "/signin/github", {
      origin: "http://app.test",
      cookie: jar,
      form: { csrfToken: token },
    });
    expect(new URL(response.headers.get("location") ?? "").searchParams.get("client_id")).toBe(
      "auth-client-id",
    );
  });
});
