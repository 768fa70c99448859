import { NextRequest } from "next/server.js";
import { beforeEach, describe, expect, test, vi } from "vitest";
import NextAuth, { type NextAuthConfig } from "../../src/next/index.js";
import Credentials from "../../src/providers/credentials.js";
import { CookieJar } from "../support/cookie-jar.js";
import { signedIn } from "../support/next-handlers.js";

const ORIGIN = "http://app.test";

/** The request the server component or action runs for, as `next/headers` would give it. */
const scope = vi.hoisted(() => ({ headers: new Headers(), set: [] as { name: string; value: string }[] }));

vi.mock("next/headers", () => ({
  headers: async () => scope.headers,
  cookies: async () => ({
    set: (name: string, value: string) => scope.set.push({ name, value }),
  }),
}));

function config(overrides: Partial<NextAuthConfig> = {}): NextAuthConfig {
  return {
    secret: "in-process-next-secret-0123456789abcdefghij",
    trustHost: true,
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username, password }) =>
          username === "ada" && password === "correct horse"
            ? { id: "user-ada", name: "Ada", email: "ada@example.test" }
            : null,
      }),
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
function incoming(jar: CookieJar): void {
  scope.headers = new Headers({
    host: "app.test",
    origin: ORIGIN,
    cookie: jar.header(),
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
