/**
 * latchkey/express under real Express 4 and Express 5 over HTTP: the router mounted where the app
 * wants it, the session on `res.locals`, `requireAuth` for pages and APIs, Express's `trust proxy`
 * deciding whether forwarded headers count, and the attacks a mounted handler must refuse.
 */
import type { RequestListener } from "node:http";
import express5, { type ErrorRequestHandler } from "express";
import express4 from "express4";
import { describe, expect, test } from "vitest";
import { authSession, getSession, LatchkeyExpress, requireAuth } from "../../src/express/index.js";
import { DECLARED_ROUTE_NAMES, ROUTES } from "../../src/pipeline/routes.js";
import Credentials from "../../src/providers/credentials.js";
import {
  browser,
  credentialsConfig,
  forgedSessionCookie,
  serve,
  signInThroughThePage,
  signOut,
} from "../support/framework-http.js";

/** Express 4 and 5 build apps the same way; their types differ only in what these tests do not use. */
const EXPRESS = [
  ["Express 5", express5],
  ["Express 4", express4 as unknown as typeof express5],
] as const;

/**
 * A mount that ends in a wildcard, in each version's syntax: Express 4 takes a bare `*` (as
 * @auth/express's docs write it), Express 5's path-to-regexp wants it named. Both count the whole
 * path as mounted (`req.baseUrl` "/api/auth/signin", `req.url` "/").
 */
const WILDCARD = [
  ["Express 5", express5, "*splat"],
  ["Express 4", express4 as unknown as typeof express5, "*"],
] as const;

