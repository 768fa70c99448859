/**
 * latchkey/fastify in a real Fastify app over HTTP: the plugin under its prefix, bodies read by
 * latchkey whatever parsers the app registered, `getSession` and `requireAuth` in routes, forwarded
 * headers only with `trustProxy`, and the attacks a mounted handler must refuse.
 */
import Fastify, { type FastifyInstance } from "fastify";
import { describe, expect, test } from "vitest";
import {
  getSession,
  type LatchkeyFastifyConfig,
  latchkeyFastify,
  requireAuth,
} from "../../src/fastify/index.js";
import {
  behindTlsProxy,
  browser,
  closeAfterTest,
  credentialsConfig,
  forgedSessionCookie,
  signInThroughThePage,
  signOut,
} from "../support/framework-http.js";

async function serve(app: FastifyInstance): Promise<string> {
  closeAfterTest(() => app.close());
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return address;
}

/** The app docs/fastify.md describes. */
async function app(options: { trustProxy?: boolean; configure?: (app: FastifyInstance) => void } = {}) {
  const config: LatchkeyFastifyConfig = {
    ...credentialsConfig({ basePath: "/api/auth" }),
    trustProxy: options.trustProxy === true,
  };
  const app = Fastify();
  options.configure?.(app);
  await app.register(latchkeyFastify, { prefix: "/api/auth", ...config });
  app.get("/", async (request) => {
    const session = await getSession(request, config);
    return session ? `Hello ${session.user?.name}` : "Hello stranger";
  });
  app.get("/api/me", { preHandler: requireAuth(config) }, async (request) => ({
    email: request.auth?.user?.email,
  }));
  app.get("/dashboard", { preHandler: requireAuth(config) }, async () => "dashboard");
  app.post("/echo", async (request) => ({ body: request.body }));
  return app;
}

