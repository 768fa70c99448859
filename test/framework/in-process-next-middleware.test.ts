/**
 * latchkey/next/middleware (next-auth v4's `next-auth/middleware`) called as Next.js calls a
 * middleware or proxy: with a NextRequest and its fetch event, answering with NextResponse. The
 * session cookies are the ones latchkey's handler issues (a real sign-in, or the same codec), and
 * next-auth v4's own, minted by next-auth@4. test/next/pages-app.test.ts runs the default export in
 * a built app; this suite pins each option and branch without a build.
 */
import type { NextFetchEvent } from "next/server.js";
import { NextRequest, NextResponse } from "next/server.js";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { encode, type JWT } from "../../src/jwt/index.js";
import NextAuth from "../../src/next/index.js";
import withAuthDefault, { type NextRequestWithAuth, withAuth } from "../../src/next/middleware.js";
import Credentials from "../../src/providers/credentials.js";
import { loadNextAuthV4 } from "../oracles/next-auth-v4.js";
import { CookieJar } from "../support/cookie-jar.js";
import { signedIn } from "../support/next-handlers.js";

const ORIGIN = "http://app.test";
const SECRET = "in-process-middleware-secret-0123456789abcd";
const OLD_SECRET = "the-secret-before-rotation-0123456789abcdef";

/** The event Next.js hands a middleware beside the request; only passed on, never read here. */
const event = { waitUntil: () => undefined } as unknown as NextFetchEvent;

/** Every variable the middleware may take a secret from, unset: each test sets the ones it uses. */
beforeEach(() => {
  for (const name of ["AUTH_SECRET", "AUTH_SECRET_1", "AUTH_SECRET_2", "AUTH_SECRET_3", "NEXTAUTH_SECRET"]) {
    vi.stubEnv(name, undefined);
  }
  return () => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  };
});

/** A session cookie as latchkey's handler seals it (its name is the salt), for `claims`. */
async function sessionCookie(
  claims: Record<string, unknown>,
  { secret = SECRET, name = "authjs.session-token" } = {},
): Promise<string> {
  return `${name}=${await encode({ token: claims, secret, salt: name })}`;
}

const ada = { sub: "user-ada", email: "ada@example.test", role: "member" };

const visit = (url: string, cookie?: string) =>
  new NextRequest(url.startsWith("http") ? url : `${ORIGIN}${url}`, { headers: cookie ? { cookie } : {} });

/** Whether Next.js would carry on to the page: NextResponse.next() marks the response so. */
const letThrough = (response: Response) => response.headers.get("x-middleware-next") === "1";

/** Where a redirect sends the browser: its path and query, on the request's origin. */
function redirectedTo(response: Response): string {
  expect(response.status).toBe(307);
  const location = new URL(response.headers.get("location") ?? "");
  expect(location.origin).toBe(ORIGIN);
  return `${location.pathname}${location.search}`;
}

describe("export { default as middleware } from latchkey/next/middleware", () => {
  test("lets a visitor with the session cookie latchkey's handler issued through, with AUTH_SECRET", async () => {
    vi.stubEnv("AUTH_SECRET", SECRET);
    const { handlers } = NextAuth({
      secret: SECRET,
      trustHost: true,
      providers: [
        Credentials({
          credentials: { username: {}, password: {} },
          authorize: ({ username, password }) =>
            username === "ada" && password === "correct horse" ? { id: "user-ada" } : null,
        }),
      ],
    });
    const jar = await signedIn(handlers, ORIGIN);
    expect(letThrough(await withAuthDefault(visit("/dashboard", jar.header()), event))).toBe(true);
  });

  test("sends a visitor without a session to the sign-in page, with the page and its query as callbackUrl", async () => {
    vi.stubEnv("AUTH_SECRET", SECRET);
    const response = await withAuthDefault(visit("/dashboard/reports?tab=2"));
    expect(redirectedTo(response)).toBe(
      `/api/auth/signin?callbackUrl=${encodeURIComponent("/dashboard/reports?tab=2")}`,
    );
  });

  test("a cookie sealed with another secret, or tampered with, is no session", async () => {
    vi.stubEnv("AUTH_SECRET", SECRET);
    const forged = await sessionCookie(ada, { secret: "an-attackers-own-secret-0123456789abcdef" });
    expect(redirectedTo(await withAuthDefault(visit("/dashboard", forged)))).toMatch(
      /^\/api\/auth\/signin\?/,
    );
    const genuine = await sessionCookie(ada);
    const tampered = `${genuine.slice(0, -6)}${genuine.slice(-6).split("").reverse().join("")}`;
    expect(tampered).not.toBe(genuine);
    expect(letThrough(await withAuthDefault(visit("/dashboard", tampered)))).toBe(false);
  });

  test("reads NEXTAUTH_SECRET, next-auth v4's name, while AUTH_SECRET is unset", async () => {
    vi.stubEnv("NEXTAUTH_SECRET", SECRET);
    expect(letThrough(await withAuthDefault(visit("/dashboard", await sessionCookie(ada))))).toBe(true);
  });

  test("with no secret anywhere, sends the visitor to the error page with ?error=Configuration and logs why", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await withAuthDefault(visit("/dashboard", await sessionCookie(ada)));
    expect(redirectedTo(response)).toBe("/api/auth/error?error=Configuration");
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/MissingSecret/));
  });

  test("reads the cookie name of the request's scheme: __Secure- on https, the plain one on http", async () => {
    vi.stubEnv("AUTH_SECRET", SECRET);
    const secure = await sessionCookie(ada, { name: "__Secure-authjs.session-token" });
    expect(letThrough(await withAuthDefault(visit("https://app.test/dashboard", secure)))).toBe(true);
    // Each scheme's handler issues only its own name (RFC 6265bis §4.1.3.1: __Secure- needs https).
    expect(
      letThrough(await withAuthDefault(visit("https://app.test/dashboard", await sessionCookie(ada)))),
    ).toBe(false);
    expect(letThrough(await withAuthDefault(visit("http://app.test/dashboard", secure)))).toBe(false);
  });
});

