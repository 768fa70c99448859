/**
 * `latchkey/next` in a real Next.js 16 app (test/fixtures/next-app, built by global-setup.ts and
 * run with `next start`), driven over HTTP as a browser would: the route handler, the proxy with
 * its `authorized` callback, `auth()` in a server component, `auth` around a route handler and on
 * the Edge runtime, the active organization `auth()` carries, and a session cookie that
 * `@auth/core` issued before the switch.
 */
import { encode as authCoreEncode } from "@auth/core/jwt";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CookieJar } from "../support/cookie-jar.js";
import { FIXTURE_SECRET, type RunningApp, startNextFixture } from "./fixture-server.js";

let app: RunningApp;
beforeAll(async () => {
  app = await startNextFixture();
}, 90_000);
afterAll(async () => {
  await app?.stop();
});

/** A browser: keeps cookies, does not follow redirects. */
function browser() {
  const jar = new CookieJar();
  const send = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.cookies.size > 0) headers.set("cookie", jar.header());
    const response = await fetch(`${app.origin}${path}`, { ...init, headers, redirect: "manual" });
    jar.apply(response);
    return response;
  };
  return { jar, send };
}

/** Signs in through the route handler's credentials callback, with its CSRF token. */
async function signIn(send: ReturnType<typeof browser>["send"], password = "correct horse") {
  const { csrfToken } = (await (await send("/api/auth/csrf")).json()) as { csrfToken: string };
  return send("/api/auth/callback/credentials", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, username: "ada", password, callbackUrl: `${app.origin}/` }),
  });
}

const pageText = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");

describe("the route handler at /api/auth", () => {
  test("signs in with credentials and serves the session", async () => {
    const { send, jar } = browser();
    const signedIn = await signIn(send);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe(`${app.origin}/`);
    expect(jar.get("authjs.session-token")).toBeTruthy();
    const session = (await (await send("/api/auth/session")).json()) as { user: { email: string } };
    expect(session.user.email).toBe("ada@example.test");
  });

  test("refuses a cross-site sign-in POST that lacks the CSRF cookie and token", async () => {
    const { send, jar } = browser();
    const response = await send("/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ username: "ada", password: "correct horse" }),
    });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location") ?? "").searchParams.get("error")).toBe("MissingCSRF");
    expect(jar.get("authjs.session-token")).toBeUndefined();
  });

  test("refuses a cross-site sign-out POST: the session stays", async () => {
    const { send, jar } = browser();
    await signIn(send);
    const response = await send("/api/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: "forged" }),
    });
    expect(new URL(response.headers.get("location") ?? "").searchParams.get("error")).toBe("MissingCSRF");
    expect(jar.get("authjs.session-token")).toBeTruthy();
    expect(await (await send("/api/auth/session")).json()).toMatchObject({
      user: { email: "ada@example.test" },
    });
  });
});

describe("the login form's server action (signIn without latchkey's CSRF token)", () => {
  /** Posts the login form as a browser without JavaScript does, from `origin`. */
  async function postLoginForm(origin: string) {
    const { send, jar } = browser();
    const html = await (await send("/login")).text();
    const actionField = /name="(\$ACTION_ID_[^"]+)"/.exec(html)?.[1];
    expect(actionField).toBeTruthy();
    const form = new FormData();
    form.set(actionField!, "");
    form.set("username", "ada");
    form.set("password", "correct horse");
    form.set("redirectTo", "/");
    const response = await send("/login", { method: "POST", headers: { origin }, body: form });
    return { response, jar };
  }

  test("signs in when the form is posted from the app's own origin", async () => {
    const { response, jar } = await postLoginForm(app.origin);
    expect(response.status).toBe(303);
    expect(jar.get("authjs.session-token")).toBeTruthy();
  });

  test("is refused by Next.js when posted from another site: no session", async () => {
    const { response, jar } = await postLoginForm("https://evil.example");
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(jar.get("authjs.session-token")).toBeUndefined();
  });
});

