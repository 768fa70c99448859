/**
 * `auth` as a proxy and around a route handler, called as Next.js calls them (with a NextRequest),
 * against latchkey's real handler: the session comes from a real sign-in through `handlers.POST`.
 * The built app (next-app.test.ts) runs the same code in Next.js itself; these pin each answer of
 * the `authorized` callback, which the app exercises only in part.
 */
import { NextRequest } from "next/server.js";
import { describe, expect, test, vi } from "vitest";
import NextAuth, { type NextAuthConfig } from "../../src/next/index.js";
import Credentials from "../../src/providers/credentials.js";
import type { CookieJar } from "../support/cookie-jar.js";
import { signedIn } from "../support/next-handlers.js";

const ORIGIN = "http://app.test";

function config(overrides: Partial<NextAuthConfig> = {}): NextAuthConfig {
  return {
    secret: "next-proxy-test-secret-0123456789abcdef",
    trustHost: true,
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username, password }) =>
          username === "ada" && password === "correct horse"
            ? { id: "user-ada", email: "ada@example.test" }
            : null,
      }),
    ],
    ...overrides,
  };
}

const visit = (path: string, jar?: CookieJar) =>
  new NextRequest(`${ORIGIN}${path}`, { headers: jar ? { cookie: jar.header() } : {} });

/** Whether Next.js would carry on to the page: NextResponse.next() marks the response so. */
const letThrough = (response: Response) => response.headers.get("x-middleware-next") === "1";

describe("auth as the proxy (export { auth as proxy })", () => {
  const authorized = ({ auth, request }: { auth: unknown; request: NextRequest }) =>
    !request.nextUrl.pathname.startsWith("/dashboard") || Boolean(auth);

  test("serves the route handlers at /api/auth by default", async () => {
    const { handlers } = NextAuth(config());
    const response = await handlers.GET(new NextRequest(`${ORIGIN}/api/auth/providers`));
    expect(await response.json()).toMatchObject({
      credentials: { signinUrl: `${ORIGIN}/api/auth/signin/credentials` },
    });
  });

  test("authorized false: redirects to the sign-in page with the page asked for as callbackUrl", async () => {
    const { auth } = NextAuth(config({ callbacks: { authorized } }));
    const response = await auth(visit("/dashboard/reports?tab=2"));
    expect(response.status).toBe(307);
    const location = new URL(response.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(`${ORIGIN}/api/auth/signin`);
    expect(location.searchParams.get("callbackUrl")).toBe(`${ORIGIN}/dashboard/reports?tab=2`);
  });

  test("authorized false on an https request: the sign-in page and the callbackUrl are on https", async () => {
    const { auth } = NextAuth(config({ callbacks: { authorized } }));
    const response = await auth(new NextRequest("https://app.test/dashboard"));
    const location = new URL(response.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe("https://app.test/api/auth/signin");
    expect(location.searchParams.get("callbackUrl")).toBe("https://app.test/dashboard");
  });

  test("authorized false: redirects on the host the browser asked for, not the one Next.js listens on", async () => {
    const { auth } = NextAuth(config({ callbacks: { authorized } }));
    // Next.js's nextUrl names the server's own host; the Host header names the app's.
    const request = new NextRequest("http://localhost:3000/dashboard", { headers: { host: "app.test" } });
    const location = new URL((await auth(request)).headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(`${ORIGIN}/api/auth/signin`);
    expect(location.searchParams.get("callbackUrl")).toBe(`${ORIGIN}/dashboard`);
  });

  test("authorized false on the sign-in page itself lets it through (no redirect loop)", async () => {
    const { auth } = NextAuth(
      config({ pages: { signIn: "/login" }, callbacks: { authorized: () => false } }),
    );
    expect(letThrough(await auth(visit("/login")))).toBe(true);
    expect(new URL((await auth(visit("/other"))).headers.get("location") ?? "").pathname).toBe("/login");
  });

  test("authorized answering nothing (undefined or null) redirects to sign-in, as next-auth v5 does", async () => {
    for (const nothing of [undefined, null]) {
      // The common slip: a callback that answers only for the case it thought of.
      const { auth, handlers } = NextAuth(
        config({
          callbacks: {
            authorized: ({ auth }) => {
              if (auth) return true;
              return nothing;
            },
          },
        }),
      );
      const response = await auth(visit("/dashboard"));
      expect(response.status).toBe(307);
      expect(new URL(response.headers.get("location") ?? "").pathname).toBe("/api/auth/signin");
      const wrapped = vi.fn(() => Response.json({ secret: "page" }));
      expect((await auth(wrapped)(visit("/dashboard"), undefined)).status).toBe(307);
      expect(wrapped).not.toHaveBeenCalled();
      expect(letThrough(await auth(visit("/dashboard", await signedIn(handlers, ORIGIN))))).toBe(true);
    }
  });

  test("authorized true: lets a signed-in user through", async () => {
    const { auth, handlers } = NextAuth(config({ callbacks: { authorized } }));
    const jar = await signedIn(handlers, ORIGIN);
    expect(letThrough(await auth(visit("/dashboard", jar)))).toBe(true);
  });

  test("authorized returning a Response: that response is sent", async () => {
    const { auth } = NextAuth(
      config({ callbacks: { authorized: () => Response.json({ error: "no entry" }, { status: 403 }) } }),
    );
    const response = await auth(visit("/anything"));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "no entry" });
  });

  test("re-issues the session cookie on the response when updateAge has passed", async () => {
    const { auth, handlers } = NextAuth(config({ session: { strategy: "jwt", updateAge: 1 } }));
    const jar = await signedIn(handlers, ORIGIN);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const response = await auth(visit("/", jar));
    expect(letThrough(response)).toBe(true);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("authjs.session-token="))).toBe(
      true,
    );
  });
});

