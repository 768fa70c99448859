/**
 * latchkey/sveltekit's signIn and signOut form actions, called as SvelteKit calls them inside the
 * `handle` hook, for what src/framework/in-process.ts does for them without a built app: the
 * request latchkey answers in process is the form a browser would post to its routes, carrying the
 * visitor's cookies but not the headers of the action's own body, and the actions' config (no CSRF
 * token, the internal result) is prepared once.
 */
import type { RequestEvent } from "@sveltejs/kit";
import { describe, expect, it } from "vitest";
import type { AuthConfig, Session } from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import { SvelteKitAuth } from "../../src/sveltekit/index.js";
import { CookieJar } from "../support/cookie-jar.js";

const APP = "http://app.test";
const SECRET = "in-process-sveltekit-secret-0123456789abcdef";

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
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

type Glue = ReturnType<typeof SvelteKitAuth>;

/** A same-origin post of `body` to the page `/account`, whose default action is `action`. */
async function postToAction(
  glue: Glue,
  action: "signIn" | "signOut",
  body: URLSearchParams | FormData,
  jar: CookieJar,
): Promise<{ response: Response; session: Session | null }> {
  const request = new Request(`${APP}/account`, {
    method: "POST",
    headers: { origin: APP, accept: "text/html", cookie: jar.header() },
    body,
  });
  const event = {
    request,
    url: new URL(request.url),
    locals: {},
    cookies: {
      set(name: string, value: string, options: { maxAge?: number }) {
        if (options.maxAge === 0) jar.cookies.delete(name);
        else jar.cookies.set(name, encodeURIComponent(value));
      },
    },
    getClientAddress: () => "203.0.113.7",
  } as unknown as RequestEvent;
  const response = await glue.handle({
    event,
    resolve: async (resolved) => {
      await glue[action](resolved);
      return new Response("<html><head></head><body>account</body></html>", {
        headers: { "content-type": "text/html" },
      });
    },
  });
  // What a page's load reads next, with the cookies the action left in the browser.
  return { response, session: await sessionOf(glue, jar) };
}

/** What a page's load reads from `event.locals.auth()` for the browser holding `jar`'s cookies. */
async function sessionOf(glue: Glue, jar: CookieJar): Promise<Session | null> {
  let session: Session | null = null;
  const next = {
    request: new Request(`${APP}/account`, { headers: { cookie: jar.header() } }),
    url: new URL(`${APP}/account`),
    locals: {} as App.Locals,
    getClientAddress: () => "203.0.113.7",
  } as unknown as RequestEvent;
  await glue.handle({
    event: next,
    resolve: async () => {
      session = await next.locals.auth();
      return new Response("ok");
    },
  });
  return session;
}

const credentialsForm = (password = "correct horse") =>
  new URLSearchParams({ providerId: "credentials", redirectTo: "/welcome", username: "ada", password });

