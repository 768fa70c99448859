/**
 * latchkey/hono in a real Hono app served by @hono/node-server over HTTP: the config per request,
 * the handler mounted by wildcard, the session on `c.get("session")`, `verifyAuth` for pages and
 * APIs, the socket's address reaching the rate limiter, and the attacks a mounted handler must refuse.
 */
import { serve as serveHono } from "@hono/node-server";
import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import {
  authHandler,
  authSession,
  getSession,
  type HonoAuthOptions,
  initAuthConfig,
  verifyAuth,
} from "../../src/hono/index.js";
import { type AuthConfig, listSessions, UnsupportedStrategy } from "../../src/index.js";
import AzureAD from "../../src/providers/azure-ad.js";
import Email from "../../src/providers/email.js";
import { MemoryStore } from "../../src/rate-limit/index.js";
import {
  behindTlsProxy,
  browser,
  closeAfterTest,
  credentialsConfig,
  forgedSessionCookie,
  signInThroughThePage,
  signOut,
} from "../support/framework-http.js";

/** Serves a Hono app on 127.0.0.1 and an OS-chosen port through @hono/node-server. */
async function serve(app: Hono): Promise<string> {
  const port = await new Promise<number>((resolve) => {
    const server = serveHono({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
      resolve(info.port),
    );
    closeAfterTest(() => new Promise<void>((done) => server.close(() => done())));
  });
  return `http://127.0.0.1:${port}`;
}

/** The app docs/hono.md describes. */
function app(
  config: AuthConfig | ((c: unknown) => AuthConfig) = credentialsConfig(),
  options: HonoAuthOptions = {},
) {
  const app = new Hono();
  app.use("*", initAuthConfig(config, options));
  app.use("/api/auth/*", authHandler());
  app.use("*", authSession());
  app.get("/", (c) => {
    const session = c.get("session");
    return c.text(session ? `Hello ${session.user?.name}` : "Hello stranger");
  });
  app.use("/api/protected/*", verifyAuth());
  app.get("/api/protected/me", (c) => c.json({ email: c.get("session")?.user?.email }));
  app.get("/dashboard", verifyAuth(), (c) => c.text("dashboard"));
  app.get("/direct", async (c) => c.json({ session: await getSession(c) }));
  return app;
}

describe("latchkey/hono on @hono/node-server", () => {
  test("signs in with credentials at the mount point, and the session reaches every route", async () => {
    const origin = await serve(app());
    const send = browser(origin);
    expect(await (await send("/")).text()).toBe("Hello stranger");

    const { signIn, csrfToken } = await signInThroughThePage(send, "/api/auth");
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe(`${origin}/dashboard`);

    expect(await (await send("/")).text()).toBe("Hello Ada Lovelace");
    expect(await (await send("/api/protected/me")).json()).toEqual({ email: "ada@example.test" });
    expect(await (await send("/direct")).json()).toMatchObject({
      session: { user: { name: "Ada Lovelace" } },
    });

    expect((await signOut(send, "/api/auth", csrfToken)).status).toBe(302);
    expect(await (await send("/")).text()).toBe("Hello stranger");
    expect(await (await send("/api/auth/session")).json()).toBeNull();
  });

  test("a config function runs per request with the context", async () => {
    const seen: string[] = [];
    const config = credentialsConfig({ basePath: "/api/auth" });
    const origin = await serve(
      app((c) => {
        seen.push((c as { req: { path: string } }).req.path);
        return config;
      }),
    );
    const send = browser(origin);
    await signInThroughThePage(send, "/api/auth");
    expect(await (await send("/")).text()).toBe("Hello Ada Lovelace");
    expect(seen).toEqual(["/api/auth/signin", "/api/auth/callback/credentials", "/"]);
  });

  test.each([
    { mount: "naming its base path", basePath: "/api/auth" as string | undefined },
    // Without a base path, each request's config is copied for the wildcard's mount path: the
    // copies must count in the store the config function's configs share, not in one of their own.
    { mount: "without a base path, mounted by wildcard", basePath: undefined },
  ])(
    "a config function building a new config per request, $mount, counts every guess in one store",
    async ({ basePath }) => {
      const origin = await serve(
        app(() =>
          credentialsConfig({
            ...(basePath ? { basePath } : {}),
            rateLimit: { rules: { signInAttempt: { perIp: 100, perAccount: 3, windowSeconds: 60 } } },
          }),
        ),
      );
      const send = browser(origin);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await signInThroughThePage(send, "/api/auth", "guess")).signIn.status);
      expect(statuses).toEqual([302, 302, 302, 429]);
      // The account stays locked for the right password too, from another browser.
      expect((await signInThroughThePage(browser(origin), "/api/auth")).signIn.status).toBe(429);
    },
  );

  test.each([
    { name: "a config function", source: () => () => credentialsConfig() },
    { name: "a config", source: () => credentialsConfig() },
  ])(
    "with $name naming no store, a JWT session is not recorded: listing it says a store is needed, as Auth() does",
    async ({ source }) => {
      // README, "Which session strategy": without a shared `store`, JWT sessions are neither listed nor
      // revoked. The store the glue shares for rate limiting must not turn that on.
      const devices = app(source());
      devices.get("/devices", async (c) => {
        try {
          return c.json(await listSessions(c.req.raw, c.get("authConfig")));
        } catch (error) {
          if (error instanceof UnsupportedStrategy) return c.json({ error: "UnsupportedStrategy" }, 501);
          throw error;
        }
      });
      const send = browser(await serve(devices));
      expect((await signInThroughThePage(send, "/api/auth")).signIn.status).toBe(302);
      expect(await (await send("/")).text()).toBe("Hello Ada Lovelace");
      const listed = await send("/devices");
      expect(await listed.json()).toEqual({ error: "UnsupportedStrategy" });
      expect(listed.status).toBe(501);
    },
  );

  test("a config that names its own store counts there: two instances sharing it share the counts", async () => {
    // As two processes behind a load balancer share one Redis store; each config function builds a
    // new config per request, and every one names the app's store, not one of the glue's.
    const store = new MemoryStore();
    const instance = () =>
      serve(
        app(() =>
          credentialsConfig({
            basePath: "/api/auth",
            store,
            rateLimit: { rules: { signInAttempt: { perIp: 100, perAccount: 3, windowSeconds: 60 } } },
          }),
        ),
      );
    const [first, second] = [browser(await instance()), browser(await instance())];
    const guess = async (send: ReturnType<typeof browser>) =>
      (await signInThroughThePage(send, "/api/auth", "guess")).signIn.status;
    expect([await guess(first), await guess(second), await guess(first)]).toEqual([302, 302, 302]);
    expect(await guess(second)).toBe(429);
  });

  test("a config function returning the same object is prepared once, however many requests and routes use it", async () => {
    // A deprecated provider is reported once per prepared config: the count shows how often it was.
    const warnings: string[] = [];
    const config = credentialsConfig({
      basePath: "/api/auth",
      logger: { warn: (code) => void warnings.push(code), error: () => {}, debug: () => {} },
    });
    config.providers = [...config.providers, AzureAD({ clientId: "id", clientSecret: "secret" })];
    const origin = await serve(app(() => config));
    const send = browser(origin);
    await send("/api/auth/providers");
    await send("/");
    await send("/api/auth/session");
    await send("/api/protected/me");
    expect(warnings).toEqual(["DeprecatedProvider"]);
  });

  test("on routes without a wildcard, it serves under the config's base path, not a path cut from the route", async () => {
    const routes = new Hono();
    routes.use("*", initAuthConfig(credentialsConfig()));
    routes.get("/auth/csrf", authHandler());
    routes.get("/auth/providers", authHandler());
    const origin = await serve(routes);
    const csrf = await fetch(`${origin}/auth/csrf`);
    expect(csrf.status).toBe(200);
    expect(await csrf.json()).toEqual({ csrfToken: expect.any(String) });
    const listed = (await (await fetch(`${origin}/auth/providers`)).json()) as {
      credentials: { signinUrl: string };
    };
    expect(listed.credentials.signinUrl).toBe(`${origin}/auth/signin/credentials`);
  });

  test('mounted at the root, app.use("/*"), it serves its routes at the root', async () => {
    const root = new Hono();
    root.use("*", initAuthConfig(credentialsConfig()));
    root.use("/*", authHandler());
    const origin = await serve(root);
    const csrf = await fetch(`${origin}/csrf`);
    expect(csrf.status).toBe(200);
    expect(await csrf.json()).toEqual({ csrfToken: expect.any(String) });
    const listed = (await (await fetch(`${origin}/providers`)).json()) as {
      credentials: { signinUrl: string };
    };
    expect(listed.credentials.signinUrl).toBe(`${origin}/signin/credentials`);
  });

  test("verifyAuth answers an API call with 401 JSON and a page load with a redirect to sign in", async () => {
    const origin = await serve(app(credentialsConfig({ basePath: "/api/auth" })));
    const api = await fetch(`${origin}/api/protected/me`);
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ error: "Unauthorized", message: "Sign in to use this resource." });

    const page = await fetch(`${origin}/dashboard?tab=2`, {
      headers: { accept: "text/html" },
      redirect: "manual",
    });
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe(
      `/api/auth/signin?callbackUrl=${encodeURIComponent("/dashboard?tab=2")}`,
    );
    expect((await fetch(`${origin}${page.headers.get("location")}`)).status).toBe(200);
  });

  test("counts sign-in attempts per client address, which the Node adapter hands over", async () => {
    const config = credentialsConfig({
      rateLimit: { rules: { signInAttempt: { perIp: 2, perAccount: 100, windowSeconds: 60 } } },
    });
    const origin = await serve(app(config));
    const attempt = async (send: ReturnType<typeof browser>) =>
      (await signInThroughThePage(send, "/api/auth", "guess")).signIn.status;

    const first = browser(origin);
    expect([await attempt(first), await attempt(first), await attempt(first)]).toEqual([302, 302, 429]);
    // Another address has attempts of its own: the limit is per client, not one bucket for everyone.
    expect(await attempt(browser(origin, "127.0.0.2"))).toBe(302);
  });

  test("a handler without initAuthConfig says what is missing, without a stack", async () => {
    const bare = new Hono();
    bare.use("/auth/*", authHandler());
    const origin = await serve(bare);
    const response = await fetch(`${origin}/auth/session`);
    expect(response.status).toBe(500);
    expect(await response.text()).not.toMatch(/at .*\.ts:\d+/);
  });

  test("the error it throws without initAuthConfig names the middleware to add", async () => {
    const bare = new Hono();
    bare.onError((error, c) => c.text(error.message, 500));
    bare.use("/auth/*", authHandler());
    bare.get("/", async (c) => c.json(await getSession(c)));
    const origin = await serve(bare);
    for (const path of ["/auth/session", "/"]) {
      const response = await fetch(`${origin}${path}`);
      expect(await response.text()).toBe(
        'latchkey/hono: no config for this request. Add app.use("*", initAuthConfig(config)) first.',
      );
    }
  });

  test("the session is read once per request, however many middleware and handlers ask", async () => {
    let reads = 0;
    const config = credentialsConfig({
      callbacks: {
        session: ({ session }) => {
          reads++;
          return session;
        },
      },
    });
    const send = browser(await serve(app(config)));
    await signInThroughThePage(send, "/api/auth");
    reads = 0;
    // authSession, verifyAuth and the route itself each ask.
    expect(await (await send("/api/protected/me")).json()).toEqual({ email: "ada@example.test" });
    expect(await (await send("/direct")).json()).toMatchObject({
      session: { user: { name: "Ada Lovelace" } },
    });
    expect(reads).toBe(2);
  });

  describe("attacks", () => {
    test("a cross-site POST to sign out, without the CSRF token, leaves the session alone", async () => {
      const origin = await serve(app());
      const send = browser(origin);
      await signInThroughThePage(send, "/api/auth");
      const forged = await send("/api/auth/signout", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
        body: new URLSearchParams({ callbackUrl: "https://evil.example/" }),
      });
      expect(forged.headers.get("location")).toMatch(/error=MissingCSRF/);
      expect(await (await send("/api/protected/me")).json()).toEqual({ email: "ada@example.test" });
    });

    test("a client's X-Forwarded-Host does not choose the host of the mailed sign-in link (trustHost, no AUTH_URL)", async () => {
      const { origin, mailedLink } = await mailingApp();
      const link = await mailedLink(origin, {
        "x-forwarded-host": "evil.example",
        "x-forwarded-proto": "https",
      });
      expect(link.origin).toBe(origin);
    });

    test("the client's Forwarded and X-Forwarded-Proto do not reach latchkey either", async () => {
      const { origin, mailedLink } = await mailingApp();
      const link = await mailedLink(origin, { forwarded: "host=evil.example;proto=https" });
      expect(link.origin).toBe(origin);
      const listed = await fetch(`${origin}/api/auth/providers`, {
        headers: { "x-forwarded-proto": "https" },
      });
      expect(((await listed.json()) as { email: { signinUrl: string } }).email.signinUrl).toBe(
        `${origin}/api/auth/signin/email`,
      );
    });

    test("with initAuthConfig(config, { trustProxy: true }), the proxy's X-Forwarded-Host is the link's host", async () => {
      const { origin, mailedLink } = await mailingApp({ trustProxy: true });
      const link = await mailedLink(origin, {
        "x-forwarded-host": "app.example",
        "x-forwarded-proto": "https",
      });
      expect(link.origin).toBe("https://app.example");
    });

    test("a client's X-Forwarded-* headers neither change nor drop the session that getSession reads", async () => {
      const origin = await serve(app());
      const send = browser(origin);
      await signInThroughThePage(send, "/api/auth");
      // Kept, a forged proto would send the read to the `__Secure-` cookie this http app never set.
      const forged: Record<string, string>[] = [
        { "x-forwarded-proto": "https" },
        { "x-forwarded-for": "203.0.113.9" },
        { forwarded: "proto=https;host=evil.example" },
      ];
      for (const headers of forged) {
        const me = await send("/api/protected/me", { headers });
        expect(me.status).toBe(200);
        expect(await me.json()).toEqual({ email: "ada@example.test" });
      }
    });

    test("with trustProxy, the proxy's X-Forwarded-Proto reaches getSession: the https session cookie is read", async () => {
      const origin = await serve(app(credentialsConfig(), { trustProxy: true }));
      const direct = browser(origin);
      // Every request through the TLS-terminating proxy, which sets the scheme the browser used.
      const send = behindTlsProxy(direct);
      const { signIn } = await signInThroughThePage(send, "/api/auth");
      expect(signIn.status).toBe(302);
      expect([...direct.jar.cookies.keys()]).toContain("__Secure-authjs.session-token");
      expect(await (await send("/api/protected/me")).json()).toEqual({ email: "ada@example.test" });
    });

    test("a forged session cookie is nobody", async () => {
      const origin = await serve(app());
      const cookie = await forgedSessionCookie();
      expect((await fetch(`${origin}/api/protected/me`, { headers: { cookie } })).status).toBe(401);
      expect(await (await fetch(`${origin}/`, { headers: { cookie } })).text()).toBe("Hello stranger");
    });
  });
});

/** The app of docs/hono.md with e-mail sign-in (trustHost, no AUTH_URL); `mailedLink` asks for a link. */
async function mailingApp(options: HonoAuthOptions = {}) {
  const links: string[] = [];
  const config = credentialsConfig({
    adapter: MemoryAdapter(),
    providers: [Email({ sendVerificationRequest: async ({ url }) => void links.push(url) })],
  });
  const origin = await serve(app(config, options));
  async function mailedLink(at: string, headers: Record<string, string>): Promise<URL> {
    const send = browser(at);
    const csrf = (await (await send("/api/auth/csrf", { headers })).json()) as { csrfToken: string };
    const response = await send("/api/auth/signin/email", {
      method: "POST",
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: csrf.csrfToken, email: "ada@example.test" }),
    });
    expect(response.status).toBe(302);
    expect(links).toHaveLength(1);
    return new URL(links.pop() as string);
  }
  return { origin, mailedLink };
}
