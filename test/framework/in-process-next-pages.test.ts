/**
 * latchkey/next/pages (next-auth v4's API for the Pages Router) in a Pages Router app answered in
 * process: `NextAuth(authOptions)` as `pages/api/auth/[...nextauth].ts` and `getServerSession` in
 * API routes and `getServerSideProps`, called by Next.js's own API resolver with real node:http
 * requests and responses (test/support/pages-router.ts). test/next/pages-app.test.ts drives the
 * same calls in an app built from the packed tarball; this suite pins each branch without a build.
 */
// Not from "next", whose entry makes NODE_ENV required program-wide (see test/support/pages-router.ts).
import type { NextApiHandler, NextApiRequest } from "next/dist/types.js";
import { afterEach, describe, expect, test, vi } from "vitest";
import NextAuthV5, { type Session } from "../../src/next/index.js";
import NextAuth, { getServerSession, type NextAuthOptions } from "../../src/next/pages/index.js";
import AzureAD from "../../src/providers/azure-ad.js";
import Credentials from "../../src/providers/credentials.js";
import { loadNextAuthV4 } from "../oracles/next-auth-v4.js";
import { CookieJar } from "../support/cookie-jar.js";
import { signedIn } from "../support/next-handlers.js";
import { type ApiRouteModule, type PagesApp, type PagesRoutes, servePages } from "../support/pages-router.js";

const SECRET = "in-process-pages-secret-0123456789abcdefgh";
const SESSION_COOKIE = "authjs.session-token";

/** Warnings and errors latchkey logs, kept out of the test output and open to assertions. */
const logger = { error: vi.fn(), warn: vi.fn(), debug: vi.fn() };

/** next-auth v4's `authOptions`, as the fixture app's `pages/api/auth/[...nextauth].ts` has them. */
function authOptions(overrides: Partial<NextAuthOptions> = {}): NextAuthOptions {
  return {
    secret: SECRET,
    trustHost: true,
    logger,
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username, password }) => {
          if (username === "broken") throw new Error("the user database is down");
          return username === "ada" && password === "correct horse"
            ? { id: "user-ada", name: "Ada", email: "ada@example.test" }
            : null;
        },
      }),
    ],
    ...overrides,
  };
}

/**
 * A jwt callback that changes the token on every read, so every read re-issues the session cookie
 * (latchkey re-issues a JWT session when the callbacks changed it, else once per `updateAge`).
 */
const rewritesTokenOnEveryRead: NextAuthOptions["callbacks"] = {
  jwt: ({ token }) => ({ ...token, reads: (typeof token.reads === "number" ? token.reads : 0) + 1 }),
};

/** `pages/api/whoami.ts`: an API route that reads the session, as the fixture app's does. */
const whoami = (options: NextAuthOptions): ApiRouteModule => ({
  default: async (req, res) => {
    const session = await getServerSession(req, res, options);
    res.status(200).json({ email: session?.user?.email ?? null });
  },
});

/** `pages/protected.tsx`'s getServerSideProps: the session's e-mail, else a redirect to sign-in. */
const protectedPage =
  (options: NextAuthOptions): NonNullable<PagesRoutes["pages"]>[string] =>
  async (context) => {
    const session = await getServerSession(context.req, context.res, options);
    if (!session?.user?.email) {
      const callbackUrl = encodeURIComponent(context.resolvedUrl);
      return { redirect: { destination: `/api/auth/signin?callbackUrl=${callbackUrl}`, permanent: false } };
    }
    return { props: { email: session.user.email } };
  };

const running: PagesApp[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.close()));
  vi.unstubAllEnvs();
  vi.clearAllMocks();
});

/** An app of `routes`, closed after the test. */
async function serve(routes: PagesRoutes): Promise<PagesApp> {
  const app = await servePages(routes);
  running.push(app);
  return app;
}