describe("latchkey/sveltekit's actions, answered in process", () => {
  it("signs in with the form's credentials and sends the browser to redirectTo", async () => {
    const glue = SvelteKitAuth(config());
    const jar = new CookieJar();
    const { response, session } = await postToAction(glue, "signIn", credentialsForm(), jar);
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get("location") ?? "", APP).pathname).toBe("/welcome");
    expect(session?.user?.email).toBe("ada@example.test");
  });

  it("signs in from a multipart form (enctype=multipart/form-data), whose headers describe another body", async () => {
    const glue = SvelteKitAuth(config());
    const jar = new CookieJar();
    const form = new FormData();
    for (const [name, value] of credentialsForm()) form.set(name, value);
    const { response, session } = await postToAction(glue, "signIn", form, jar);
    expect(response.status).toBe(303);
    expect(session?.user?.email).toBe("ada@example.test");
  });

  it("does not sign in with a wrong password (the control: the form's fields reach authorize)", async () => {
    const glue = SvelteKitAuth(config());
    const jar = new CookieJar();
    const { response, session } = await postToAction(glue, "signIn", credentialsForm("wrong"), jar);
    const location = new URL(response.headers.get("location") ?? "", APP);
    expect(location.searchParams.get("error")).toBe("CredentialsSignin");
    expect(session).toBeNull();
  });

  it("signs out the visitor whose cookies the action's request carries", async () => {
    const glue = SvelteKitAuth(config());
    const jar = new CookieJar();
    expect((await postToAction(glue, "signIn", credentialsForm(), jar)).session).not.toBeNull();
    const { response, session } = await postToAction(
      glue,
      "signOut",
      new URLSearchParams({ redirectTo: "/goodbye" }),
      jar,
    );
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get("location") ?? "", APP).pathname).toBe("/goodbye");
    expect(session).toBeNull();
  });

  it("prepares the actions' config once: a configuration warning is said once, not on every sign-in", async () => {
    const warnings: string[] = [];
    const glue = SvelteKitAuth(
      config({
        secret: "short-secret", // fewer than 32 bytes: latchkey warns when it prepares the config
        logger: { warn: (code: string) => warnings.push(code) },
      }),
    );
    for (let attempt = 0; attempt < 3; attempt++) {
      await postToAction(glue, "signIn", credentialsForm(), new CookieJar());
    }
    // Once for the actions' config, once for the app's own (the session read after each action).
    expect(warnings.filter((code) => code === "WeakSecret")).toHaveLength(2);
  });

  it("with a config function building a new config per request, a guesser's attempts keep counting: 429 at the limit", async () => {
    const glue = SvelteKitAuth(() =>
      config({ rateLimit: { rules: { signInAttempt: { perIp: 100, perAccount: 3, windowSeconds: 60 } } } }),
    );
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const { response } = await postToAction(glue, "signIn", credentialsForm("guess"), new CookieJar());
      statuses.push(response.status);
    }
    // Three wrong passwords go back to the form (303 with CredentialsSignin); the fourth is refused.
    expect(statuses).toEqual([303, 303, 303, 429]);
    // The account stays locked for the right password too.
    const { response, session } = await postToAction(glue, "signIn", credentialsForm(), new CookieJar());
    expect(response.status).toBe(429);
    expect(session).toBeNull();
  });

  it("a config without a store counts the route handler's and the actions' guesses in one place", async () => {
    const glue = SvelteKitAuth(
      config({ rateLimit: { rules: { signInAttempt: { perIp: 100, perAccount: 3, windowSeconds: 60 } } } }),
    );
    const routeAttempt = async (): Promise<number> => {
      const jar = new CookieJar();
      const answer = async (request: Request): Promise<Response> => {
        const event = {
          request,
          url: new URL(request.url),
          locals: {},
          getClientAddress: () => "203.0.113.7",
        };
        return glue.handle({
          event: event as unknown as RequestEvent,
          resolve: async () => new Response("app"),
        });
      };
      const csrf = await answer(new Request(`${APP}/auth/csrf`));
      jar.apply(csrf);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const form = new URLSearchParams({ csrfToken, username: "ada", password: "guess" });
      const headers = { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" };
      return (
        await answer(new Request(`${APP}/auth/callback/credentials`, { method: "POST", headers, body: form }))
      ).status;
    };
    const statuses = [await routeAttempt(), await routeAttempt()];
    for (let attempt = 0; attempt < 2; attempt++) {
      const { response } = await postToAction(glue, "signIn", credentialsForm("guess"), new CookieJar());
      statuses.push(response.status);
    }
    expect(statuses).toEqual([302, 302, 303, 429]);
  });

  it("with a config function and no store, a JWT session is not recorded: sign-out revokes no copy of its cookie, as for any config without one", async () => {
    // README, "Which session strategy": without a shared `store`, JWT sessions are neither recorded
    // nor revoked; sign-out clears the browser's cookie and writes no revocation marker. The store
    // the glue shares for rate limiting must not turn recording on.
    const glue = SvelteKitAuth(() => config());
    const jar = new CookieJar();
    expect((await postToAction(glue, "signIn", credentialsForm(), jar)).session).not.toBeNull();
    const copy = new CookieJar(Object.fromEntries(jar.cookies));
    expect((await postToAction(glue, "signOut", new URLSearchParams(), jar)).session).toBeNull();
    expect((await sessionOf(glue, copy))?.user?.email).toBe("ada@example.test");
  });
});
