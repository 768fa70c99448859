/**
 * One error model: each class carries its type, the page it lands on, whether a browser may see it,
 * and its status; the handler's answers derive from them. Failures are visible to the operator: a
 * refused sign-in or a forged form is logged at warn, a weak secret and a refused configured
 * redirect are warned about, and every logged error names its entry in docs/errors.md.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import {
  AuthError,
  CredentialsSignin,
  ERROR_CLASSES,
  MethodNotAllowed,
  MissingCSRF,
  OAuthSignInError,
  RequestError,
} from "../../src/core/errors.js";
import {
  locationOf,
  makeConfig,
  OLD_SECRET,
  SECRET,
  send,
  signedIn,
  signInWithCredentials,
} from "./helpers.js";

/** A logger that keeps everything it is given, warn messages included. */
function fullLogger() {
  const lines: Array<{ level: string; code: string; message: string }> = [];
  return {
    lines,
    warnings: (code: string) => lines.filter((line) => line.level === "warn" && line.code === code),
    logger: {
      error: (error: Error) => lines.push({ level: "error", code: error.name, message: error.message }),
      warn: (code: string, message?: string) => lines.push({ level: "warn", code, message: message ?? "" }),
      debug: (message: string) => lines.push({ level: "debug", code: "", message }),
    },
  };
}