/** `signIn(…, { redirect: false })` in the app's route handler, with these fields. */
const signInUrl = (send: ReturnType<typeof browser>["send"], body: Record<string, string>) =>
  send("/api/sign-in-url", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** The one-time codes the app mailed to `email`. */
async function codesMailedTo(send: ReturnType<typeof browser>["send"], email: string) {
  const mails = (await (await send("/api/sent-mails")).json()) as { to: string; code: string | undefined }[];
  return mails.filter((mail) => mail.to === email).map((mail) => mail.code);
}

describe("signIn with redirect: false (in a route handler)", () => {
  const post = signInUrl;

  test("returns the URL to go to and sets the session cookie", async () => {
    const { send, jar } = browser();
    const response = await post(send, {
      provider: "credentials",
      username: "ada",
      password: "correct horse",
      redirectTo: "/protected",
    });
    expect(await response.json()).toEqual({ url: `${app.origin}/protected` });
    expect(await (await send("/api/whoami")).json()).toMatchObject({ email: "ada@example.test" });
    expect(jar.get("authjs.session-token")).toBeTruthy();
  });

  test("for a provider the app does not have, returns the sign-in page with the callbackUrl", async () => {
    const { send } = browser();
    const { url } = (await (await post(send, { provider: "nope", redirectTo: "/protected" })).json()) as {
      url: string;
    };
    expect(url).toBe(`${app.origin}/api/auth/signin?callbackUrl=%2Fprotected`);
  });

  test("an e-mail one-time code signs in, and is not replaced by a new mail", async () => {
    const { send, jar } = browser();
    const email = "code-reader@example.test";
    await post(send, { provider: "email", email, redirectTo: "/protected" });
    const mailed = await codesMailedTo(send, email);
    expect(mailed).toHaveLength(1);
    const code = mailed[0];
    expect(code).toMatch(/^\d{6}$/);

    const response = await post(send, { provider: "email", email, code: code!, redirectTo: "/protected" });
    expect(await response.json()).toEqual({ url: `${app.origin}/protected` });
    expect(await codesMailedTo(send, email)).toHaveLength(1);
    expect(jar.get("authjs.session-token")).toBeTruthy();
    expect(await (await send("/api/whoami")).json()).toMatchObject({ email });
  });
});

describe("the proxy (proxy.ts: export { auth as proxy })", () => {
  test("redirects a signed-out visitor of /protected to the sign-in page, with callbackUrl", async () => {
    const { send } = browser();
    const response = await send("/protected");
    expect(response.status).toBe(307);
    // Next.js sends a same-origin redirect's Location relative to the origin.
    const location = new URL(response.headers.get("location") ?? "", app.origin);
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("callbackUrl")).toBe(`${app.origin}/protected`);
  });

  test("serves /protected to a signed-in user", async () => {
    const { send } = browser();
    await signIn(send);
    const response = await send("/protected");
    expect(response.status).toBe(200);
    expect(await pageText(response)).toContain("Protected content for ada@example.test");
  });

  test("treats a forged session cookie as signed out", async () => {
    const { send, jar } = browser();
    jar.cookies.set(
      "authjs.session-token",
      "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0..forged.forged.forged",
    );
    expect((await send("/protected")).status).toBe(307);
  });
});

describe("auth() in server code", () => {
  test("a server component shows the session of the request's cookies", async () => {
    const { send } = browser();
    expect(await pageText(await send("/"))).toContain("Signed out");
    await signIn(send);
    expect(await pageText(await send("/"))).toContain("Signed in as ada@example.test");
  });

  test("auth((req) => …) around a route handler sees req.auth", async () => {
    const { send } = browser();
    expect(await (await send("/api/whoami")).json()).toEqual({ email: null, nickname: null });
    await signIn(send);
    expect(await (await send("/api/whoami")).json()).toEqual({ email: "ada@example.test", nickname: null });
  });

  test("auth() runs on the Edge runtime", async () => {
    const { send } = browser();
    await signIn(send);
    expect(await (await send("/api/edge-session")).json()).toEqual({
      email: "ada@example.test",
      runtime: "edge",
    });
  });
});