describe("auth((req) => …) around a proxy or route handler", () => {
  test("gives the function the session as req.auth, and its second argument", async () => {
    const { auth, handlers } = NextAuth(config());
    const jar = await signedIn(handlers, ORIGIN);
    const handler = auth((req, context: { params: Promise<{ id: string }> }) =>
      Response.json({
        email: req.auth?.user?.email ?? null,
        url: req.nextUrl.pathname,
        context: typeof context,
      }),
    );
    const context = { params: Promise.resolve({ id: "1" }) };
    expect(await (await handler(visit("/api/me", jar), context)).json()).toEqual({
      email: "ada@example.test",
      url: "/api/me",
      context: "object",
    });
    expect(await (await handler(visit("/api/me"), context)).json()).toMatchObject({ email: null });
  });

  test("a function that returns nothing lets the request through", async () => {
    const { auth } = NextAuth(config());
    expect(letThrough(await auth(() => undefined)(visit("/"), undefined))).toBe(true);
  });

  test("authorized false redirects to sign-in without running the function (next-auth runs it)", async () => {
    const { auth } = NextAuth(config({ callbacks: { authorized: ({ auth }) => Boolean(auth) } }));
    const wrapped = vi.fn(() => new Response("secret page"));
    const response = await auth(wrapped)(visit("/admin"), undefined);
    expect(response.status).toBe(307);
    expect(new URL(response.headers.get("location") ?? "").pathname).toBe("/api/auth/signin");
    expect(wrapped).not.toHaveBeenCalled();
  });
});

describe("NextAuth((req) => config)", () => {
  test("makes the config from the request, and resolves a config it returns again only once", async () => {
    const shared = config({ callbacks: { authorized: ({ auth }) => Boolean(auth) } });
    const initializer = vi.fn((_request: NextRequest | undefined) => shared);
    const { auth, handlers } = NextAuth(initializer);
    const jar = await signedIn(handlers, ORIGIN);
    expect(letThrough(await auth(visit("/", jar)))).toBe(true);
    expect((await auth(visit("/"))).status).toBe(307);
    expect(initializer.mock.calls.map(([request]) => request?.nextUrl.pathname)).toEqual([
      "/api/auth/csrf",
      "/api/auth/callback/credentials",
      "/",
      "/",
    ]);
  });

  test("resolves the config once: what latchkey says once per config is said once, not per request", async () => {
    const warn = vi.fn();
    // A short secret works, with a warning at resolution (docs/errors.md#weaksecret).
    const shared = config({ secret: "short-secret", logger: { warn } });
    const { auth } = NextAuth(() => shared);
    for (let request = 0; request < 3; request++) await auth(visit("/"));
    expect(warn.mock.calls.filter(([code]) => code === "WeakSecret")).toHaveLength(1);
  });
});