describe("the error classes", () => {
  it.each(ERROR_CLASSES.map((errorClass) => [errorClass.type, errorClass] as const))(
    "%s carries its traits on the class and on each instance",
    (type, ErrorClass) => {
      const error: AuthError =
        ErrorClass === MethodNotAllowed
          ? new MethodNotAllowed(["GET"])
          : new (ErrorClass as unknown as new () => AuthError)();
      expect(error).toBeInstanceOf(AuthError);
      expect(error.type).toBe(type);
      expect(error.name).toBe(type);
      expect(error.kind).toBe(ErrorClass.kind);
      expect(error.clientSafe).toBe(ErrorClass.clientSafe);
      expect(error.status).toBe(ErrorClass.status);
      expect(error.status).toBeGreaterThanOrEqual(400);
      if (error instanceof RequestError) expect(error.clientSafe).toBe(true);
    },
  );

  it("keeps Auth.js's client-safe set and page kinds, plus latchkey's RateLimited, InvalidCheck and store outages", () => {
    const safe = ERROR_CLASSES.filter(
      (errorClass) => errorClass.clientSafe && !(errorClass.prototype instanceof RequestError),
    );
    expect(safe.map((errorClass) => errorClass.type).sort()).toEqual(
      [
        "AccessDenied",
        "AccountNotLinked",
        "CredentialsSignin",
        "InvalidCheck",
        "InvalidTwoFactorCode",
        "MissingCSRF",
        "OAuthAccountNotLinked",
        "OAuthCallbackError",
        "RateLimited",
        "RateLimitStoreError",
        "StoreUnavailable",
        "StoreFull",
        "LockTimeout",
        "Verification",
        "WebAuthnVerificationError",
      ].sort(),
    );
    expect(new CredentialsSignin().kind).toBe("signIn");
    expect(new MissingCSRF().kind).toBe("signIn");
    expect(new OAuthSignInError().kind).toBe("signIn");
  });

  it("has an entry in docs/errors.md for every type", () => {
    const docs = readFileSync("docs/errors.md", "utf8");
    const headings = new Set([...docs.matchAll(/^### (\w+)$/gm)].map((match) => match[1]));
    for (const errorClass of ERROR_CLASSES) expect(headings, errorClass.type).toContain(errorClass.type);
    for (const warning of ["WeakSecret", "RedirectRefused", "SessionNotDeleted", "AdapterExtensionMissing"])
      expect(headings).toContain(warning);
  });
});

describe("failures are visible in the logs", () => {
  it("a POST without a CSRF token is logged at warn, without debug", async () => {
    const log = fullLogger();
    const config = makeConfig({ logger: log.logger });
    const response = await send(config, "/callback/credentials", {
      form: { username: "alice", password: "x" },
    });
    expect(locationOf(response).searchParams.get("error")).toBe("MissingCSRF");
    const [warning] = log.warnings("MissingCSRF");
    expect(warning?.message).toContain("docs/errors.md#missingcsrf");
  });

  it("a refused credentials sign-in is logged at warn, never with the password", async () => {
    const log = fullLogger();
    const config = makeConfig({ logger: log.logger, debug: true });
    await signInWithCredentials(config, { username: "alice", password: "hunter2-wrong" });
    expect(log.warnings("CredentialsSignin")).toHaveLength(1);
    expect(JSON.stringify(log.lines)).not.toContain("hunter2-wrong");
    // A refusal without a cause has nothing more to say at debug.
    expect(log.lines.filter((line) => line.message.endsWith("was caused by"))).toEqual([]);
  });

  it("warns once about a secret shorter than 32 bytes", async () => {
    const log = fullLogger();
    const config = makeConfig({ secret: "abc", logger: log.logger });
    await send(config, "/providers");
    await send(config, "/providers");
    expect(log.warnings("WeakSecret")).toHaveLength(1);
    const strong = fullLogger();
    await send(makeConfig({ logger: strong.logger }), "/providers");
    expect(strong.warnings("WeakSecret")).toHaveLength(0);
  });

  it("says why a configured sign-in page on another origin is refused", async () => {
    const log = fullLogger();
    const config = makeConfig({ logger: log.logger, pages: { signIn: "https://evil.example/login" } });
    const response = await send(config, "/signin");
    expect(locationOf(response).origin).toBe("https://app.test");
    const [warning] = log.warnings("RedirectRefused");
    expect(warning?.message).toContain("pages.signIn");
    expect(warning?.message).toContain("another origin (https://evil.example)");
  });

  it("says when the redirect callback's answer is refused", async () => {
    const log = fullLogger();
    const config = makeConfig({ logger: log.logger, callbacks: { redirect: () => "javascript:alert(1)" } });
    await signInWithCredentials(config);
    expect(log.warnings("RedirectRefused")[0]?.message).toContain("callbacks.redirect");
  });

  it("a session cookie made with a secret no longer configured reads as signed out, logged as JWTSessionError", async () => {
    const jar = await signedIn(makeConfig({ secret: OLD_SECRET }));
    const log = fullLogger();
    const rotated = makeConfig({ logger: log.logger });
    const session = await send(rotated, "/session", { cookie: jar });
    expect(await session.json()).toBeNull();
    expect(log.lines.filter((line) => line.level === "error")).toEqual([
      {
        level: "error",
        code: "JWTSessionError",
        message: expect.stringContaining("no secret opens the cookie"),
      },
    ]);
    // With the old secret kept for verifying, the same cookie is a session and nothing is logged.
    const kept = fullLogger();
    const withOld = makeConfig({ secret: [SECRET, OLD_SECRET], logger: kept.logger });
    expect(await (await send(withOld, "/session", { cookie: jar })).json()).toMatchObject({
      user: { name: "Alice" },
    });
    expect(kept.lines.filter((line) => line.level === "error")).toEqual([]);
  });

  it("names the docs entry of a logged server error", async () => {
    const log = fullLogger();
    const config = makeConfig({
      logger: log.logger,
      callbacks: {
        signIn: () => {
          throw new OAuthSignInError("the provider is down");
        },
      },
    });
    const { response } = await signInWithCredentials(config);
    // A sign-in error that is not client-safe still lands on the sign-in page, as "Configuration".
    const location = locationOf(response);
    expect(location.pathname).toBe("/auth/signin");
    expect(location.searchParams.get("error")).toBe("Configuration");
    expect(log.lines.find((line) => line.level === "error")?.message).toContain(
      "docs/errors.md#oauthsigninerror",
    );
  });
});

describe("adapters without latchkey's optional methods", () => {
  it("say once, at startup, which feature is off", async () => {
    const log = fullLogger();
    const {
      createUserAndLinkAccount: _a,
      listSessionsByUserId: _l,
      updateAccount: _u,
      ...authjsShaped
    } = MemoryAdapter();
    const config = makeConfig({ logger: log.logger, adapter: authjsShaped });
    await send(config, "/session");
    await send(config, "/session");
    const messages = log.warnings("AdapterExtensionMissing").map((line) => line.message);
    expect(messages).toHaveLength(3);
    expect(messages.join("\n")).toContain(
      "listSessions, revokeSession, revokeOtherSessions and the admin session functions are unavailable, and sessions record no metadata",
    );
  });

  it("are quiet when the adapter has them all", async () => {
    const log = fullLogger();
    await send(makeConfig({ logger: log.logger, adapter: MemoryAdapter() }), "/session");
    expect(log.warnings("AdapterExtensionMissing")).toEqual([]);
  });
});

describe("durations and sizes are numbers", () => {
  it.each([
    ["session.maxAge", { session: { maxAge: "3600" } }],
    ["session.updateAge", { session: { updateAge: -1 } }],
    ["jwt.maxAge", { jwt: { maxAge: Number.NaN } }],
    ["maxBodyBytes", { maxBodyBytes: Number.POSITIVE_INFINITY }],
  ])("a bad %s is a configuration error that names the option", async (option, overrides) => {
    const log = fullLogger();
    const config = makeConfig({ logger: log.logger, ...(overrides as object) });
    const response = await send(config, "/session");
    expect(response.status).toBe(500);
    expect(log.lines.find((line) => line.level === "error")?.message).toContain(
      `${option} must be a finite positive number`,
    );
  });
});
