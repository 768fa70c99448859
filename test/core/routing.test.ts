/**
 * How a path and method become a route, and the reason given when they do not: each refusal
 * carries its own error type and message, so a client can tell "no such route" from "wrong
 * provider" from "malformed request".
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import * as errors from "../../src/core/errors.js";
import { MissingCSRF, RequestError, SignInError } from "../../src/core/errors.js";
import { toWebResponse } from "../../src/core/response.js";
import { Auth } from "../../src/index.js";
import { errorCopy } from "../../src/pages/index.js";
import WebAuthn from "../../src/providers/webauthn.js";
import { APP, expectJsonError, getCsrf, locationOf, makeConfig, send } from "./helpers.js";

async function expectRefusal(response: Response, status: number, error: string, message: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual({ error, message });
}

describe("paths", () => {
  it("a path outside the base path is an unknown action, naming the base path", async () => {
    await expectRefusal(
      await Auth(new Request(`${APP}/api/session`), makeConfig()),
      404,
      "UnknownAction",
      "This handler serves routes under /auth/, not /api/session.",
    );
  });

  it("the bare base path with a slash names no route", async () => {
    await expectRefusal(await send(makeConfig(), "/"), 404, "UnknownAction", "Unknown route /auth/.");
  });

  it("too many segments name no route, even when the first two would", async () => {
    await expectRefusal(
      await send(makeConfig(), "/signin/credentials/extra"),
      404,
      "UnknownAction",
      "Unknown route /auth/signin/credentials/extra.",
    );
  });

  it("a trailing slash is the same route, with or without a provider", async () => {
    expect((await send(makeConfig(), "/session/")).status).toBe(200);
    const page = await send(makeConfig(), "/signin/credentials/");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Sign in with Credentials");
  });

  it("a callback without a provider id says it needs one", async () => {
    await expectRefusal(
      await send(makeConfig(), "/callback"),
      400,
      "InvalidRequest",
      "GET callback needs a provider id in its path.",
    );
  });

  it("a GET that carries a Content-Type is still a GET without a body", async () => {
    const response = await Auth(
      new Request(`${APP}/auth/session`, { headers: { "content-type": "text/plain" } }),
      makeConfig(),
    );
    expect(response.status).toBe(200);
  });

  it("a method a route does not take is named in the reason", async () => {
    await expectRefusal(
      await send(makeConfig(), "/session", { method: "PUT" }),
      405,
      "MethodNotAllowed",
      "Use GET or POST for this route.",
    );
  });
});

describe("the order of the checks before an action", () => {
  it("an unknown provider is reported before a missing CSRF token", async () => {
    for (const path of ["/signin/nope", "/callback/nope"]) {
      await expectJsonError(await send(makeConfig(), path, { form: {} }), 400, "InvalidProvider");
    }
  });

  it("a POST without a CSRF cookie is told it has none", async () => {
    await expectRefusal(
      await send(makeConfig(), "/session", { json: { csrfToken: "x" } }),
      403,
      "MissingCSRF",
      // The words of the sign-in page; the reason, with how to fetch a token, is in the log.
      errorCopy("MissingCSRF").message,
    );
  });

  it("an OAuth callback posted by the provider's page needs no CSRF token", async () => {
    const config = makeConfig({
      providers: [{ id: "acme", name: "Acme", type: "oauth", issuer: "https://id.acme.test", clientId: "c" }],
    });
    const response = await send(config, "/callback/acme", { form: { code: "abc", state: "xyz" } });
    expect(new URL(response.headers.get("location") ?? `${APP}/`).searchParams.get("error")).not.toBe(
      "MissingCSRF",
    );
  });

  it.each([
    ["email", { id: "email", name: "email", type: "email", sendVerificationRequest: () => undefined }],
    ["webauthn", WebAuthn()],
  ] as const)("a %s callback posted without a CSRF token is refused", async (type, provider) => {
    const config = makeConfig({ adapter: MemoryAdapter(), providers: [provider] });
    const response = await send(config, `/callback/${type}`, { form: { token: "t" } });
    expect(locationOf(response).searchParams.get("error")).toBe("MissingCSRF");
  });
});

describe("answers", () => {
  it("a redirect answered as JSON for fetch callers is typed as JSON", async () => {
    const config = makeConfig();
    const { token, jar } = await getCsrf(config);
    const response = await send(config, "/signout", {
      cookie: jar,
      form: { csrfToken: token },
      headers: { "x-auth-return-redirect": "1" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({ url: `${APP}/` });
  });

  it("an action's own Cache-Control replaces the default", () => {
    const response = toWebResponse({ body: {}, headers: { "Cache-Control": "public, max-age=60" } }, false);
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    expect(toWebResponse({ body: {} }, false).headers.get("cache-control")).toBe(
      "private, no-cache, no-store",
    );
  });
});

describe("error classes", () => {
  it("each names itself by its type, the two bases included", () => {
    const classes = Object.values(errors).filter(
      (value): value is typeof errors.AuthError => typeof value === "function" && "type" in value,
    );
    expect(classes).toContain(SignInError);
    expect(classes).toContain(RequestError);
    for (const errorClass of classes) expect(errorClass.type).toBe(errorClass.name);
    expect(new SignInError().type).toBe("SignInError");
    expect(new RequestError().type).toBe("RequestError");
    expect(new MissingCSRF().kind).toBe("signIn");
  });
});