describe.each(WILDCARD)("latchkey/express mounted at a wildcard on %s", (_, express, wildcard) => {
  test('`app.use("/api/auth/*", …)`, as @auth/express\'s docs and example app write it: signs in and out', async () => {
    // No basePath in the config: the mount is found in the path Express counts as mounted.
    const config = credentialsConfig();
    const app = express();
    app.use(express.urlencoded({ extended: true }));
    app.use(`/api/auth/${wildcard}`, LatchkeyExpress(config));
    app.get("/", async (req, res) => {
      const session = await getSession(req, config);
      res.send(session ? `Hello ${session.user?.name}` : "Hello stranger");
    });
    const send = browser(await serve(app as unknown as RequestListener));
    const { signIn, csrfToken } = await signInThroughThePage(send, "/api/auth");
    expect(signIn.status).toBe(302);
    expect(await (await send("/")).text()).toBe("Hello Ada Lovelace");
    expect(await (await send("/api/auth/session")).json()).toMatchObject({ user: { name: "Ada Lovelace" } });
    expect((await signOut(send, "/api/auth", csrfToken)).status).toBe(302);
    expect(await (await send("/")).text()).toBe("Hello stranger");
  });

  test("a provider whose id is the name of a route stays a provider: the mount is the path before what the wildcard captured", async () => {
    // "/api/auth/callback/signin" reads as the signin route under "/api/auth/callback" too.
    const config = credentialsConfig({
      providers: [
        Credentials({
          id: "signin",
          credentials: { username: {}, password: {} },
          authorize: ({ username, password }) =>
            username === "ada" && password === "correct horse"
              ? { id: "user-ada", name: "Ada Lovelace" }
              : null,
        }),
      ],
    });
    const app = express();
    app.use(`/api/auth/${wildcard}`, LatchkeyExpress(config));
    const send = browser(await serve(app as unknown as RequestListener));
    const page = await send("/api/auth/signin");
    const csrfToken = /name="csrfToken" value="([^"]+)"/.exec(await page.text())?.[1] ?? "";
    const signIn = await send("/api/auth/callback/signin", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        csrfToken,
        username: "ada",
        password: "correct horse",
        callbackUrl: "/dashboard",
      }),
    });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe(`${send.origin}/dashboard`);
    expect(await (await send("/api/auth/session")).json()).toMatchObject({ user: { name: "Ada Lovelace" } });
  });

  test("mounted under a path with parameters, a tenant named like any of latchkey's routes gets latchkey's routes under its own mount", async () => {
    // "/signin/auth/session" reads as the signin route under "" too: only the wildcard's capture tells them apart.
    const application = express();
    // One sign-in per tenant, all counted in one store: more than the default limit for one account.
    const config = credentialsConfig({
      rateLimit: { rules: { signInAttempt: { perIp: 100, perAccount: 100, windowSeconds: 60 } } },
    });
    application.use(`/:tenant/auth/${wildcard}`, LatchkeyExpress(config));
    application.get("/:tenant/auth/custom", (req, res) => {
      res.send(`${req.params.tenant}'s own route`);
    });
    const origin = await serve(application as unknown as RequestListener);
    for (const tenant of [...Object.keys(ROUTES), ...DECLARED_ROUTE_NAMES]) {
      const send = browser(origin);
      const base = `/${tenant}/auth`;
      const providers = await send(`${base}/providers`);
      expect(providers.status, tenant).toBe(200);
      expect(await providers.json(), tenant).toMatchObject({
        credentials: { signinUrl: `${origin}${base}/signin/credentials` },
      });
      const { signIn } = await signInThroughThePage(send, base);
      expect(signIn.headers.get("location"), tenant).toBe(`${origin}/dashboard`);
      expect(await (await send(`${base}/session`)).json(), tenant).toMatchObject({
        user: { name: "Ada Lovelace" },
      });
      expect(await (await send(`${base}/custom`)).text(), tenant).toBe(`${tenant}'s own route`);
    }
  });

  test("reads the route the wildcard captured as Express decoded it: a percent-encoded provider id is the same id", async () => {
    const application = express();
    application.use(`/:tenant/auth/${wildcard}`, LatchkeyExpress(credentialsConfig()));
    const origin = await serve(application as unknown as RequestListener);
    const page = await fetch(`${origin}/signin/auth/signin/cr%65dentials`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`action="${origin}/signin/auth/callback/credentials"`);
  });

  test("mounted at a regular expression, reads the shortest path before a route as the mount when no capture holds the route, and answers a route it cannot decode itself", async () => {
    const application = express();
    application.use(/^\/api\/auth\/.+/, LatchkeyExpress(credentialsConfig()));
    // The group captures the mount and the route together (a name the next mount's \w+ cannot take).
    application.use(/^\/(whole-app\/auth\/.+)/, LatchkeyExpress(credentialsConfig()));
    // The group captures the tenant, not the route: "%E0" in the route is never decoded by Express.
    application.use(/^\/(\w+)\/auth\/.+/, LatchkeyExpress(credentialsConfig()));
    const origin = await serve(application as unknown as RequestListener);
    expect(await (await fetch(`${origin}/api/auth/session`)).json()).toBeNull();
    for (const mount of ["/whole-app/auth", "/acme/auth"]) {
      const providers = await fetch(`${origin}${mount}/providers`);
      expect(providers.status, mount).toBe(200);
      expect(await providers.json(), mount).toMatchObject({
        credentials: { signinUrl: `${origin}${mount}/signin/credentials` },
      });
    }
    // Undecodable, the route captures nothing to compare: latchkey answers it, with its reason,
    // where Express 4 would otherwise be left with an unhandled rejection and no answer.
    const malformed = await fetch(`${origin}/acme/auth/signin/%E0`, { signal: AbortSignal.timeout(2_000) });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ message: expect.stringContaining("percent-encoding") });
  });
});