describe("the pages a refused visitor is sent to stay open (no redirect loop)", () => {
  test("the default sign-in and error pages, and every route under /api/auth/", async () => {
    vi.stubEnv("AUTH_SECRET", SECRET);
    for (const path of [
      "/api/auth/signin",
      "/api/auth/error",
      "/api/auth/session",
      "/api/auth/callback/github",
    ]) {
      expect(letThrough(await withAuthDefault(visit(path))), path).toBe(true);
    }
    expect(letThrough(await withAuthDefault(visit("/api/authors")))).toBe(false);
  });

  test("the app's own sign-in and error pages (pages.signIn, pages.error)", async () => {
    const middleware = withAuth({ secret: SECRET, pages: { signIn: "/login", error: "/oops" } });
    expect(letThrough(await middleware(visit("/login"), event))).toBe(true);
    expect(letThrough(await middleware(visit("/oops"), event))).toBe(true);
    expect(redirectedTo(await middleware(visit("/account?x=1"), event))).toBe(
      `/login?callbackUrl=${encodeURIComponent("/account?x=1")}`,
    );
  });

  test("with no secret, the error page stays open and the rest goes to it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const middleware = withAuth({ pages: { signIn: "/login", error: "/oops" } });
    expect(letThrough(await middleware(visit("/oops"), event))).toBe(true);
    expect(letThrough(await middleware(visit("/login"), event))).toBe(true);
    expect(redirectedTo(await middleware(visit("/account"), event))).toBe("/oops?error=Configuration");
  });
});

describe("withAuth's options", () => {
  test("secret: one string, or a list where a rotated-out secret still verifies", async () => {
    const sealedWithOld = await sessionCookie(ada, { secret: OLD_SECRET });
    expect(letThrough(await withAuth({ secret: SECRET })(visit("/", sealedWithOld), event))).toBe(false);
    expect(
      letThrough(await withAuth({ secret: [SECRET, OLD_SECRET] })(visit("/", sealedWithOld), event)),
    ).toBe(true);
    // An empty slot (an unset variable in the list) is skipped, not used as a key.
    expect(letThrough(await withAuth({ secret: ["", OLD_SECRET] })(visit("/", sealedWithOld), event))).toBe(
      true,
    );
  });

  test("secret given but empty is no secret, even with AUTH_SECRET set", async () => {
    vi.stubEnv("AUTH_SECRET", SECRET);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await withAuth({ secret: "" })(visit("/", await sessionCookie(ada)), event);
    expect(redirectedTo(response)).toBe("/api/auth/error?error=Configuration");
  });

  test("callbacks.authorized decides from the token and the request", async () => {
    const authorized = vi.fn(
      ({ token, req }: { token: JWT | null; req: NextRequest }) =>
        req.nextUrl.pathname.startsWith("/public") || token?.role === "admin",
    );
    const middleware = withAuth({ secret: SECRET, callbacks: { authorized } });
    expect(letThrough(await middleware(visit("/public/about"), event))).toBe(true);
    expect(authorized).toHaveBeenLastCalledWith(expect.objectContaining({ token: null }));
    expect(redirectedTo(await middleware(visit("/admin", await sessionCookie(ada)), event))).toBe(
      `/api/auth/signin?callbackUrl=${encodeURIComponent("/admin")}`,
    );
    expect(authorized.mock.lastCall?.[0].token).toMatchObject({ email: "ada@example.test", role: "member" });
    const admin = await sessionCookie({ ...ada, role: "admin" });
    expect(letThrough(await middleware(visit("/admin", admin), event))).toBe(true);
  });

  test("callbacks.authorized may answer asynchronously", async () => {
    const middleware = withAuth({ secret: SECRET, callbacks: { authorized: async () => false } });
    expect(letThrough(await middleware(visit("/", await sessionCookie(ada)), event))).toBe(false);
  });
});