describe("auth() with organizations (Organizations() from latchkey/organizations)", () => {
  /** POSTs JSON to one of the routes under /api/auth, with the browser's CSRF token. */
  async function postJson(
    send: ReturnType<typeof browser>["send"],
    path: string,
    body: Record<string, unknown>,
  ) {
    const { csrfToken } = (await (await send("/api/auth/csrf")).json()) as { csrfToken: string };
    const response = await send(`/api/auth/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken, ...body }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /**
   * Signs a new user in with an e-mailed code (organizations act for a user the adapter stores),
   * creates an organization through the public routes and sets it active; `read` is the app's
   * route that reports what `auth` gave it, checked before and after.
   */
  async function setActiveAndRead(read: string, slug: string) {
    const { send } = browser();
    const email = `${slug}@example.test`;
    await signInUrl(send, { provider: "email", email, redirectTo: "/" });
    const [code] = await codesMailedTo(send, email);
    await signInUrl(send, { provider: "email", email, code: code!, redirectTo: "/" });
    const active = async () => (await send(read)).json();
    expect(await active()).toEqual({ email, activeOrganization: null });

    const created = await postJson(send, "organization-create", { name: slug, slug });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.id as string;
    const switched = await postJson(send, "organization", { action: "setActive", organizationId: id });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    const expected = { id, slug, role: "owner" };
    // The browser's own GET /session, through the route handler, says so.
    expect(await (await send("/api/auth/session")).json()).toMatchObject({ activeOrganization: expected });
    return { send, email, expected, active };
  }

  test("auth() in a route handler carries the organization set active, as { id, slug, role }", async () => {
    const { send, email, expected, active } = await setActiveAndRead(
      "/api/active-organization",
      "next-owners",
    );
    expect(await active()).toEqual({ email, activeOrganization: expected });

    const cleared = await postJson(send, "organization", { action: "setActive", organizationId: null });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(await active()).toEqual({ email, activeOrganization: null });
  });

  test("auth((req) => …) around a route handler carries it on req.auth", async () => {
    const { email, expected, active } = await setActiveAndRead(
      "/api/active-organization/req-auth",
      "next-wrapped",
    );
    expect(await active()).toEqual({ email, activeOrganization: expected });
  });
});

describe("switching from next-auth", () => {
  test("a session cookie @auth/core issued before the switch is valid after it", async () => {
    const salt = "authjs.session-token";
    const token = await authCoreEncode({
      salt,
      secret: FIXTURE_SECRET,
      token: { sub: "user-grace", name: "Grace Hopper", email: "grace@example.test" },
    });
    const { send, jar } = browser();
    jar.cookies.set(salt, token);
    expect(await (await send("/api/auth/session")).json()).toMatchObject({
      user: { name: "Grace Hopper", email: "grace@example.test" },
    });
    expect(await pageText(await send("/"))).toContain("Signed in as grace@example.test");
    expect((await send("/protected")).status).toBe(200);
  });
});

describe("secrets from the environment (read by latchkey's core, not by latchkey/next)", () => {
  let rotated: RunningApp;
  beforeAll(async () => {
    // next-auth v4's NEXTAUTH_SECRET as the new secret, the one sessions were issued with in a rotation slot.
    rotated = await startNextFixture({
      AUTH_SECRET: "",
      NEXTAUTH_SECRET: "next-fixture-new-secret-0123456789abcdef",
      AUTH_SECRET_1: FIXTURE_SECRET,
    });
  }, 90_000);
  afterAll(async () => {
    await rotated?.stop();
  });

  test("sessions under NEXTAUTH_SECRET and under the older AUTH_SECRET_1 both open", async () => {
    const salt = "authjs.session-token";
    const whoami = async (secret: string) => {
      const token = await authCoreEncode({
        salt,
        secret,
        token: { sub: "user-grace", name: "Grace Hopper", email: "grace@example.test" },
      });
      const response = await fetch(`${rotated.origin}/api/whoami`, {
        headers: { cookie: `${salt}=${token}` },
      });
      return response.json();
    };
    const signedIn = { email: "grace@example.test", nickname: null };
    expect(await whoami("next-fixture-new-secret-0123456789abcdef")).toEqual(signedIn);
    expect(await whoami(FIXTURE_SECRET)).toEqual(signedIn);
    expect(await whoami("a-secret-this-app-never-had-0123456789")).toEqual({ email: null, nickname: null });
  });
});
