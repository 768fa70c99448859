import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { Auth, raw } from "../../src/index.js";
import { errorCopy } from "../../src/pages/index.js";
import Credentials from "../../src/providers/credentials.js";
import Email from "../../src/providers/email.js";
import Passkey from "../../src/providers/passkey.js";
import {
  APP,
  CookieJar,
  expectJsonError,
  expectNoInternals,
  getCsrf,
  HTTP_APP,
  makeConfig,
  send,
  setCookieNamed,
  signedIn,
} from "./helpers.js";

describe("GET /providers", () => {
  it("lists every provider with absolute sign-in and callback URLs on the app's origin", async () => {
    const config = makeConfig({
      providers: [
        Credentials({ authorize: () => null }),
        Credentials({ id: "pin", name: "PIN code", authorize: () => null }),
      ],
    });
    const response = await send(config, "/providers");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      credentials: {
        id: "credentials",
        name: "Credentials",
        type: "credentials",
        signinUrl: `${APP}/auth/signin/credentials`,
        callbackUrl: `${APP}/auth/callback/credentials`,
      },
      pin: {
        id: "pin",
        name: "PIN code",
        type: "credentials",
        signinUrl: `${APP}/auth/signin/pin`,
        callbackUrl: `${APP}/auth/callback/pin`,
      },
    });
  });

  it("builds the URLs from the forwarded host and scheme when the host is trusted", async () => {
    const response = await send(makeConfig(), "/providers", {
      origin: "http://internal:3000",
      headers: { "x-forwarded-host": "public.test", "x-forwarded-proto": "https" },
    });
    const body = (await response.json()) as Record<string, { signinUrl: string }>;
    expect(body.credentials?.signinUrl).toBe("https://public.test/auth/signin/credentials");
  });
});

describe("GET /csrf", () => {
  it("returns a token and sets the __Host- CSRF cookie whose value is token|sha256(token+secret)", async () => {
    const response = await send(makeConfig(), "/csrf");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store");
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    expect(csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = setCookieNamed(response, "__Host-authjs.csrf-token");
    const [token, hash] = cookie.value.split("|");
    expect(token).toBe(csrfToken);
    const { createHash } = await import("node:crypto");
    expect(hash).toBe(createHash("sha256").update(`${csrfToken}${makeConfig().secret}`).digest("hex"));
  });

  it("reuses the token of a valid CSRF cookie and sets no new cookie", async () => {
    const config = makeConfig();
    const { token, jar } = await getCsrf(config);
    const again = await send(config, "/csrf", { cookie: jar });
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(((await again.json()) as { csrfToken: string }).csrfToken).toBe(token);
  });

  it("replaces a CSRF cookie whose hash does not verify", async () => {
    const config = makeConfig();
    const forged = `${"a".repeat(43)}|${"0".repeat(64)}`;
    const response = await send(config, "/csrf", { cookie: `__Host-authjs.csrf-token=${forged}` });
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    expect(csrfToken).not.toBe("a".repeat(43));
    expect(setCookieNamed(response, "__Host-authjs.csrf-token").value.startsWith(`${csrfToken}|`)).toBe(true);
  });
});

describe("GET /session", () => {
  it("answers null without a cookie, uncacheable", async () => {
    const response = await send(makeConfig(), "/session");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store");
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toBeNull();
  });

  it("answers the signed-in user's session, uncacheable", async () => {
    const config = makeConfig();
    const jar = await signedIn(config);
    const response = await send(config, "/session", { cookie: jar });
    expect(response.headers.get("cache-control")).toBe("private, no-cache, no-store");
    const session = (await response.json()) as { user: unknown; expires: string };
    expect(session.user).toEqual({
      id: expect.any(String),
      name: "Alice",
      email: "alice@example.test",
      image: null,
    });
    expect(Date.parse(session.expires)).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });

  it("answers null and clears the cookie when the session cookie is garbage", async () => {
    const response = await send(makeConfig(), "/session", {
      cookie: "__Secure-authjs.session-token=not-a-jwt",
    });
    expect(await response.json()).toBeNull();
    expect(setCookieNamed(response, "__Secure-authjs.session-token").attributes.get("max-age")).toBe("0");
  });
});

describe("GET /signin", () => {
  it("renders one 'Sign in with <name>' form per provider with the CSRF token and the credential inputs", async () => {
    const config = makeConfig({
      providers: [
        Credentials({
          name: "Password",
          credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
          authorize: () => null,
        }),
      ],
    });
    const response = await send(config, "/signin");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain("Sign in with Password");
    expect(html).toContain(`action="${APP}/auth/callback/credentials"`);
    expect(html).toContain('name="username"');
    expect(html).toContain('type="password"');
    const csrf = setCookieNamed(response, "__Host-authjs.csrf-token").value.split("|")[0] as string;
    expect(html).toContain(`<input type="hidden" name="csrfToken" value="${csrf}">`);
  });

  it("renders only the named provider on /signin/:provider and refuses an unknown one", async () => {
    const config = makeConfig({
      providers: [
        Credentials({ id: "one", name: "First", authorize: () => null }),
        Credentials({ id: "two", name: "Second", authorize: () => null }),
      ],
    });
    const html = await (await send(config, "/signin/two")).text();
    expect(html).toContain("Sign in with Second");
    expect(html).not.toContain("Sign in with First");
    await expectJsonError(await send(config, "/signin/three"), 400, "InvalidProvider");
  });
});

describe("GET /signout", () => {
  it("renders a confirm page that posts to /signout with the CSRF token, and does not sign out", async () => {
    const config = makeConfig();
    const jar = await signedIn(config);
    const response = await send(config, "/signout", { cookie: jar });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Are you sure you want to sign out?");
    expect(html).toContain(`<form method="post" action="${APP}/auth/signout">`);
    expect(html).toMatch(/<input type="hidden" name="csrfToken" value="[A-Za-z0-9_-]{43}">/);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("__Secure-authjs.session-token"))).toBe(
      false,
    );
    const session = await send(config, "/session", { cookie: jar });
    expect(await session.json()).not.toBeNull();
  });
});