describe("withAuth(fn, options) around the app's own middleware", () => {
  test("runs fn for a let-through visitor with the token on req.nextauth, and sends fn's response", async () => {
    const fn = vi.fn((req: NextRequestWithAuth, fetchEvent: NextFetchEvent) =>
      NextResponse.json({ email: req.nextauth.token?.email ?? null, sameEvent: fetchEvent === event }),
    );
    const middleware = withAuth(fn, { secret: SECRET });
    const response = await middleware(visit("/dashboard", await sessionCookie(ada)), event);
    expect(await response.json()).toEqual({ email: "ada@example.test", sameEvent: true });
  });

  test("does not run fn for a refused visitor", async () => {
    const fn = vi.fn(() => NextResponse.json({ secret: "page" }));
    const response = await withAuth(fn, { secret: SECRET })(visit("/dashboard"), event);
    expect(redirectedTo(response)).toMatch(/^\/api\/auth\/signin\?/);
    expect(fn).not.toHaveBeenCalled();
  });

  test("fn answering nothing lets the visitor through", async () => {
    const middleware = withAuth(() => undefined, { secret: SECRET });
    expect(letThrough(await middleware(visit("/", await sessionCookie(ada)), event))).toBe(true);
  });

  test("without options (withAuth(fn), and withAuth()), the secret comes from AUTH_SECRET", async () => {
    vi.stubEnv("AUTH_SECRET", SECRET);
    const cookie = await sessionCookie(ada);
    const fn = vi.fn((req: NextRequestWithAuth) => NextResponse.json({ sub: req.nextauth.token?.sub }));
    expect(await (await withAuth(fn)(visit("/", cookie), event)).json()).toEqual({ sub: "user-ada" });
    // withAuth() is not in the types, but a JavaScript app may call it so.
    type Middleware = (request: NextRequest, fetchEvent: NextFetchEvent) => Promise<Response>;
    const withNothing = (withAuth as unknown as () => Middleware)();
    expect(letThrough(await withNothing(visit("/", cookie), event))).toBe(true);
    expect(letThrough(await withNothing(visit("/"), event))).toBe(false);
  });
});

describe("migrate: { nextAuthV4: true }: a next-auth v4 session cookie not yet replaced", () => {
  const v4 = loadNextAuthV4();
  const v4Cookie = async (name: string, secret = SECRET) =>
    `${name}=${await v4.jwt.encode({ secret, token: { sub: "user-grace", email: "grace@example.test" } })}`;

  test("counts under either of v4's cookie names, only when asked to", async () => {
    const migrating = withAuth({ secret: SECRET, migrate: { nextAuthV4: true } });
    const notMigrating = withAuth({ secret: SECRET });
    for (const name of ["next-auth.session-token", "__Secure-next-auth.session-token"]) {
      const cookie = await v4Cookie(name);
      expect(letThrough(await migrating(visit("/", cookie), event)), name).toBe(true);
      expect(letThrough(await notMigrating(visit("/", cookie), event)), name).toBe(false);
    }
  });

  test("gives fn the v4 token's claims", async () => {
    const fn = (req: NextRequestWithAuth) => NextResponse.json({ email: req.nextauth.token?.email });
    const middleware = withAuth(fn, { secret: SECRET, migrate: { nextAuthV4: true } });
    const response = await middleware(visit("/", await v4Cookie("next-auth.session-token")), event);
    expect(await response.json()).toEqual({ email: "grace@example.test" });
  });

  test("reads a v4 cookie split in chunks, as v4 writes a large one", async () => {
    const large = { sub: "user-vera", groups: Array.from({ length: 400 }, (_, i) => `group-${i}`) };
    const token = await v4.jwt.encode({ secret: SECRET, token: large });
    const store = new v4.SessionStore(
      { name: "next-auth.session-token", options: {} },
      { cookies: {} },
      { debug() {} },
    );
    const jar = new CookieJar(
      Object.fromEntries(store.chunk(token, {}).map((chunk) => [chunk.name, chunk.value])),
    );
    expect(jar.cookies.size).toBeGreaterThan(1);
    const middleware = withAuth({ secret: SECRET, migrate: { nextAuthV4: true } });
    expect(letThrough(await middleware(visit("/", jar.header()), event))).toBe(true);
  });

  test("a v4 cookie sealed with another secret is no session", async () => {
    const middleware = withAuth({ secret: SECRET, migrate: { nextAuthV4: true } });
    const forged = await v4Cookie("next-auth.session-token", "an-attackers-own-secret-0123456789abcdef");
    expect(letThrough(await middleware(visit("/", forged), event))).toBe(false);
  });

  test("latchkey's own cookie still counts with the option on", async () => {
    const middleware = withAuth({ secret: SECRET, migrate: { nextAuthV4: true } });
    expect(letThrough(await middleware(visit("/", await sessionCookie(ada)), event))).toBe(true);
  });
});