describe("latchkey/fastify", () => {
  test("signs in with credentials under the prefix, and the session reaches the app's routes", async () => {
    const origin = await serve(await app());
    const send = browser(origin);
    expect(await (await send("/")).text()).toBe("Hello stranger");

    const { signIn, csrfToken } = await signInThroughThePage(send, "/api/auth");
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe(`${origin}/dashboard`);
    expect(signIn.headers.getSetCookie().some((cookie) => cookie.startsWith("authjs.session-token="))).toBe(
      true,
    );

    expect(await (await send("/")).text()).toBe("Hello Ada Lovelace");
    expect(await (await send("/api/me")).json()).toEqual({ email: "ada@example.test" });
    expect(await (await send("/api/auth/session")).json()).toMatchObject({ user: { name: "Ada Lovelace" } });

    expect((await signOut(send, "/api/auth", csrfToken)).status).toBe(302);
    expect(await (await send("/")).text()).toBe("Hello stranger");
  });

  test("the prefix is the base path when the config names none", async () => {
    const fastify = Fastify();
    await fastify.register(latchkeyFastify, { prefix: "/v1/auth", ...credentialsConfig() });
    const send = browser(await serve(fastify));
    await signInThroughThePage(send, "/v1/auth");
    expect(await (await send("/v1/auth/session")).json()).toMatchObject({ user: { name: "Ada Lovelace" } });
  });

  test("reads JSON and form bodies itself, beside the app's own JSON parser", async () => {
    const origin = await serve(await app());
    const send = browser(origin);
    const { csrfToken } = await signInThroughThePage(send, "/api/auth");

    // The app's routes keep Fastify's parsers.
    const echo = await send("/echo", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ a: 1 }),
    });
    expect(await echo.json()).toEqual({ body: { a: 1 } });

    const out = await send("/api/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/json", "x-auth-return-redirect": "1" },
      body: JSON.stringify({ csrfToken }),
    });
    expect(await out.json()).toEqual({ url: `${origin}/` });
  });

  test("answers bad bodies with latchkey's 4xx, not Fastify's", async () => {
    const origin = await serve(await app());
    const badJson = await fetch(`${origin}/api/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(badJson.status).toBe(400);
    const tooBig = await fetch(`${origin}/api/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `csrfToken=${"a".repeat(70_000)}`,
    });
    expect(tooBig.status).toBe(413);
  });

  test("requireAuth answers an API call with 401 JSON and a page load with a redirect to sign in", async () => {
    const origin = await serve(await app());
    const api = await fetch(`${origin}/api/me`);
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ error: "Unauthorized", message: "Sign in to use this resource." });

    const page = await fetch(`${origin}/dashboard`, { headers: { accept: "text/html" }, redirect: "manual" });
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe("/api/auth/signin?callbackUrl=%2Fdashboard");
  });

  test("honours X-Forwarded-Host only with trustProxy", async () => {
    const listed = async (origin: string) => {
      const response = await fetch(`${origin}/api/auth/providers`, {
        headers: { "x-forwarded-host": "app.example.com", "x-forwarded-proto": "https" },
      });
      return ((await response.json()) as { credentials: { signinUrl: string } }).credentials.signinUrl;
    };
    const untrusted = await serve(await app());
    expect(await listed(untrusted)).toBe(`${untrusted}/api/auth/signin/credentials`);
    const trusted = await serve(await app({ trustProxy: true }));
    expect(await listed(trusted)).toBe("https://app.example.com/api/auth/signin/credentials");
  });

  test("with trustProxy, the proxy's X-Forwarded-Proto reaches getSession: the https session cookie is read", async () => {
    const origin = await serve(await app({ trustProxy: true }));
    const direct = browser(origin);
    // Every request through the TLS-terminating proxy, which sets the scheme the browser used.
    const send = behindTlsProxy(direct);
    expect((await signInThroughThePage(send, "/api/auth")).signIn.status).toBe(302);
    expect([...direct.jar.cookies.keys()]).toContain("__Secure-authjs.session-token");
    expect(await (await send("/")).text()).toBe("Hello Ada Lovelace");
  });

  test("trusts no X-Forwarded-* when the config leaves trustProxy out (the default)", async () => {
    const config: LatchkeyFastifyConfig = credentialsConfig({ basePath: "/api/auth" });
    expect("trustProxy" in config).toBe(false);
    const fastify = Fastify();
    await fastify.register(latchkeyFastify, { prefix: "/api/auth", ...config });
    fastify.get("/", async (request) => ((await getSession(request, config)) ? "signed in" : "signed out"));
    const origin = await serve(fastify);
    const forged = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
    const response = await fetch(`${origin}/api/auth/providers`, { headers: forged });
    const listed = (await response.json()) as { credentials: { signinUrl: string } };
    expect(listed.credentials.signinUrl).toBe(`${origin}/api/auth/signin/credentials`);
    // The session read agrees: a forged https does not make it look for the __Secure- cookie.
    const send = browser(origin);
    await signInThroughThePage(send, "/api/auth");
    expect(await (await send("/", { headers: forged })).text()).toBe("signed in");
  });

  test("sends each cookie of an answer once", async () => {
    const origin = await serve(await app());
    const { signIn } = await signInThroughThePage(browser(origin), "/api/auth");
    const names = signIn.headers.getSetCookie().map((cookie) => cookie.slice(0, cookie.indexOf("=")));
    expect(names).toEqual(["authjs.session-token"]);
  });

  test("sends a redirect without a body, and without a Content-Type made up for one", async () => {
    const origin = await serve(await app());
    const { signIn } = await signInThroughThePage(browser(origin), "/api/auth");
    expect(signIn.status).toBe(302);
    // latchkey's redirect has no body; had it been sent as "", Fastify would label it text/plain.
    expect(signIn.headers.get("content-type")).toBeNull();
    expect(await signIn.text()).toBe("");
  });

  test("the app's onSend hooks see Set-Cookie as latchkey sent it, and none on an answer without cookies", async () => {
    const seen = new Map<string, unknown>();
    const origin = await serve(
      await app({
        configure: (fastify) =>
          fastify.addHook("onSend", async (request, reply, payload) => {
            seen.set(request.url, reply.getHeader("set-cookie"));
            return payload;
          }),
      }),
    );
    const csrf = await fetch(`${origin}/api/auth/csrf`);
    await fetch(`${origin}/api/auth/providers`);
    expect(seen.get("/api/auth/csrf")).toEqual(csrf.headers.getSetCookie());
    expect(csrf.headers.getSetCookie()).toHaveLength(1);
    expect(seen.has("/api/auth/providers")).toBe(true);
    expect(seen.get("/api/auth/providers")).toBeUndefined();
  });

  describe("attacks", () => {
    test("a cross-site POST to sign out, without the CSRF token, leaves the session alone", async () => {
      const origin = await serve(await app());
      const send = browser(origin);
      await signInThroughThePage(send, "/api/auth");
      const forged = await send("/api/auth/signout", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
        body: new URLSearchParams({ callbackUrl: "https://evil.example/" }),
      });
      expect(forged.headers.get("location")).toMatch(/error=MissingCSRF/);
      expect(await (await send("/api/me")).json()).toEqual({ email: "ada@example.test" });
    });

    test("a forged session cookie is nobody", async () => {
      const origin = await serve(await app());
      const cookie = await forgedSessionCookie();
      expect((await fetch(`${origin}/api/me`, { headers: { cookie } })).status).toBe(401);
      expect(await (await fetch(`${origin}/`, { headers: { cookie } })).text()).toBe("Hello stranger");
    });
  });
});
