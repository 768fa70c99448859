/**
 * `latchkey/client` and `latchkey/react` in a real browser (Debian's Chromium through
 * playwright-core) against the real handler over HTTP: no mocked fetch. The app (./app/server.ts)
 * serves the handler at `/api/auth`, a page with the client as `window.latchkey`, and a React page
 * with `SessionProvider` and `useSession`. One browser for the file; each test opens its own pages
 * on a context whose cookies are cleared first.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  addVirtualAuthenticator,
  type Browser,
  launchChromium,
  watchPageProblems,
} from "../e2e/support/chromium.js";
import { lastMail } from "../flows/email/helpers.js";
import { type ClientApp, PASSWORD, startClientApp } from "./app/server.js";

let browser: Browser;
let app: ClientApp;
let origin: string;

beforeAll(async () => {
  [browser, app] = await Promise.all([launchChromium(), startClientApp()]);
  origin = app.origin;
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const opened: Page[] = [];
const problemsSeen: string[][] = [];
beforeEach(async () => {
  await browser.context.clearCookies();
  return async () => {
    const problems = problemsSeen.splice(0).flat();
    await Promise.all(opened.splice(0).map((page) => page.close()));
    expect(problems).toEqual([]);
  };
});

/** A new tab at `path`, its uncaught errors collected for the end of the test. */
async function openPage(path: string, options: { withoutBroadcastChannel?: boolean } = {}): Promise<Page> {
  const page = await browser.context.newPage();
  opened.push(page);
  problemsSeen.push(watchPageProblems(page));
  if (options.withoutBroadcastChannel) {
    await page.addInitScript(() => {
      Reflect.deleteProperty(globalThis, "BroadcastChannel");
    });
  }
  await page.goto(`${origin}${path}`);
  return page;
}

/** The client page, ready: `window.latchkey` is set once its module ran. */
async function clientPage(path = "/"): Promise<Page> {
  const page = await openPage(path);
  await page.waitForFunction(() => window.latchkey !== undefined);
  return page;
}

const sessionIn = (page: Page) => page.evaluate(() => window.latchkey.getSession());

/** Signs the context out behind the page's back: no client call, so no tab hears of it. */
async function signOutBehindTheScenes(page: Page): Promise<void> {
  const { csrfToken } = (await (await page.request.get(`${origin}/api/auth/csrf`)).json()) as {
    csrfToken: string;
  };
  await page.request.post(`${origin}/api/auth/signout`, { form: { csrfToken }, maxRedirects: 0 });
  expect(await (await page.request.get(`${origin}/api/auth/session`)).json()).toBeNull();
}

