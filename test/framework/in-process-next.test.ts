import { getURLFromRedirectError } from "next/dist/client/components/redirect.js";
import { NextRequest } from "next/server.js";
import { beforeEach, describe, expect, test, vi } from "vitest";
import NextAuth, { AuthError, CredentialsSignin, type NextAuthConfig } from "../../src/next/index.js";
import Credentials from "../../src/providers/credentials.js";
import GitHub from "../../src/providers/github.js";
import { CookieJar } from "../support/cookie-jar.js";
import { signedIn } from "../support/next-handlers.js";

const ORIGIN = "http://app.test";

/** A refusal with a code of the app's own, as docs/errors.md shows for CredentialsSignin. */
class AccountLocked extends CredentialsSignin {
  override code = "account_locked";
}

/** The request the server component or action runs for, as `next/headers` would give it. */
const scope = vi.hoisted(() => ({
  headers: new Headers(),
  set: [] as { name: string; value: string; options: Record<string, unknown> }[],
}));

vi.mock("next/headers", () => ({
  headers: async () => scope.headers,
  cookies: async () => ({
    set: (name: string, value: string, options: Record<string, unknown>) =>
      scope.set.push({ name, value, options }),
  }),
}));

function config(overrides: Partial<NextAuthConfig> = {}): NextAuthConfig {
  return {
    secret: "in-process-next-secret-0123456789abcdefghij",
    trustHost: true,
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username, password }) => {
          if (username === "locked") throw new AccountLocked();
          return username === "ada" && password === "correct horse"
            ? { id: "user-ada", name: "Ada", email: "ada@example.test" }
            : null;
        },
      }),
      // A form's fields arrive as strings, whatever the action was given.
      Credentials({
        id: "pin",
        credentials: { pin: {}, remember: {} },
        authorize: ({ pin, remember }) =>
          pin === "1234" && remember === "true" ? { id: "user-pin", email: "pin@example.test" } : null,
      }),
      GitHub({ clientId: "github-client-id", clientSecret: "github-client-secret" }),
    ],
    callbacks: {
      // As docs/next.md shows for unstable_update: the new name goes into the token.
      jwt: ({ token, trigger, session }) =>
        trigger === "update" && typeof session?.user?.name === "string"
          ? { ...token, name: session.user.name }
          : token,
    },
    ...overrides,
  };
}

/** The server action's request: a same-origin POST from the browser holding `jar`'s cookies. */
function incoming(jar: CookieJar, referer?: string): void {
  scope.headers = new Headers({
    host: "app.test",
    origin: ORIGIN,
    cookie: jar.header(),
    ...(referer ? { referer } : {}),
    // What Next.js's own action call carries, which is not the in-process request's to describe.
    "content-type": "multipart/form-data; boundary=----next",
    "content-length": "9999999",
    "next-action": "7f3a",
  });
}