describe.each(EXPRESS)("latchkey/express on %s", (_, express) => {
  /** The app docs/express.md describes: routes at /api/auth, the session for every route, a guarded API and page. */
  function app(configure?: (app: ReturnType<typeof express>) => void) {
    // Mounted elsewhere than /auth: the base path is named, so that requireAuth links to it too.
    const config = credentialsConfig({ basePath: "/api/auth" });
    const app = express();
    configure?.(app);
    app.use("/api/auth", LatchkeyExpress(config));
    app.use(authSession(config));
    app.get("/", (_req, res) => {
      res.send(res.locals.session ? `Hello ${res.locals.session.user?.name}` : "Hello stranger");
    });
    app.get("/api/me", requireAuth(config), (_req, res) => {
      res.json({ email: res.locals.session?.user?.email });
    });
    app.get("/dashboard", requireAuth(config), (_req, res) => {
      res.send("dashboard");
    });
    app.get("/direct", async (req, res) => {
      res.json({ session: await getSession(req, config) });
    });
    return app as unknown as RequestListener;
  }

  test("signs in with credentials at the mount point, and the session reaches every route", async () => {
    const origin = await serve(app());
    const send = browser(origin);
    expect(await (await send("/")).text()).toBe("Hello stranger");

    const { signIn, csrfToken } = await signInThroughThePage(send, "/api/auth");
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe(`${origin}/dashboard`);

    expect(await (await send("/")).text()).toBe("Hello Ada Lovelace");
    expect(await (await send("/api/me")).json()).toEqual({ email: "ada@example.test" });
    expect(await (await send("/direct")).json()).toMatchObject({
      session: { user: { name: "Ada Lovelace" } },
    });
    expect(await (await send("/api/auth/session")).json()).toMatchObject({
      user: { email: "ada@example.test" },
    });

    const out = await signOut(send, "/api/auth", csrfToken);
    expect(out.status).toBe(302);
    expect(await (await send("/")).text()).toBe("Hello stranger");
    expect(await (await send("/api/auth/session")).json()).toBeNull();
  });

  test("refuses wrong credentials back to the sign-in page", async () => {
    const send = browser(await serve(app()));
    const { signIn } = await signInThroughThePage(send, "/api/auth", "guess");
    expect(signIn.headers.get("location")).toMatch(/\/api\/auth\/signin\?error=CredentialsSignin/);
    expect(await (await send("/api/me")).json()).toEqual({
      error: "Unauthorized",
      message: "Sign in to use this resource.",
    });
  });

  test("requireAuth answers an API call with 401 JSON and a page load with a redirect to sign in", async () => {
    const origin = await serve(app());
    const api = await fetch(`${origin}/api/me`, { headers: { accept: "application/json" } });
    expect(api.status).toBe(401);
    expect(api.headers.get("content-type")).toMatch(/^application\/json/);

    const page = await fetch(`${origin}/dashboard?tab=2`, {
      headers: { accept: "text/html" },
      redirect: "manual",
    });
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe(
      `/api/auth/signin?callbackUrl=${encodeURIComponent("/dashboard?tab=2")}`,
    );

    // The sign-in page it points at exists (the mount point is the base path).
    const signInPage = await fetch(`${origin}${page.headers.get("location")}`);
    expect(signInPage.status).toBe(200);
    expect(await signInPage.text()).toContain(`value="${origin}/dashboard?tab=2"`);
  });

  test("reads bodies that express.json() and express.urlencoded() already parsed", async () => {
    const origin = await serve(app((app) => app.use(express.json(), express.urlencoded({ extended: true }))));
    const send = browser(origin);
    const { csrfToken } = await signInThroughThePage(send, "/api/auth");
    const out = await send("/api/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/json", "x-auth-return-redirect": "1" },
      body: JSON.stringify({ csrfToken }),
    });
    expect(await out.json()).toEqual({ url: `${origin}/` });
    expect(await (await send("/api/auth/session")).json()).toBeNull();
  });

  test("passes paths under the mount point that are not latchkey's on to the app", async () => {
    const application = express();
    application.use("/api/auth", LatchkeyExpress(credentialsConfig({ basePath: "/api/auth" })));
    application.get("/api/auth/custom", (_req, res) => {
      res.send("the app's own route");
    });
    const origin = await serve(application as unknown as RequestListener);
    expect(await (await fetch(`${origin}/api/auth/custom`)).text()).toBe("the app's own route");
  });

  test("mounted under a path with parameters, a tenant named like one of latchkey's routes leaves the app's routes under it to the app", async () => {
    const application = express();
    application.use("/:tenant/auth", LatchkeyExpress(credentialsConfig()));
    application.get("/:tenant/auth/custom", (req, res) => {
      res.send(`${req.params.tenant}'s own route`);
    });
    const origin = await serve(application as unknown as RequestListener);
    expect(await (await fetch(`${origin}/signin/auth/custom`)).text()).toBe("signin's own route");
    expect(await (await fetch(`${origin}/signin/auth/session`)).json()).toBeNull();
  });

  test("an error reading the session (here, no secret) goes to the app's error handler", async () => {
    const config = credentialsConfig({ secret: undefined });
    const application = express();
    application.get("/", authSession(config), (_req, res) => {
      res.send("home");
    });
    application.get("/api/me", requireAuth(config), (_req, res) => {
      res.send("me");
    });
    const errorHandler: ErrorRequestHandler = (error: Error, _req, res, _next) => {
      res.status(500).send(`error handler: ${error.name}`);
    };
    application.use(errorHandler);
    const origin = await serve(application as unknown as RequestListener);
    for (const path of ["/", "/api/me"]) {
      // Without the hand-over, the request would wait for an answer that never comes.
      const answer = await fetch(`${origin}${path}`, { signal: AbortSignal.timeout(2_000) });
      expect(answer.status).toBe(500);
      expect(await answer.text()).toBe("error handler: MissingSecret");
    }
  });

  test("without a basePath in the config, serves its routes where it is mounted, as ExpressAuth does", async () => {
    const application = express();
    const router = express.Router();
    router.use("/auth", LatchkeyExpress(credentialsConfig()));
    application.use("/v1", router);
    const origin = await serve(application as unknown as RequestListener);
    const send = browser(origin);
    const { signIn } = await signInThroughThePage(send, "/v1/auth");
    expect(signIn.headers.get("location")).toBe(`${origin}/dashboard`);
    expect(await (await send("/v1/auth/session")).json()).toMatchObject({ user: { name: "Ada Lovelace" } });
  });

  test("without a basePath (the README's setup), one config and store serve every request: guesses stay counted", async () => {
    const application = express();
    const config = credentialsConfig({
      rateLimit: { rules: { signInAttempt: { perIp: 100, perAccount: 3, windowSeconds: 60 } } },
    });
    application.use("/auth", LatchkeyExpress(config));
    const origin = await serve(application as unknown as RequestListener);
    const send = browser(origin);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await signInThroughThePage(send, "/auth", "guess")).signIn.status);
    expect(statuses).toEqual([302, 302, 302, 429]);
    expect((await signInThroughThePage(browser(origin), "/auth")).signIn.status).toBe(429);
  });

  test("mounted under a path with parameters, a guesser gains nothing by asking under a new mount path: every path counts in one store", async () => {
    const application = express();
    const config = credentialsConfig({
      rateLimit: { rules: { signInAttempt: { perIp: 100, perAccount: 3, windowSeconds: 60 } } },
    });
    application.use("/:tenant/auth", LatchkeyExpress(config));
    const origin = await serve(application as unknown as RequestListener);
    // The attacker first fills every mount point latchkey keeps a copy for with paths of its own.
    for (let tenant = 1; tenant <= 16; tenant++) {
      expect((await fetch(`${origin}/junk-${tenant}/auth/providers`)).status).toBe(200);
    }
    const statuses: number[] = [];
    for (let guess = 0; guess < 4; guess++) {
      const path = `/guess-${guess}/auth`;
      statuses.push((await signInThroughThePage(browser(origin), path, "guess")).signIn.status);
    }
    expect(statuses).toEqual([302, 302, 302, 429]);
    expect((await signInThroughThePage(browser(origin), "/junk-1/auth")).signIn.status).toBe(429);
  });

  test("a config mounted at a path it does not name is prepared once: what it warns about at startup is said once", async () => {
    const warnings: string[] = [];
    const config = credentialsConfig({
      secret: "a-secret-too-short",
      logger: { warn: (code) => void warnings.push(code), error() {}, debug() {} },
    });
    const application = express();
    application.use("/api/auth", LatchkeyExpress(config));
    const origin = await serve(application as unknown as RequestListener);
    for (let request = 0; request < 3; request++) {
      expect((await fetch(`${origin}/api/auth/session`)).status).toBe(200);
    }
    expect(warnings.filter((code) => code === "WeakSecret")).toEqual(["WeakSecret"]);
  });

  test("honours X-Forwarded-Host only when Express's trust proxy trusts the peer", async () => {
    const listed = async (origin: string) => {
      const response = await fetch(`${origin}/api/auth/providers`, {
        headers: { "x-forwarded-host": "app.example.com", "x-forwarded-proto": "https" },
      });
      return ((await response.json()) as { credentials: { signinUrl: string } }).credentials.signinUrl;
    };
    const untrusted = await serve(app());
    expect(await listed(untrusted)).toBe(`${untrusted}/api/auth/signin/credentials`);

    const trusted = await serve(app((app) => app.set("trust proxy", "loopback")));
    expect(await listed(trusted)).toBe("https://app.example.com/api/auth/signin/credentials");
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
      expect(forged.status).toBe(302);
      expect(forged.headers.get("location")).toMatch(/error=MissingCSRF/);
      expect(await (await send("/api/me")).json()).toEqual({ email: "ada@example.test" });
    });

    test("a forged session cookie is nobody", async () => {
      const origin = await serve(app());
      const cookie = await forgedSessionCookie();
      expect((await fetch(`${origin}/api/me`, { headers: { cookie } })).status).toBe(401);
      expect(await (await fetch(`${origin}/`, { headers: { cookie } })).text()).toBe("Hello stranger");
      expect(await (await fetch(`${origin}/direct`, { headers: { cookie } })).json()).toEqual({
        session: null,
      });
    });
  });
});