describe("latchkey/client", () => {
  it("reads the CSRF token, the providers and the session from the handler", async () => {
    const page = await clientPage();
    const read = await page.evaluate(async () => {
      const { getCsrfToken, getProviders, getSession } = window.latchkey;
      return {
        csrfToken: await getCsrfToken(),
        providers: await getProviders(),
        session: await getSession(),
      };
    });
    expect(read.csrfToken).toMatch(/^[\w-]{32,}$/);
    expect(Object.values(read.providers).map(({ id, type }) => [id, type])).toEqual([
      ["credentials", "credentials"],
      ["email", "email"],
      ["op", "oidc"],
      ["passkey", "webauthn"],
    ]);
    expect(read.providers.op?.signinUrl).toBe(`${origin}/api/auth/signin/op`);
    expect(read.session).toBeNull();
  });

  it("rejects with a ClientFetchError naming basePath when the handler is not there", async () => {
    const page = await clientPage();
    const failure = await page.evaluate(async () => {
      const { configureClient, getSession } = window.latchkey;
      configureClient({ basePath: "/auth" }); // this app mounts the handler at /api/auth
      try {
        return { resolved: await getSession() };
      } catch (error) {
        const { name, status, message } = error as InstanceType<typeof window.latchkey.ClientFetchError>;
        return { name, status, message };
      } finally {
        configureClient({ basePath: "/api/auth" });
      }
    });
    expect(failure).toEqual({
      name: "ClientFetchError",
      status: 404,
      message: expect.stringMatching(
        /^GET http:\/\/localhost:\d+\/auth\/session answered 404 without JSON: is the client's basePath/,
      ),
    });
  });

  it("signs in with credentials on the page (redirect: false): a wrong password, then the right one", async () => {
    const page = await clientPage();
    const attempt = (password: string) =>
      page.evaluate(
        ([password, redirectTo]) =>
          window.latchkey.signIn("credentials", { username: "ada", password, redirect: false, redirectTo }),
        [password, `${origin}/landing`] as const,
      );
    expect(await attempt("wrong horse")).toEqual({
      error: "CredentialsSignin",
      code: "credentials",
      status: 200,
      ok: false,
      url: null,
    });
    expect(await sessionIn(page)).toBeNull();

    expect(await attempt(PASSWORD)).toEqual({
      error: undefined,
      code: undefined,
      status: 200,
      ok: true,
      url: `${origin}/landing`,
    });
    expect(page.url()).toBe(`${origin}/`);
    expect((await sessionIn(page))?.user?.name).toBe("ada");
  });

  it("signs in with credentials by navigation, and a wrong password lands on the sign-in page with the error", async () => {
    const page = await clientPage();
    await Promise.all([
      page.waitForURL(/\/api\/auth\/signin\?/),
      page.evaluate(() => {
        void window.latchkey.signIn("credentials", { username: "ada", password: "wrong" });
      }),
    ]);
    const refused = new URL(page.url());
    expect(refused.searchParams.get("error")).toBe("CredentialsSignin");
    expect(refused.searchParams.get("code")).toBe("credentials");

    await page.goto(`${origin}/`);
    await page.waitForFunction(() => window.latchkey !== undefined);
    await Promise.all([
      page.waitForURL(`${origin}/landing`),
      page.evaluate(
        ([password, redirectTo]) => {
          void window.latchkey.signIn("credentials", { username: "ada", password, redirectTo });
        },
        [PASSWORD, `${origin}/landing`] as const,
      ),
    ]);
    await page.waitForFunction(() => window.latchkey !== undefined);
    expect((await sessionIn(page))?.user?.name).toBe("ada");
  });

  it("signs out on the page (redirect: false), and by navigation", async () => {
    const page = await clientPage();
    const signInAda = (password: string) =>
      page.evaluate(
        (password) => window.latchkey.signIn("credentials", { username: "ada", password, redirect: false }),
        password,
      );
    expect((await signInAda(PASSWORD)).ok).toBe(true);
    expect(
      await page.evaluate(
        (redirectTo) => window.latchkey.signOut({ redirect: false, redirectTo }),
        `${origin}/landing`,
      ),
    ).toEqual({ url: `${origin}/landing` });
    expect(await sessionIn(page)).toBeNull();

    expect((await signInAda(PASSWORD)).ok).toBe(true);
    await Promise.all([
      page.waitForURL(`${origin}/landing`),
      page.evaluate((callbackUrl) => {
        // The deprecated name still works.
        void window.latchkey.signOut({ callbackUrl });
      }, `${origin}/landing`),
    ]);
    await page.waitForFunction(() => window.latchkey !== undefined);
    expect(await sessionIn(page)).toBeNull();
  });

  it("OpenID Connect: posts the form, signs in at the provider, and lands signed in", async () => {
    const page = await clientPage();
    const authorization = page.waitForRequest((request) =>
      request.url().startsWith(`${app.op.issuer}/auth?`),
    );
    await page.evaluate((redirectTo) => {
      void window.latchkey.signIn("op", { redirectTo }, { login_hint: "alice" });
    }, `${origin}/landing`);
    const request = new URL((await authorization).url());
    expect(request.searchParams.get("login_hint")).toBe("alice");
    expect(request.searchParams.get("redirect_uri")).toBe(`${origin}/api/auth/callback/op`);

    // oidc-provider's development login page; any password signs in a known account.
    await page.locator('input[name="login"]').fill("alice");
    await page.locator('input[name="password"]').fill("any");
    await Promise.all([page.waitForURL(`${origin}/landing`), page.locator('button[type="submit"]').click()]);
    await page.waitForFunction(() => window.latchkey !== undefined);
    expect((await sessionIn(page))?.user?.email).toBe("alice@example.test");
  });

  it("OpenID Connect with redirect: false resolves with the authorization URL instead of leaving", async () => {
    const page = await clientPage();
    const result = await page.evaluate(() => window.latchkey.signIn("op", { redirect: false }));
    expect(result.ok).toBe(true);
    expect(result.url?.startsWith(`${app.op.issuer}/auth?`)).toBe(true);
    expect(page.url()).toBe(`${origin}/`);
  });

  it("e-mail: mails a code, which signIn then finishes with", async () => {
    const page = await clientPage();
    const email = "lin@example.test";
    const mailed = await page.evaluate(
      (email) => window.latchkey.signIn("email", { email, redirect: false }),
      email,
    );
    expect(mailed).toMatchObject({ error: undefined, ok: true, status: 200 });
    expect(new URL(mailed.url ?? "").pathname).toBe("/api/auth/verify-request");
    expect(await sessionIn(page)).toBeNull();

    const { code } = lastMail(app.outbox);
    const wrong = await page.evaluate(
      (email) => window.latchkey.signIn("email", { email, code: "000000", redirect: false }),
      email,
    );
    expect(wrong).toMatchObject({ error: "Verification", ok: false, url: null });
    const right = await page.evaluate(
      ([email, code]) => window.latchkey.signIn("email", { email, code, redirect: false }),
      [email, code as string] as const,
    );
    expect(right).toMatchObject({ error: undefined, ok: true });
    expect((await sessionIn(page))?.user?.email).toBe(email);
  });

  it("passkeys: creates one while signed out, then signs in with it by button and from autofill", async () => {
    const page = await clientPage();
    const authenticator = await addVirtualAuthenticator(page);
    const created = await page.evaluate(() =>
      window.latchkey.signIn("passkey", { email: "grace@example.test", action: "register", redirect: false }),
    );
    expect(created).toMatchObject({ error: undefined, ok: true });
    expect((await sessionIn(page))?.user?.email).toBe("grace@example.test");
    const [credential] = await authenticator.credentials();
    expect(credential?.isResidentCredential).toBe(true);

    await page.evaluate(() => window.latchkey.signOut({ redirect: false }));
    const signedIn = await page.evaluate(() => window.latchkey.signIn("passkey", { redirect: false }));
    expect(signedIn).toMatchObject({ error: undefined, ok: true });
    expect((await sessionIn(page))?.user?.email).toBe("grace@example.test");

    // Conditional UI: the page has `autocomplete="username webauthn"`; the virtual authenticator
    // picks the passkey from the autofill as a user would.
    await page.evaluate(() => window.latchkey.signOut({ redirect: false }));
    const autofilled = await page.evaluate(() =>
      window.latchkey.signInWithPasskeyAutofill({ redirect: false }),
    );
    expect(autofilled).toMatchObject({ error: undefined, ok: true });
    expect((await sessionIn(page))?.user?.email).toBe("grace@example.test");
    const [used] = await authenticator.credentials();
    expect(used?.signCount).toBeGreaterThan(credential?.signCount ?? 0);
  });

  it("passkeys: registers one for the signed-in user, who then signs in with it", async () => {
    const page = await clientPage();
    const authenticator = await addVirtualAuthenticator(page);
    const email = "mo@example.test";
    await page.evaluate((email) => window.latchkey.signIn("email", { email, redirect: false }), email);
    const { code } = lastMail(app.outbox);
    await page.evaluate(
      ([email, code]) => window.latchkey.signIn("email", { email, code, redirect: false }),
      [email, code as string] as const,
    );
    const user = await app.adapter.getUserByEmail?.(email);
    expect(user).toBeTruthy();

    expect(await page.evaluate(() => window.latchkey.registerPasskey({ redirect: false }))).toMatchObject({
      ok: true,
    });
    const [credential] = await authenticator.credentials();
    expect(await app.adapter.listAuthenticatorsByUserId?.(user?.id as string)).toEqual([
      expect.objectContaining({ credentialID: credential?.id }),
    ]);

    await page.evaluate(() => window.latchkey.signOut({ redirect: false }));
    expect(await page.evaluate(() => window.latchkey.signIn("passkey", { redirect: false }))).toMatchObject({
      ok: true,
    });
    expect((await sessionIn(page))?.user?.email).toBe(email);
  });

  it("passkeys: an autofill request waits for the user, and aborted it resolves undefined", async () => {
    // No authenticator answers, so the conditional request waits as it would for a user who has
    // not opened the autofill yet (a virtual authenticator would answer "no passkey" at once).
    const page = await clientPage();
    const outcome = await page.evaluate(async () => {
      const available = await PublicKeyCredential.isConditionalMediationAvailable();
      const stop = new AbortController();
      const pending = window.latchkey.signInWithPasskeyAutofill({ redirect: false, signal: stop.signal });
      const waited = await Promise.race([
        pending.then(() => "settled"),
        new Promise((resolve) => setTimeout(() => resolve("still waiting"), 500)),
      ]);
      stop.abort();
      return {
        available,
        waited,
        result: (await pending) ?? "undefined",
        session: await window.latchkey.getSession(),
      };
    });
    expect(outcome).toEqual({ available: true, waited: "still waiting", result: "undefined", session: null });
  });
});