/** The fixture app's files: `[...nextauth].ts`, `api/whoami.ts`, `protected.tsx`, and any others. */
function pagesApp(options: NextAuthOptions, routes: PagesRoutes = {}): Promise<PagesApp> {
  return serve({
    api: {
      "/api/auth/[...nextauth]": { default: NextAuth(options) },
      "/api/whoami": whoami(options),
      ...routes.api,
    },
    pages: { "/protected": protectedPage(options), ...routes.pages },
  });
}

/** A browser on the app: its cookies, and requests that do not follow redirects. */
class Visitor {
  constructor(
    readonly origin: string,
    readonly jar = new CookieJar(),
  ) {}

  async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.send(path, { headers });
  }

  async post(path: string, form: Record<string, string>): Promise<Response> {
    return this.send(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
  }

  async postJson(path: string, json: unknown): Promise<Response> {
    return this.send(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(json),
    });
  }

  async csrfToken(): Promise<string> {
    return ((await (await this.get("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
  }

  /** Signs in through the credentials form as the default sign-in page posts it. */
  async signIn(username = "ada", password = "correct horse", basePath = "/api/auth"): Promise<Response> {
    const csrf = await this.send(`${basePath}/csrf`, {});
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    return this.post(`${basePath}/callback/credentials`, { csrfToken, username, password });
  }

  async email(): Promise<string | null> {
    return ((await (await this.get("/api/whoami")).json()) as { email: string | null }).email;
  }

  private async send(path: string, init: RequestInit & { headers?: Record<string, string> }) {
    const cookie = this.jar.header();
    const response = await fetch(`${this.origin}${path}`, {
      ...init,
      redirect: "manual",
      headers: { ...(cookie ? { cookie } : {}), ...init.headers },
    });
    this.jar.apply(response);
    return response;
  }
}

/** The `error` parameter of a redirect's Location, and the path it leads to. */
function refusal(response: Response): { path: string; error: string | null } {
  const location = new URL(response.headers.get("location") ?? "", "http://unused.invalid");
  return { path: location.pathname, error: location.searchParams.get("error") };
}

describe("NextAuth(authOptions) as pages/api/auth/[...nextauth].ts", () => {
  test("signs in with credentials: the CSRF token from /csrf, a session cookie, and a redirect to the callbackUrl", async () => {
    const { origin } = await pagesApp(authOptions());
    const visitor = new Visitor(origin);
    const csrf = await visitor.get("/api/auth/csrf");
    expect(csrf.headers.getSetCookie().some((cookie) => cookie.startsWith("authjs.csrf-token="))).toBe(true);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };

    const signedIn = await visitor.post("/api/auth/callback/credentials", {
      csrfToken,
      username: "ada",
      password: "correct horse",
      callbackUrl: `${origin}/protected`,
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe(`${origin}/protected`);
    const sessionCookie = signedIn.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(sessionCookie).toMatch(/; HttpOnly/);

    const session = await visitor.get("/api/auth/session");
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ user: { email: "ada@example.test", name: "Ada" } });
  });

  test("the session endpoint answers null to a visitor without a session", async () => {
    const { origin } = await pagesApp(authOptions());
    const session = await new Visitor(origin).get("/api/auth/session");
    expect(session.status).toBe(200);
    expect(await session.json()).toBeNull();
  });

  test("a wrong password redirects to the sign-in page with ?error=CredentialsSignin and sets no session", async () => {
    const { origin } = await pagesApp(authOptions());
    const visitor = new Visitor(origin);
    const refused = await visitor.signIn("ada", "wrong");
    expect(refused.status).toBe(302);
    expect(refusal(refused)).toEqual({ path: "/api/auth/signin", error: "CredentialsSignin" });
    expect(visitor.jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  test("a cross-site post without the CSRF token is refused with ?error=MissingCSRF", async () => {
    const { origin } = await pagesApp(authOptions());
    const visitor = new Visitor(origin);
    const refused = await visitor.post("/api/auth/callback/credentials", {
      username: "ada",
      password: "correct horse",
    });
    expect(refused.status).toBe(302);
    expect(refusal(refused)).toEqual({ path: "/api/auth/signin", error: "MissingCSRF" });
    expect(visitor.jar.get(SESSION_COOKIE)).toBeUndefined();
  });

  test("an authorize that throws redirects to the error page with ?error=Configuration, not a 500", async () => {
    const { origin } = await pagesApp(authOptions());
    const refused = await new Visitor(origin).signIn("broken", "anything");
    expect(refused.status).toBe(302);
    expect(refusal(refused)).toEqual({ path: "/api/auth/error", error: "Configuration" });
    expect(logger.error).toHaveBeenCalled();
  });

  test("an action latchkey does not have answers 404 UnknownAction", async () => {
    const { origin } = await pagesApp(authOptions());
    const response = await new Visitor(origin).get("/api/auth/no-such-action");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: "UnknownAction" });
  });

  test("signs out with the CSRF token: the session cookie is cleared and the session is gone", async () => {
    const { origin } = await pagesApp(authOptions());
    const visitor = new Visitor(origin);
    await visitor.signIn();
    expect(await visitor.email()).toBe("ada@example.test");
    const signedOut = await visitor.post("/api/auth/signout", { csrfToken: await visitor.csrfToken() });
    expect(signedOut.status).toBe(302);
    expect(visitor.jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(await visitor.email()).toBeNull();
    expect(await (await visitor.get("/api/auth/session")).json()).toBeNull();
  });

  test("routes by the URL's path (the catch-all's segments) and reads its query string", async () => {
    const { origin } = await pagesApp(authOptions());
    const visitor = new Visitor(origin);
    // Next.js puts the segments in req.query.nextauth, after the URL's own parameters.
    const providers = await visitor.get("/api/auth/providers?nextauth=csrf");
    expect(await providers.json()).toMatchObject({ credentials: { type: "credentials" } });
    const signInPage = await visitor.get("/api/auth/signin?callbackUrl=%2Fprotected%3Ftab%3D2");
    expect(signInPage.status).toBe(200);
    expect(signInPage.headers.get("content-type")).toMatch(/^text\/html/);
    expect(visitor.jar.get("authjs.callback-url")).toBe(`${origin}/protected?tab=2`);
  });

  test("reads a JSON body Next.js's body parser already parsed: the client's session update", async () => {
    const options = authOptions({
      callbacks: {
        jwt: ({ token, trigger, session }) =>
          trigger === "update" && typeof session?.user?.name === "string"
            ? { ...token, name: session.user.name }
            : token,
      },
    });
    const { origin } = await pagesApp(options);
    const visitor = new Visitor(origin);
    await visitor.signIn();
    const updated = await visitor.postJson("/api/auth/session", {
      csrfToken: await visitor.csrfToken(),
      data: { user: { name: "Ada Lovelace" } },
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ user: { name: "Ada Lovelace" } });
    expect(await (await visitor.get("/api/auth/session")).json()).toMatchObject({
      user: { name: "Ada Lovelace" },
    });
  });

  test("reads the raw body of a route that turns Next.js's body parser off", async () => {
    const options = authOptions();
    const { origin } = await pagesApp(options, {
      api: {
        "/api/auth/[...nextauth]": { default: NextAuth(options), config: { api: { bodyParser: false } } },
      },
    });
    const visitor = new Visitor(origin);
    expect((await visitor.signIn()).status).toBe(302);
    expect(await visitor.email()).toBe("ada@example.test");
    expect(refusal(await new Visitor(origin).signIn("ada", "wrong")).error).toBe("CredentialsSignin");
  });

  test("with trustHost, the proxy's X-Forwarded-Host and -Proto name the app's URLs and secure its cookies", async () => {
    const { origin } = await pagesApp(authOptions({ trustHost: true }));
    const forwarded = { "x-forwarded-host": "app.example", "x-forwarded-proto": "https" };
    const visitor = new Visitor(origin);
    const providers = await visitor.get("/api/auth/providers", forwarded);
    expect(await providers.json()).toMatchObject({
      credentials: { signinUrl: "https://app.example/api/auth/signin/credentials" },
    });
    const csrf = await visitor.get("/api/auth/csrf", forwarded);
    expect(csrf.headers.getSetCookie().some((cookie) => cookie.startsWith("__Host-authjs.csrf-token="))).toBe(
      true,
    );
  });

  test("without the trustHost option (AUTH_TRUST_HOST only), a client's X-Forwarded-Host is not believed", async () => {
    vi.stubEnv("AUTH_TRUST_HOST", "true");
    const { origin } = await pagesApp(authOptions({ trustHost: undefined }));
    const providers = await new Visitor(origin).get("/api/auth/providers", {
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
    });
    expect(await providers.json()).toMatchObject({
      credentials: { signinUrl: `${origin}/api/auth/signin/credentials` },
    });
  });

  test("counts sign-in attempts across requests (one resolved config per options object)", async () => {
    const { origin } = await pagesApp(
      authOptions({ rateLimit: { rules: { signInAttempt: { perAccount: 2 } } } }),
    );
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      statuses.push((await new Visitor(origin).signIn("ada", "wrong")).status);
    }
    // Answered at once with 429 and Retry-After (RFC 6585 §4), the password never checked.
    expect(statuses).toEqual([302, 302, 429]);
  });

  test("serves under the options' basePath, from the API route of that path", async () => {
    const options = authOptions({ basePath: "/api/v1/auth" });
    const { origin } = await serve({ api: { "/api/v1/auth/[...nextauth]": { default: NextAuth(options) } } });
    const visitor = new Visitor(origin);
    expect(await (await visitor.get("/api/v1/auth/providers")).json()).toMatchObject({
      credentials: { signinUrl: `${origin}/api/v1/auth/signin/credentials` },
    });
    expect((await visitor.signIn("ada", "correct horse", "/api/v1/auth")).status).toBe(302);
    expect(await (await visitor.get("/api/v1/auth/session")).json()).toMatchObject({
      user: { email: "ada@example.test" },
    });
  });

  test("serves under AUTH_URL's path when the options name no basePath", async () => {
    const options = authOptions();
    const app = await serve({ api: { "/api/members/auth/[...nextauth]": { default: NextAuth(options) } } });
    vi.stubEnv("AUTH_URL", `${app.origin}/api/members/auth`);
    const providers = await new Visitor(app.origin).get("/api/members/auth/providers");
    expect(providers.status).toBe(200);
    expect(await providers.json()).toMatchObject({
      credentials: { signinUrl: `${app.origin}/api/members/auth/signin/credentials` },
    });
  });

  test("NextAuth(req, res, authOptions) answers one request inside an API route of the app's own", async () => {
    const options = authOptions();
    const custom: NextApiHandler = async (req, res) => {
      res.setHeader("x-served-by", "custom-route");
      await NextAuth(req, res, options);
    };
    const { origin } = await pagesApp(options, { api: { "/api/auth/[...nextauth]": { default: custom } } });
    const visitor = new Visitor(origin);
    expect((await visitor.signIn()).status).toBe(302);
    const session = await visitor.get("/api/auth/session");
    expect(session.headers.get("x-served-by")).toBe("custom-route");
    expect(await session.json()).toMatchObject({ user: { email: "ada@example.test" } });
  });

  test("refuses anything but next-auth's options object, naming the call", () => {
    const call = NextAuth as unknown as (...args: unknown[]) => unknown;
    for (const notOptions of [undefined, null, {}, { providers: "credentials" }]) {
      expect(() => call(notOptions)).toThrow(
        new TypeError(
          'NextAuth(authOptions) needs next-auth\'s options object (with `providers`) as its last argument. See docs/migrating.md, "From next-auth v4 on the Pages Router".',
        ),
      );
    }
    expect(() => call({ headers: {} }, {}, undefined)).toThrow(
      /^NextAuth\(req, res, authOptions\) needs next-auth's options object/,
    );
    expect(() => call({ providers: [] })).not.toThrow();
  });
});

describe("getServerSession(req, res, authOptions)", () => {
  test("in an API route: the signed-in user's session, and null without a session cookie", async () => {
    const { origin } = await pagesApp(authOptions());
    expect(await new Visitor(origin).email()).toBeNull();
    const visitor = new Visitor(origin);
    await visitor.signIn();
    expect(await visitor.email()).toBe("ada@example.test");
  });

  test("in getServerSideProps: the page's props for a signed-in user, else its redirect to sign-in", async () => {
    const { origin } = await pagesApp(authOptions());
    const visitor = new Visitor(origin);
    const away = await visitor.get("/protected?tab=2");
    expect(away.status).toBe(307);
    expect(away.headers.get("location")).toBe("/api/auth/signin?callbackUrl=%2Fprotected%3Ftab%3D2");
    await visitor.signIn();
    const page = await visitor.get("/protected");
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual({ props: { email: "ada@example.test" } });
  });

  test("a tampered session cookie, or one sealed with another secret, is no session", async () => {
    const { origin } = await pagesApp(authOptions());
    const visitor = new Visitor(origin);
    await visitor.signIn();
    const token = visitor.jar.cookies.get(SESSION_COOKIE) ?? "";
    const middle = Math.floor(token.length / 2);
    const flipped = token[middle] === "A" ? "B" : "A";
    const tampered = new Visitor(origin);
    tampered.jar.cookies.set(SESSION_COOKIE, `${token.slice(0, middle)}${flipped}${token.slice(middle + 1)}`);
    expect(await tampered.email()).toBeNull();

    const otherApp = await pagesApp(authOptions({ secret: "another-apps-secret-0123456789abcdefghijk" }));
    const forged = new Visitor(otherApp.origin);
    await forged.signIn();
    const stranger = new Visitor(origin);
    stranger.jar.cookies.set(SESSION_COOKIE, forged.jar.cookies.get(SESSION_COOKIE) ?? "");
    expect(await forged.email()).toBe("ada@example.test");
    expect(await stranger.email()).toBeNull();
  });

  test("a session cookie next-auth v4 minted is read with migrate: { nextAuthV4: true }", async () => {
    const v4Token = await loadNextAuthV4().jwt.encode({
      secret: SECRET,
      token: { sub: "user-grace", name: "Grace Hopper", email: "grace@example.test" },
    });
    const { origin } = await pagesApp(authOptions({ migrate: { nextAuthV4: true } }));
    const visitor = new Visitor(origin);
    visitor.jar.cookies.set("next-auth.session-token", v4Token);
    expect(await visitor.email()).toBe("grace@example.test");
    expect(visitor.jar.get(SESSION_COOKIE)).toBeDefined();
  });

  test("a config latchkey refuses reads as no session, not as the error's answer", async () => {
    // session.updateAge must be positive: latchkey answers the session read with a 500.
    const options = authOptions({ session: { strategy: "jwt", updateAge: 0 } });
    const { origin } = await serve({
      api: {
        "/api/session-of": {
          default: async (req, res) =>
            res.status(200).json({ session: await getServerSession(req, res, options) }),
        },
      },
    });
    const visitor = new Visitor(origin);
    visitor.jar.cookies.set(SESSION_COOKIE, "any-value");
    expect(await (await visitor.get("/api/session-of")).json()).toEqual({ session: null });
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ name: "InvalidConfig" }));
  });

  test("a re-issued session cookie goes on res, after the cookies the app set itself", async () => {
    const options = authOptions({ callbacks: rewritesTokenOnEveryRead });
    const withAppCookies = (appCookies: string | string[] | undefined): ApiRouteModule => ({
      default: async (req, res) => {
        if (appCookies !== undefined) res.setHeader("set-cookie", appCookies);
        const session = await getServerSession(req, res, options);
        res.status(200).json({ email: session?.user?.email ?? null });
      },
    });
    const { origin } = await pagesApp(options, {
      api: {
        "/api/none": withAppCookies(undefined),
        "/api/one": withAppCookies("theme=dark"),
        "/api/two": withAppCookies(["theme=dark", "locale=en"]),
      },
    });
    const visitor = new Visitor(origin);
    await visitor.signIn();
    const setCookieNames = async (path: string) =>
      (await visitor.get(path)).headers.getSetCookie().map((cookie) => cookie.slice(0, cookie.indexOf("=")));
    expect(await setCookieNames("/api/none")).toEqual([SESSION_COOKIE]);
    expect(await setCookieNames("/api/one")).toEqual(["theme", SESSION_COOKIE]);
    expect(await setCookieNames("/api/two")).toEqual(["theme", "locale", SESSION_COOKIE]);
  });

  test("after the response head is sent, the session is still read and no cookie is added", async () => {
    const options = authOptions({ callbacks: rewritesTokenOnEveryRead });
    const { origin } = await pagesApp(options, {
      api: {
        "/api/streaming": {
          default: async (req, res) => {
            res.writeHead(200, { "content-type": "text/plain" });
            res.flushHeaders();
            const session = await getServerSession(req, res, options);
            res.end(session?.user?.email ?? "nobody");
          },
        },
      },
    });
    const visitor = new Visitor(origin);
    await visitor.signIn();
    const response = await visitor.get("/api/streaming");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ada@example.test");
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  test("reads a request whose headers are a plain object (no raw list), repeated cookie fields included", async () => {
    const options = authOptions();
    const { origin } = await pagesApp(options);
    const visitor = new Visitor(origin);
    await visitor.signIn();
    const session = `${SESSION_COOKIE}=${visitor.jar.cookies.get(SESSION_COOKIE)}`;
    const res = { headersSent: false, getHeader: () => undefined, setHeader: () => undefined };
    for (const rawHeaders of [undefined, []]) {
      const req = {
        // As an HTTP/2 request carries them: pseudo-headers, and one cookie field per cookie.
        headers: {
          ":authority": "127.0.0.1",
          ":path": "/api/whoami",
          host: "127.0.0.1",
          cookie: ["theme=dark", session],
          accept: undefined,
        },
        ...(rawHeaders ? { rawHeaders } : {}),
      };
      expect((await getServerSession(req, res, options))?.user?.email).toBe("ada@example.test");
    }
    const withoutCookie = { headers: { host: "127.0.0.1" }, rawHeaders: [] };
    expect(await getServerSession(withoutCookie, res, options)).toBeNull();
  });

  test("refuses the App Router's call shape and a missing options object", async () => {
    const call = getServerSession as unknown as (...args: unknown[]) => Promise<unknown>;
    const options = authOptions();
    await expect(call(options)).rejects.toThrow(
      new TypeError(
        "getServerSession takes (req, res, authOptions) in the Pages Router (context.req and context.res in getServerSideProps); in the App Router, call auth() from latchkey/next.",
      ),
    );
    await expect(call({ headers: {} }, options)).rejects.toThrow(
      /^getServerSession takes \(req, res, authOptions\)/,
    );
    await expect(call({ headers: {} }, {}, {})).rejects.toThrow(
      /^getServerSession needs next-auth's options object/,
    );
  });
});

describe("getServerSession with plain request and response objects", () => {
  /** A response that only records what is set on it, as a test double of `NextApiResponse`. */
  function recordingResponse() {
    const fields = new Map<string, unknown>();
    return {
      headersSent: false,
      getHeader: (name: string) => fields.get(name),
      setHeader: (name: string, value: unknown) => fields.set(name, value),
      hasHeader: (name: string) => fields.has(name),
    };
  }

  test("a repeated X-Forwarded-Proto is read as one comma-separated list: the first (https) names the __Secure- cookie", async () => {
    const options = authOptions();
    const { handlers } = NextAuthV5({ ...options });
    const jar = await signedIn(handlers, "https://app.test");
    expect(jar.header()).toContain("__Secure-authjs.session-token=");
    // Node keeps repeated fields as arrays when a framework rebuilds `req.headers` without rawHeaders.
    const req = {
      headers: { host: "app.test", "x-forwarded-proto": ["https", "http"], cookie: jar.header() },
    };
    const session = await getServerSession(
      req as unknown as NextApiRequest,
      recordingResponse() as never,
      options,
    );
    expect(session?.user?.email).toBe("ada@example.test");
  });

  test("the options are resolved once: a deprecated provider is warned about once, not on every call", async () => {
    const options = authOptions();
    options.providers = [
      ...options.providers,
      AzureAD({ clientId: "azure-id", clientSecret: "azure-secret" }),
    ];
    const req = { headers: { host: "app.test" } } as unknown as NextApiRequest;
    const deprecations = () =>
      logger.warn.mock.calls.filter(([code]) => code === "DeprecatedProvider").length;
    const before = deprecations();
    await getServerSession(req, recordingResponse() as never, options);
    await getServerSession(req, recordingResponse() as never, options);
    expect(deprecations() - before).toBe(1);
  });

  test("no Set-Cookie is put on res when there is no cookie to re-issue", async () => {
    const options = authOptions();
    const res = recordingResponse();
    const req = { headers: { host: "app.test" } };
    expect(await getServerSession(req as unknown as NextApiRequest, res as never, options)).toBeNull();
    expect(res.hasHeader("set-cookie")).toBe(false);
  });
});

describe("latchkey/next's auth() in the Pages Router (next-auth v5's API)", () => {
  test("auth(req, res) in an API route and auth(context) in getServerSideProps read the session; a re-issued cookie goes on res", async () => {
    const { auth, handlers } = NextAuthV5({ ...authOptions(), callbacks: rewritesTokenOnEveryRead });
    const app = await serve({
      api: {
        "/api/me": {
          default: async (req, res) => {
            const session = await auth(req, res);
            res.status(200).json({ email: session?.user?.email ?? null });
          },
        },
        "/api/me-without-res": {
          default: async (req, res) => {
            // Not in the types, but a JavaScript app may leave res out.
            const session = await (auth as unknown as (req: NextApiRequest) => Promise<Session | null>)(req);
            res.status(200).json({ email: session?.user?.email ?? null });
          },
        },
      },
      pages: {
        "/account": async (context) => {
          const session = await auth(context);
          return { props: { email: session?.user?.email ?? null } };
        },
      },
    });
    expect(await (await new Visitor(app.origin).get("/api/me")).json()).toEqual({ email: null });
    // The route handlers answer the App Router's requests; the browser's cookies are the same.
    const visitor = new Visitor(app.origin, await signedIn(handlers, app.origin));
    const me = await visitor.get("/api/me");
    expect(await me.json()).toEqual({ email: "ada@example.test" });
    expect(me.headers.getSetCookie().map((cookie) => cookie.split("=")[0])).toEqual([SESSION_COOKIE]);
    const account = await visitor.get("/account");
    expect(await account.json()).toEqual({ props: { email: "ada@example.test" } });
    expect(account.headers.getSetCookie().map((cookie) => cookie.split("=")[0])).toEqual([SESSION_COOKIE]);
    // Without res, the session is read and the re-issued cookie has nowhere to go.
    const bare = await visitor.get("/api/me-without-res");
    expect(await bare.json()).toEqual({ email: "ada@example.test" });
    expect(bare.headers.getSetCookie()).toEqual([]);
  });
});
