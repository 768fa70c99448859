/**
 * latchkey/sveltekit's `handle` hook and form actions as a SvelteKit app runs them (the runtime's
 * part played by test/support/sveltekit-runtime.ts), for what a browser or an attacker sees: which
 * requests latchkey answers, the page's `<head>`, the cookies' attributes, and how an action's
 * outcome is answered to a page's form post and to a `use:enhance` form.
 */
import type { RequestEvent } from "@sveltejs/kit";
import { describe, expect, it } from "vitest";
import type { AuthConfig } from "../../src/index.js";
import { SvelteKitAuth } from "../../src/sveltekit/index.js";
import { CookieJar } from "../support/cookie-jar.js";
import { credentialsConfig } from "../support/framework-http.js";
import { type SvelteKitGlue, sendToApp } from "../support/sveltekit-runtime.js";

const APP = "http://app.test";

type Fields = Record<string, string>;
const credentials = (password = "correct horse"): Fields => ({
  providerId: "credentials",
  redirectTo: "/welcome",
  username: "ada",
  password,
});

/** A form post to the page `/account`, whose default action is `action`, from the app's own page. */
function postForm(
  glue: SvelteKitGlue,
  action: "signIn" | "signOut",
  fields: Fields,
  options: {
    enhanced?: boolean;
    headers?: Record<string, string>;
    jar?: CookieJar;
    clientAddress?: string;
  } = {},
) {
  const accept = options.enhanced ? "application/json" : "text/html";
  return sendToApp(
    glue,
    `${APP}/account`,
    {
      action,
      headers: { origin: APP, accept, ...options.headers },
      body: new URLSearchParams(fields),
      clientAddress: options.clientAddress,
    },
    options.jar,
  );
}

/** Who the browser holding `jar` is signed in as, asked of latchkey's session route. */
async function signedInAs(glue: SvelteKitGlue, jar: CookieJar): Promise<string | undefined> {
  const response = await sendToApp(glue, `${APP}/auth/session`, {}, jar);
  const session = (await response.json()) as { user?: { email?: string } } | null;
  return session?.user?.email;
}

const setCookieOf = (response: Response, name: string) =>
  response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));

describe("latchkey/sveltekit's handle hook", () => {
  it("answers latchkey's routes under the base path itself, and leaves the app's pages to SvelteKit", async () => {
    const glue = SvelteKitAuth(credentialsConfig({ basePath: "/api/auth" }));
    const providers = await sendToApp(glue, `${APP}/api/auth/providers`);
    expect(providers.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await providers.json()).toMatchObject({ credentials: { id: "credentials", type: "credentials" } });
    const page = await sendToApp(glue, `${APP}/auth/providers`);
    expect(page.headers.get("content-type")).toBe("text/html");
  });

  it("tells latchkey/client the base path in the page's head", async () => {
    const glue = SvelteKitAuth(credentialsConfig({ basePath: "/api/auth" }));
    const response = await sendToApp(glue, `${APP}/account`, {
      pageChunks: ["<!doctype html><html><head><title>Account</title></head><body>account</body></html>"],
    });
    expect(await response.text()).toBe(
      '<!doctype html><html><head><title>Account</title><meta name="latchkey-base-path" content="/api/auth"></head><body>account</body></html>',
    );
  });

  it("announces the base path once, in the chunk that closes the head, whatever later chunks hold", async () => {
    const glue = SvelteKitAuth(credentialsConfig());
    const response = await sendToApp(glue, `${APP}/account`, {
      pageChunks: [
        "<!doctype html><html>",
        "<head><title>Account</title></head>",
        '<body><script>const sample = "<html><head></head></html>";</script></body></html>',
      ],
    });
    expect(await response.text()).toBe(
      '<!doctype html><html><head><title>Account</title><meta name="latchkey-base-path" content="/auth"></head><body><script>const sample = "<html><head></head></html>";</script></body></html>',
    );
  });

  it("sets latchkey's cookies HttpOnly, SameSite=Lax, on the whole site, and not Secure on an http app", async () => {
    // SvelteKit makes a cookie Secure unless told otherwise; a browser drops a Secure cookie that an
    // http origin sets, so a sign-in on http (other than localhost) would never stick.
    const glue = SvelteKitAuth(credentialsConfig());
    const response = await postForm(glue, "signIn", credentials());
    const cookie = setCookieOf(response, "authjs.session-token");
    expect(cookie).toMatch(/; Path=\/;/);
    expect(cookie).toMatch(/; Expires=/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/; Secure/);
  });

  it("sets latchkey's cookies Secure on an https app, as their __Secure- prefix requires", async () => {
    const glue = SvelteKitAuth(credentialsConfig());
    const origin = "https://app.test";
    const response = await sendToApp(glue, `${origin}/account`, {
      action: "signIn",
      headers: { origin, accept: "text/html" },
      body: new URLSearchParams(credentials()),
    });
    expect(response.status).toBe(303);
    expect(setCookieOf(response, "__Secure-authjs.session-token")).toMatch(/; Secure/);
  });

  it("keeps the path the app gives a cookie, and gives a cookie whose path is left undefined the whole site", async () => {
    const scoped = (path: string | undefined): Partial<AuthConfig> => ({
      cookies: { sessionToken: { options: { path } } },
    });
    const account = await postForm(
      SvelteKitAuth(credentialsConfig(scoped("/account"))),
      "signIn",
      credentials(),
    );
    expect(setCookieOf(account, "authjs.session-token")).toMatch(/; Path=\/account;/);
    // As `path: process.env.COOKIE_PATH` leaves it where that variable is unset.
    const unset = await postForm(
      SvelteKitAuth(credentialsConfig(scoped(undefined))),
      "signIn",
      credentials(),
    );
    expect(setCookieOf(unset, "authjs.session-token")).toMatch(/; Path=\/;/);
  });
});