describe("latchkey/react", () => {
  const status = (page: Page) => page.getByTestId("status");

  async function reactPage(query = "", options: { withoutBroadcastChannel?: boolean } = {}): Promise<Page> {
    const page = await openPage(`/react${query}`, options);
    await status(page).waitFor();
    return page;
  }

  async function signInThroughTheButton(page: Page): Promise<void> {
    await expect.poll(() => status(page).textContent()).toBe("unauthenticated");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => status(page).textContent()).toBe("authenticated");
  }

  it("useSession goes loading → unauthenticated → authenticated → unauthenticated with signIn and signOut", async () => {
    const page = await reactPage("?focus=0");
    await signInThroughTheButton(page);
    expect(await page.getByTestId("name").textContent()).toBe("ada");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect.poll(() => status(page).textContent()).toBe("unauthenticated");
    expect(await page.evaluate(() => window.statusLog)).toEqual([
      "loading",
      "unauthenticated",
      "authenticated",
      "unauthenticated",
    ]);
  });

  it("a SessionProvider handed useSession's data while it loads fetches the session itself, as next-auth's does", async () => {
    const page = await reactPage("?focus=0");
    await signInThroughTheButton(page);
    await page.goto(`${origin}/react?focus=0&nested=1`);
    await expect.poll(() => status(page).textContent()).toBe("authenticated");
    expect(await page.getByTestId("name").textContent()).toBe("ada");
  });

  it("update() reaches the jwt callback with trigger update, and the new session is shown", async () => {
    const page = await reactPage("?focus=0");
    await signInThroughTheButton(page);
    app.updates.length = 0;
    await page.getByRole("button", { name: "Rename" }).click();
    await expect.poll(() => page.getByTestId("name").textContent()).toBe("Ada Lovelace");
    expect(app.updates).toEqual([{ name: "Ada Lovelace" }]);
    expect((await (await page.request.get(`${origin}/api/auth/session`)).json()).user.name).toBe(
      "Ada Lovelace",
    );
  });

  it("required: calls onUnauthenticated for a signed-out user, and the status stays loading", async () => {
    const page = await reactPage("?required=callback&focus=0");
    await expect.poll(() => page.evaluate(() => window.unauthenticatedCalls)).toBe(1);
    expect(await status(page).textContent()).toBe("loading");
    expect(await page.evaluate(() => window.statusLog)).toEqual(["loading"]);
  });

  it("required without onUnauthenticated: sends the user to the sign-in page with SessionRequired", async () => {
    const page = await browser.context.newPage();
    opened.push(page);
    await Promise.all([
      page.waitForURL(/\/api\/auth\/signin\?/),
      page.goto(`${origin}/react?required=redirect`),
    ]);
    const url = new URL(page.url());
    expect(url.searchParams.get("error")).toBe("SessionRequired");
    expect(url.searchParams.get("callbackUrl")).toBe(`${origin}/react?required=redirect`);
  });

  it("refetches when the tab becomes visible again, unless refetchOnWindowFocus is false", async () => {
    const watching = await reactPage();
    const ignoring = await reactPage("?focus=0");
    await signInThroughTheButton(watching);
    await expect.poll(() => status(ignoring).textContent()).toBe("authenticated"); // told by the other tab
    await signOutBehindTheScenes(watching);
    for (const page of [watching, ignoring]) {
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    }
    await expect.poll(() => status(watching).textContent()).toBe("unauthenticated");
    expect(await status(ignoring).textContent()).toBe("authenticated");
  });

  it("refetches every refetchInterval seconds", async () => {
    const page = await reactPage("?interval=1&focus=0");
    await signInThroughTheButton(page);
    await signOutBehindTheScenes(page);
    expect(await status(page).textContent()).toBe("authenticated");
    await expect.poll(() => status(page).textContent(), { timeout: 5_000 }).toBe("unauthenticated");
  });

  it.each([
    ["over a BroadcastChannel", false],
    ["over storage events where BroadcastChannel is missing", true],
  ])("a sign-out in one tab signs the other tab out, %s", async (_, withoutBroadcastChannel) => {
    const first = await reactPage("?focus=0", { withoutBroadcastChannel });
    const second = await reactPage("?focus=0", { withoutBroadcastChannel });
    expect(await first.evaluate(() => typeof BroadcastChannel)).toBe(
      withoutBroadcastChannel ? "undefined" : "function",
    );
    await signInThroughTheButton(first);
    await expect.poll(() => status(second).textContent()).toBe("authenticated");
    await first.getByRole("button", { name: "Sign out" }).click();
    await expect.poll(() => status(second).textContent()).toBe("unauthenticated");
    expect(await second.evaluate(() => window.statusLog)).toEqual([
      "loading",
      "unauthenticated",
      "authenticated",
      "unauthenticated",
    ]);
  });
});