/** A browser posting `password` for `ada` to the route handlers' credentials callback; its status. */
async function attempt(handlers: ReturnType<typeof NextAuth>["handlers"], password: string): Promise<number> {
  const jar = new CookieJar();
  const csrf = await handlers.GET(new NextRequest(`${ORIGIN}/api/auth/csrf`));
  jar.apply(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await handlers.POST(
    new NextRequest(`${ORIGIN}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, username: "ada", password }),
    }),
  );
  return response.status;
}

beforeEach(() => {
  scope.set = [];
});

describe("latchkey/next's server-side calls, answered in process", () => {
  test("auth() in a server component reads the session of the request's cookies", async () => {
    const { auth, handlers } = NextAuth(config());
    incoming(await signedIn(handlers, ORIGIN));
    expect((await auth())?.user?.email).toBe("ada@example.test");
    incoming(new CookieJar());
    expect(await auth()).toBeNull();
  });

  test("auth() given a value that is no Pages Router request reads the request in next/headers", async () => {
    const { auth, handlers } = NextAuth(config());
    incoming(await signedIn(handlers, ORIGIN));
    const anotherRequest = { headers: { host: "app.test", cookie: "authjs.session-token=forged" } };
    type Loose = (...args: unknown[]) => Promise<{ user?: { email?: string } } | null>;
    // A route handler's context ({ params }), null, or an object holding a request but no response.
    for (const value of [{ params: Promise.resolve({}) }, null, { req: anotherRequest }]) {
      expect((await (auth as unknown as Loose)(value))?.user?.email).toBe("ada@example.test");
    }
  });

  test("unstable_update posts the data to the session route and sets the re-issued cookie", async () => {
    const { auth, handlers, unstable_update } = NextAuth(config());
    const jar = await signedIn(handlers, ORIGIN);
    incoming(jar);
    const updated = await unstable_update({ user: { name: "Ada Lovelace" } });
    expect(updated?.user?.name).toBe("Ada Lovelace");
    const sessionCookies = scope.set.filter(({ name }) => name === "authjs.session-token");
    expect(sessionCookies).toHaveLength(1);
    incoming(jar.apply(sessionCookies.map(({ name, value }) => `${name}=${value}`)));
    expect((await auth())?.user?.name).toBe("Ada Lovelace");
  });

  test("signIn in a server action signs in with the credentials it is given", async () => {
    const { auth, signIn } = NextAuth(config());
    incoming(new CookieJar());
    const to = await signIn("credentials", {
      username: "ada",
      password: "correct horse",
      redirectTo: "/welcome",
      redirect: false,
    });
    expect(new URL(to, ORIGIN).pathname).toBe("/welcome");
    const jar = new CookieJar().apply(scope.set.map(({ name, value }) => `${name}=${value}`));
    incoming(jar);
    expect((await auth())?.user?.email).toBe("ada@example.test");
  });

  test("signOut in a server action ends the session of the request's cookies", async () => {
    const { handlers, signOut } = NextAuth(config());
    incoming(await signedIn(handlers, ORIGIN));
    await signOut({ redirect: false });
    expect(scope.set.find(({ name }) => name === "authjs.session-token")?.value).toBe("");
  });

  test("with a config function building a new config per request, a guesser's attempts keep counting: 429 at the limit", async () => {
    const { handlers } = NextAuth(() =>
      config({ rateLimit: { rules: { signInAttempt: { perIp: 100, perAccount: 3, windowSeconds: 60 } } } }),
    );
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push(await attempt(handlers, "guess"));
    expect(statuses).toEqual([302, 302, 302, 429]);
    // The account stays locked for the right password too.
    expect(await attempt(handlers, "correct horse")).toBe(429);
  });

  test("with a config function and no store, a JWT session is not recorded: sign-out revokes no copy of its cookie, as for any config without one", async () => {
    // README, "Which session strategy": without a shared `store`, JWT sessions are neither recorded
    // nor revoked; sign-out clears the browser's cookie and writes no revocation marker. The store
    // the glue shares for rate limiting must not turn recording on.
    const { auth, handlers, signOut } = NextAuth(() => config());
    const jar = await signedIn(handlers, ORIGIN);
    incoming(jar);
    await signOut({ redirect: false });
    expect(scope.set.find(({ name }) => name === "authjs.session-token")?.value).toBe("");
    // The request still carries the cookie as it was before sign-out: a copy of it.
    expect((await auth())?.user?.email).toBe("ada@example.test");
  });
});

/** Where Next.js's `redirect()` in `action` sends the browser (it throws to end the action). */
async function redirectOf(action: () => Promise<unknown>): Promise<string | null> {
  try {
    await action();
  } catch (error) {
    return getURLFromRedirectError(error as Parameters<typeof getURLFromRedirectError>[0]);
  }
  throw new Error("the action did not redirect");
}

const sessionSet = () => scope.set.find(({ name }) => name === "authjs.session-token");

describe("signIn in a server action", () => {
  test("sets each cookie with the attributes latchkey gives it, the app's cookie overrides included", async () => {
    const overrides = { domain: "app.test", partitioned: true, priority: "high" as const };
    const { signIn } = NextAuth(config({ cookies: { sessionToken: { options: overrides } } }));
    incoming(new CookieJar());
    await signIn("credentials", { username: "ada", password: "correct horse", redirect: false });
    const options = sessionSet()?.options ?? {};
    expect(options).toMatchObject({
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: false,
      ...overrides,
    });
    expect(options.expires).toBeInstanceOf(Date);
    expect((options.expires as Date).valueOf()).toBeGreaterThan(Date.now());
  });

  test("redirects with Next.js's redirect() to where latchkey sends the browser, unless redirect: false", async () => {
    const { signIn } = NextAuth(config());
    incoming(new CookieJar());
    const to = await redirectOf(() =>
      signIn("credentials", { username: "ada", password: "correct horse", redirectTo: "/welcome" }),
    );
    expect(to).toBe(`${ORIGIN}/welcome`);
    expect(sessionSet()?.value).toBeTruthy();
  });

  test("without redirectTo, comes back to the page the action was called from (Referer)", async () => {
    const { signIn } = NextAuth(config());
    incoming(new CookieJar(), `${ORIGIN}/pricing`);
    const to = await signIn("credentials", { username: "ada", password: "correct horse", redirect: false });
    expect(to).toBe(`${ORIGIN}/pricing`);
  });

  test("without a provider, or with one the app lacks, sends the browser to the sign-in page", async () => {
    const { signIn } = NextAuth(config());
    incoming(new CookieJar(), `${ORIGIN}/pricing`);
    const signInPage = `${ORIGIN}/api/auth/signin?callbackUrl=${encodeURIComponent(`${ORIGIN}/pricing`)}`;
    expect(await redirectOf(() => signIn())).toBe(signInPage);
    expect(await signIn("gitlab", { redirect: false })).toBe(signInPage);
    expect(await signIn(undefined, { redirectTo: "/after", redirect: false })).toBe(
      `${ORIGIN}/api/auth/signin?callbackUrl=%2Fafter`,
    );
  });

  test("wrong credentials throw CredentialsSignin with its code (the app's own, else credentials), and set no session", async () => {
    const { signIn } = NextAuth(config());
    incoming(new CookieJar());
    const refusalOf = (username: string) =>
      signIn("credentials", { username, password: "wrong", redirect: false }).then(
        () => undefined,
        (error: unknown) => error,
      );
    const refused = await refusalOf("ada");
    expect(refused).toBeInstanceOf(CredentialsSignin);
    expect((refused as CredentialsSignin).code).toBe("credentials");
    const locked = await refusalOf("locked");
    expect(locked).toBeInstanceOf(CredentialsSignin);
    expect((locked as CredentialsSignin).code).toBe("account_locked");
    expect(sessionSet()).toBeUndefined();
  });

  test("a redirectTo that is no URL at all throws the handler's refusal (400) as its AuthError, named in the message", async () => {
    const { signIn } = NextAuth(config());
    incoming(new CookieJar());
    const refused = await signIn("credentials", {
      username: "ada",
      password: "correct horse",
      redirectTo: "http://[::1",
      redirect: false,
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AuthError);
    const { type, message } = refused as AuthError;
    expect(message).toContain(type);
    expect(sessionSet()).toBeUndefined();
  });

  test("without redirectTo or a Referer, the sign-in page is asked to come back to /", async () => {
    const { signIn } = NextAuth(config());
    incoming(new CookieJar());
    expect(await signIn(undefined, { redirect: false })).toBe(`${ORIGIN}/api/auth/signin?callbackUrl=%2F`);
  });

  test("only a form's kinds of value are posted: an object field is left out, not stringified", async () => {
    const { signIn } = NextAuth(config());
    incoming(new CookieJar());
    const pin = { toString: () => "1234" };
    const refused = await signIn("pin", { pin, remember: true, redirect: false } as never).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(CredentialsSignin);
    expect(sessionSet()).toBeUndefined();
  });

  test("a callbackUrl with an ?error= parameter of its own is not taken for a refusal", async () => {
    const { signIn } = NextAuth(config());
    incoming(new CookieJar());
    const to = await signIn("credentials", {
      username: "ada",
      password: "correct horse",
      redirectTo: "/report?error=none",
      redirect: false,
    });
    expect(to).toBe(`${ORIGIN}/report?error=none`);
  });

  test("posts a FormData's fields, and numbers and booleans as the strings a form would send", async () => {
    const { signIn } = NextAuth(config());
    incoming(new CookieJar());
    const form = new FormData();
    form.set("pin", "1234");
    form.set("remember", "true");
    form.set("redirectTo", "/pinned");
    expect(await redirectOf(() => signIn("pin", form))).toBe(`${ORIGIN}/pinned`);
    expect(sessionSet()?.value).toBeTruthy();
    scope.set = [];
    expect(await signIn("pin", { pin: 1234, remember: true, redirect: false })).toBe(`${ORIGIN}/`);
    expect(sessionSet()?.value).toBeTruthy();
  });

  test("an OAuth sign-in goes to the provider with the authorization parameters it was given", async () => {
    const { signIn } = NextAuth(config());
    incoming(new CookieJar());
    const to = new URL(await signIn("github", { redirect: false }, { prompt: "consent", login: "ada" }));
    expect(`${to.origin}${to.pathname}`).toBe("https://github.com/login/oauth/authorize");
    expect(to.searchParams.get("prompt")).toBe("consent");
    expect(to.searchParams.get("login")).toBe("ada");
    expect(scope.set.map(({ name }) => name)).toContain("authjs.pkce.code_verifier");
  });
});

describe("signOut and unstable_update in a server action", () => {
  test("signOut clears the cookie with maxAge 0 and redirects to redirectTo, else the Referer", async () => {
    const { handlers, signOut } = NextAuth(config());
    const jar = await signedIn(handlers, ORIGIN);
    incoming(jar, `${ORIGIN}/account`);
    expect(await redirectOf(() => signOut())).toBe(`${ORIGIN}/account`);
    expect(sessionSet()?.options).toMatchObject({ maxAge: 0, path: "/" });
    incoming(jar, `${ORIGIN}/account`);
    expect(await redirectOf(() => signOut({ redirectTo: "/goodbye" }))).toBe(`${ORIGIN}/goodbye`);
    incoming(jar);
    expect(await signOut({ redirect: false })).toEqual({ redirect: `${ORIGIN}/` });
  });

  test("a sign-out latchkey refuses still ends at /, without redirectTo or a Referer", async () => {
    // A body limit no sign-out fits makes latchkey answer 413, with no redirect of its own.
    const { signOut } = NextAuth(config({ maxBodyBytes: 1 }));
    incoming(await signedIn(NextAuth(config()).handlers, ORIGIN));
    expect(await signOut({ redirect: false })).toEqual({ redirect: "/" });
  });

  test("unstable_update answers null, not latchkey's error, when the update is refused", async () => {
    const { handlers, unstable_update } = NextAuth(config({ maxBodyBytes: 1024 }));
    incoming(await signedIn(handlers, ORIGIN));
    // Too large: latchkey answers 413.
    expect(await unstable_update({ user: { name: "A".repeat(4096) } })).toBeNull();
    // Not an object, as a JavaScript caller can pass: latchkey answers 400, the lowest refusal.
    expect(await unstable_update(["Ada L."] as unknown as Parameters<typeof unstable_update>[0])).toBeNull();
    expect(await unstable_update({ user: { name: "Ada L." } })).toMatchObject({ user: { name: "Ada L." } });
  });
});

test("a rate-limited sign-in throws RateLimited, whatever page the browser asked for", async () => {
  const { signIn } = NextAuth(
    config({ rateLimit: { rules: { signInAttempt: { perIp: 100, perAccount: 1, windowSeconds: 60 } } } }),
  );
  const refusal = async (): Promise<unknown> => {
    incoming(new CookieJar());
    // A server action is a POST from a page: the browser's Accept asks for HTML.
    scope.headers.set("accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8");
    return signIn("credentials", { username: "ada", password: "guess", redirect: false }).then(
      () => undefined,
      (error: unknown) => error,
    );
  };
  expect(((await refusal()) as AuthError).type).toBe("CredentialsSignin");
  const limited = await refusal();
  expect(limited).toBeInstanceOf(AuthError);
  expect((limited as AuthError).type).toBe("RateLimited");
});

test("a refusal is an AuthError of latchkey's type, for the action to catch", async () => {
  const { signIn } = NextAuth(config({ callbacks: { signIn: () => false } }));
  incoming(new CookieJar());
  const refused = await signIn("credentials", {
    username: "ada",
    password: "correct horse",
    redirect: false,
  }).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(AuthError);
  expect((refused as AuthError).type).toBe("AccessDenied");
});