describe("POST /signout", () => {
  it("clears the session cookie and redirects to the app", async () => {
    const config = makeConfig();
    const jar = await signedIn(config);
    const { token } = await getCsrf(config, { cookie: jar });
    const response = await send(config, "/signout", { cookie: jar, form: { csrfToken: token } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${APP}/`);
    expect(setCookieNamed(response, "__Secure-authjs.session-token").attributes.get("max-age")).toBe("0");
    jar.apply(response);
    expect(await (await send(config, "/session", { cookie: jar })).json()).toBeNull();
  });
});

describe("pages", () => {
  it("GET /verify-request renders the check-your-email page naming the host", async () => {
    const email = Email({ sendVerificationRequest: () => undefined });
    const config = makeConfig({ adapter: MemoryAdapter(), providers: [email] });
    const response = await send(config, "/verify-request");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toContain("app.test");
  });

  it("GET /verify-request is 404 without an e-mail provider: nothing sends a browser there", async () => {
    expect((await send(makeConfig(), "/verify-request")).status).toBe(404);
  });

  it.each([
    ["AccessDenied", 403],
    ["Verification", 403],
    ["Configuration", 500],
    ["Default", 400],
    ["constructor", 400],
    ["<script>alert(1)</script>", 400],
  ])(
    "GET /error?error=%s answers %i with an HTML page that does not echo the type",
    async (error, status) => {
      const response = await send(makeConfig(), `/error?error=${encodeURIComponent(error)}`);
      expect(response.status).toBe(status);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const html = await response.text();
      expect(html).not.toContain("<script>alert(1)</script>");
      expect(html).toContain(`href="${APP}/auth/signin"`);
      expectNoInternals(html);
    },
  );

  it("GET /error without a type renders the default error page", async () => {
    const response = await send(makeConfig(), "/error");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(errorCopy("Default").message);
  });
});

describe("GET /webauthn-options/:provider", () => {
  it("answers 400 with a reason when the provider cannot do WebAuthn", async () => {
    const config = makeConfig({
      adapter: MemoryAdapter(),
      providers: [Credentials({ authorize: () => null }), Passkey()],
    });
    await expectJsonError(
      await send(config, "/webauthn-options/credentials?action=authenticate"),
      400,
      "InvalidProvider",
    );
    await expectJsonError(
      await send(config, "/webauthn-options/webauthn?action=register"),
      400,
      "InvalidProvider",
    );
    await expectJsonError(await send(config, "/webauthn-options"), 400, "InvalidRequest");
  });

  it("is a route only of configurations with a passkey provider, whose flow declares it", async () => {
    await expectJsonError(
      await send(makeConfig(), "/webauthn-options/credentials?action=authenticate"),
      404,
      "UnknownAction",
    );
  });
});

describe("X-Auth-Return-Redirect", () => {
  it("answers a redirect with 200 {url} instead of a 302", async () => {
    const config = makeConfig();
    const { token, jar } = await getCsrf(config);
    const response = await send(config, "/callback/credentials", {
      cookie: jar,
      form: { csrfToken: token, username: "alice", password: "correct horse", callbackUrl: "/dashboard" },
      headers: { "X-Auth-Return-Redirect": "1" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.json()).toEqual({ url: `${APP}/dashboard` });
    jar.apply(response);
    expect(await (await send(config, "/session", { cookie: jar })).json()).not.toBeNull();
  });

  it("answers an error redirect with 200 {url} too", async () => {
    const config = makeConfig();
    const response = await send(config, "/signout", { form: {}, headers: { "X-Auth-Return-Redirect": "1" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: `${APP}/auth/signin?error=MissingCSRF` });
  });

  it("only reacts to the value 1", async () => {
    const response = await send(makeConfig(), "/signout", {
      form: {},
      headers: { "X-Auth-Return-Redirect": "true" },
    });
    expect(response.status).toBe(302);
  });
});

describe("methods and paths", () => {
  it.each(["PUT", "DELETE", "PATCH", "OPTIONS"])("%s answers 405 with an Allow header", async (method) => {
    const response = await send(makeConfig(), "/session", { method });
    await expectJsonError(response, 405, "MethodNotAllowed");
    expect(response.headers.get("allow")).toBe("GET, POST");
  });

  it("a POST to a GET-only route answers 405 naming GET", async () => {
    const response = await send(makeConfig(), "/providers", { method: "POST", form: {} });
    await expectJsonError(response, 405);
    expect(response.headers.get("allow")).toBe("GET");
  });

  it.each([
    ["a provider id on an action that takes none", "/session/x"],
    ["a provider id on /csrf", "/csrf/credentials"],
    ["a missing provider on /callback", "/callback"],
    ["an unknown provider on /callback", "/callback/nope"],
  ])("%s answers 400 with a reason", async (_what, path) => {
    await expectJsonError(await send(makeConfig(), path), 400);
  });

  it.each([
    ["an unknown action", "/login"],
    ["an action with a prototype name", "/constructor"],
    ["too many path segments", "/callback/credentials/extra"],
    ["the bare base path", ""],
  ])("%s is not found: 404 with a reason", async (_what, path) => {
    await expectJsonError(await send(makeConfig(), path), 404, "UnknownAction");
  });

  it("a POST /signin without a provider answers 400", async () => {
    const config = makeConfig();
    const { token, jar } = await getCsrf(config);
    await expectJsonError(await send(config, "/signin", { cookie: jar, form: { csrfToken: token } }), 400);
  });

  it("a POST to an unknown provider answers 400", async () => {
    const config = makeConfig();
    const { token, jar } = await getCsrf(config);
    await expectJsonError(
      await send(config, "/signin/nope", { cookie: jar, form: { csrfToken: token } }),
      400,
      "InvalidProvider",
    );
    await expectJsonError(
      await send(config, "/callback/nope", { cookie: jar, form: { csrfToken: token } }),
      400,
      "InvalidProvider",
    );
  });

  it.each(["/api/session", "/authsession", "/auth-x/session", "/"])(
    "a path outside the base path (%s) is not found: 404",
    async (path) => {
      const response = await Auth(new Request(`${APP}${path}`), makeConfig());
      await expectJsonError(response, 404, "UnknownAction");
    },
  );

  it("serves every route under a custom basePath and nothing under the default one", async () => {
    const config = makeConfig({ basePath: "/api/auth/" });
    const providers = await send(config, "/providers", { basePath: "/api/auth" });
    expect(providers.status).toBe(200);
    const body = (await providers.json()) as Record<string, { callbackUrl: string }>;
    expect(body.credentials?.callbackUrl).toBe(`${APP}/api/auth/callback/credentials`);
    await expectJsonError(await send(config, "/providers"), 404);

    const jar = new CookieJar();
    const { token } = await getCsrf(config, { basePath: "/api/auth", cookie: jar });
    const signIn = await send(config, "/callback/credentials", {
      basePath: "/api/auth",
      cookie: jar,
      form: { csrfToken: token, username: "nobody", password: "x" },
    });
    expect(signIn.headers.get("location")).toBe(
      `${APP}/api/auth/signin?error=CredentialsSignin&code=credentials`,
    );
  });

  it("percent-encoded provider ids are decoded once and malformed ones answer 400", async () => {
    const config = makeConfig({
      providers: [Credentials({ id: "my id", name: "Spaced", authorize: () => null })],
    });
    expect(await (await send(config, "/signin/my%20id")).text()).toContain("Sign in with Spaced");
    await expectJsonError(await send(config, "/signin/%E0%A4%A"), 400);
  });

  it("is served over plain http as well", async () => {
    const response = await send(makeConfig(), "/providers", { origin: HTTP_APP });
    const body = (await response.json()) as Record<string, { signinUrl: string }>;
    expect(body.credentials?.signinUrl).toBe(`${HTTP_APP}/auth/signin/credentials`);
  });
});

describe("the raw option", () => {
  it("returns the internal result instead of a Response, only with the exported symbol", async () => {
    const request = () => new Request(`${APP}/auth/signin?callbackUrl=%2Fdashboard`);
    const result = await Auth(request(), { ...makeConfig(), raw });
    expect(result).not.toBeInstanceOf(Response);
    expect(result).toMatchObject({ status: 200, body: expect.stringContaining("<html") });
    expect(result.cookies?.map((cookie) => cookie.name)).toEqual([
      "__Host-authjs.csrf-token",
      "__Secure-authjs.callback-url",
    ]);

    const lookalike = await Auth(request(), { ...makeConfig(), raw: Symbol("latchkey.raw") as typeof raw });
    expect(lookalike).toBeInstanceOf(Response);
  });
});