describe("latchkey/sveltekit's actions, answered through the hook", () => {
  it("answers a use:enhance sign-in with SvelteKit's redirect result, carrying the session cookie", async () => {
    const glue = SvelteKitAuth(credentialsConfig());
    const jar = new CookieJar();
    const response = await postForm(glue, "signIn", credentials(), { enhanced: true, jar });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({ type: "redirect", status: 303, location: `${APP}/welcome` });
    expect(await signedInAs(glue, jar)).toBe("ada@example.test");
  });

  it("answers a rate-limited sign-in with 429: the page again, or SvelteKit's failure result whose error is RateLimited", async () => {
    const glue = SvelteKitAuth(
      credentialsConfig({
        rateLimit: { rules: { signInAttempt: { perIp: 100, perAccount: 1, windowSeconds: 60 } } },
      }),
    );
    await postForm(glue, "signIn", credentials("guess"));
    const page = await postForm(glue, "signIn", credentials("guess"));
    expect(page.status).toBe(429);
    expect(page.headers.get("content-type")).toBe("text/html");
    // The page again, showing form.error: the reason, not a server fault ("Configuration").
    expect(await page.text()).toContain('<body>account<p id="error">RateLimited</p></body>');

    const enhanced = await postForm(glue, "signIn", credentials(), { enhanced: true });
    expect(enhanced.headers.get("content-type")).toBe("application/json");
    const result = (await enhanced.json()) as { type: string; status: number; data: string };
    expect(result).toMatchObject({ type: "failure", status: 429 });
    expect(JSON.parse(result.data)).toEqual({ error: "RateLimited" });
  });

  it("refuses a cross-site page post with 403, and the visitor stays signed in", async () => {
    const glue = SvelteKitAuth(credentialsConfig());
    const jar = new CookieJar();
    await postForm(glue, "signIn", credentials(), { jar });
    const response = await postForm(
      glue,
      "signOut",
      {},
      { jar, headers: { origin: "https://evil.example" } },
    );
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("Cross-site form submissions cannot sign in or out.");
    expect(await signedInAs(glue, jar)).toBe("ada@example.test");
  });

  it("refuses a cross-site enhanced post with SvelteKit's error result", async () => {
    const glue = SvelteKitAuth(credentialsConfig());
    const jar = new CookieJar();
    const response = await postForm(glue, "signIn", credentials(), {
      enhanced: true,
      jar,
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({
      type: "error",
      error: { message: "Cross-site form submissions cannot sign in or out." },
    });
    expect(await signedInAs(glue, jar)).toBeUndefined();
  });

  it("does not refuse a post without Origin, which browsers always send on a POST (a client without one rides no visitor's cookies)", async () => {
    const glue = SvelteKitAuth(credentialsConfig());
    const jar = new CookieJar();
    const response = await sendToApp(
      glue,
      `${APP}/account`,
      { action: "signIn", headers: { accept: "text/html" }, body: new URLSearchParams(credentials()) },
      jar,
    );
    expect(response.status).toBe(303);
    expect(await signedInAs(glue, jar)).toBe("ada@example.test");
  });

  it("fails with what to do when the app's hooks do not run latchkey's handle", async () => {
    const glue = SvelteKitAuth(credentialsConfig());
    const event = {
      request: new Request(`${APP}/account`, {
        method: "POST",
        headers: { origin: APP },
        body: new URLSearchParams(credentials()),
      }),
      url: new URL(`${APP}/account`),
      locals: {},
      cookies: { set() {} },
      getClientAddress: () => "203.0.113.7",
    } as unknown as RequestEvent;
    await expect(glue.signIn(event)).rejects.toThrow(/handle hook: export it from src\/hooks\.server\.ts/);
  });

  it("counts sign-in attempts per client address, as the adapter determined it", async () => {
    const glue = SvelteKitAuth(
      credentialsConfig({
        rateLimit: { rules: { signInAttempt: { perIp: 2, perAccount: 100, windowSeconds: 60 } } },
      }),
    );
    const guess = (clientAddress: string) =>
      postForm(glue, "signIn", credentials("guess"), { clientAddress }).then((response) => response.status);
    expect([await guess("198.51.100.1"), await guess("198.51.100.1"), await guess("198.51.100.1")]).toEqual([
      303, 303, 429,
    ]);
    // Another visitor is not locked out by the first one's guesses.
    expect(await guess("198.51.100.2")).toBe(303);
  });

  it("attack: a client's X-Forwarded-For never becomes its address in the actions, even where the config trusts it", async () => {
    // SvelteKit's adapter applies the proxy headers it is told to trust; what reaches the action
    // beside them is the client's own.
    const glue = SvelteKitAuth(
      credentialsConfig({
        rateLimit: {
          trustForwardedFor: true,
          rules: { signInAttempt: { perIp: 2, perAccount: 100, windowSeconds: 60 } },
        },
      }),
    );
    const statuses: number[] = [];
    for (let guess = 1; guess <= 3; guess++) {
      const headers = { "x-forwarded-for": `192.0.2.${guess}` };
      const response = await postForm(glue, "signIn", credentials("guess"), {
        clientAddress: "198.51.100.1",
        headers,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([303, 303, 429]);
  });

  it("refuses an action posted as anything but a form, with 400 and why", async () => {
    const glue = SvelteKitAuth(credentialsConfig());
    const response = await sendToApp(glue, `${APP}/account`, {
      action: "signIn",
      headers: { origin: APP, accept: "text/html", "content-type": "application/json" },
      body: JSON.stringify(credentials()),
      clientAddress: "198.51.100.1",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The sign-in and sign-out actions take a form.");
  });

  it("without redirectTo returns to the page the form was on, from the Referer", async () => {
    const glue = SvelteKitAuth(credentialsConfig());
    const jar = new CookieJar();
    const referer = { referer: `${APP}/account?tab=security` };
    const { redirectTo: _, ...fields } = credentials();
    const signIn = await postForm(glue, "signIn", fields, { jar, headers: referer });
    expect(signIn.headers.get("location")).toBe(`${APP}/account?tab=security`);
    const signOut = await postForm(glue, "signOut", {}, { jar, headers: referer });
    expect(signOut.headers.get("location")).toBe(`${APP}/account?tab=security`);
  });

  it("without redirectTo or Referer returns to the app's root, not to a page remembered from an earlier sign-in", async () => {
    const glue = SvelteKitAuth(credentialsConfig());
    // Left by an OAuth sign-in that was started and abandoned.
    const jar = new CookieJar({ "authjs.callback-url": encodeURIComponent(`${APP}/admin`) });
    const signIn = await postForm(glue, "signIn", { username: "ada", password: "correct horse" }, { jar });
    expect(signIn.headers.get("location")).toBe("/auth/signin?callbackUrl=%2F");
    const signedIn = await postForm(
      glue,
      "signIn",
      { providerId: "credentials", username: "ada", password: "correct horse" },
      { jar },
    );
    expect(signedIn.headers.get("location")).toBe(`${APP}/`);
    const signOut = await postForm(glue, "signOut", {}, { jar });
    expect(signOut.headers.get("location")).toBe(`${APP}/`);
  });
});
