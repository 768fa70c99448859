/**
 * The Next.js fixture app in Chromium, as its users meet it: the proxy sends a signed-out visitor
 * to the app's login page, the login form's server action signs in (and reports a wrong password),
 * the server component shows the session, a server action and `latchkey/react`'s `update()` update
 * it through the `jwt` callback, and a server action signs out. The app is installed from the packed
 * tarball and built with plain `next build` (Turbopack), as a user's is (fixture-build.ts).
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { type Browser, launchChromium } from "../e2e/support/chromium.js";
import { type RunningApp, startNextFixture } from "./fixture-server.js";

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([startNextFixture(), launchChromium()]);
}, 90_000);
afterAll(async () => {
  await Promise.all([browser?.close(), app?.stop()]);
});

test("signs in through the proxy's redirect, updates the session from a server action, and signs out", async () => {
  const page = await browser.context.newPage();

  await page.goto(`${app.origin}/protected`);
  expect(new URL(page.url()).pathname).toBe("/login");
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe(`${app.origin}/protected`);

  await page.getByLabel("Username").fill("ada");
  await page.getByLabel("Password").fill("wrong");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.searchParams.get("error") === "CredentialsSignin");
  expect(await page.locator("#error").textContent()).toBe("CredentialsSignin");

  await page.goto(`${app.origin}/protected`);
  await page.getByLabel("Username").fill("ada");
  await page.getByLabel("Password").fill("correct horse");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${app.origin}/protected`);
  expect(await page.locator("#protected").textContent()).toBe("Protected content for ada@example.test");

  await page.goto(`${app.origin}/`);
  expect(await page.locator("#status").textContent()).toBe("Signed in as ada@example.test");
  expect(await page.locator("#nickname").textContent()).toBe("no nickname");
  await page.getByLabel("Nickname").fill("The Countess");
  await page.getByRole("button", { name: "Rename", exact: true }).click();
  await expect.poll(() => page.locator("#nickname").textContent()).toBe("The Countess");
  // The re-issued cookie carries it: a fresh request reads it from the token, not from the page.
  const whoami = await page.request.get(`${app.origin}/api/whoami`);
  expect(await whoami.json()).toEqual({ email: "ada@example.test", nickname: "The Countess" });

  // latchkey/react in the same app: useSession() reads it, and its update() reaches the server's
  // jwt callback (trigger "update"), whose re-issued cookie the server component then reads.
  await page.reload();
  await expect.poll(() => page.locator("#client-status").textContent()).toBe("authenticated");
  expect(await page.locator("#client-nickname").textContent()).toBe("The Countess");
  await page.getByRole("button", { name: "Rename from the client" }).click();
  await expect.poll(() => page.locator("#client-nickname").textContent()).toBe("Ada from the client");
  await page.reload();
  expect(await page.locator("#nickname").textContent()).toBe("Ada from the client");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect.poll(() => page.locator("#status").textContent()).toBe("Signed out");
  await page.goto(`${app.origin}/protected`);
  expect(new URL(page.url()).pathname).toBe("/login");
  await page.close();
});

test("latchkey's default sign-in, error and sign-out pages sign in and out of the same app", async () => {
  const page = await browser.context.newPage();
  const signInPage = `${app.origin}/api/default-auth/signin?callbackUrl=${encodeURIComponent("/protected")}`;

  await page.goto(signInPage);
  await page.getByLabel("Username").fill("ada");
  await page.getByLabel("Password").fill("wrong");
  await page.getByRole("button", { name: "Sign in with Credentials" }).click();
  await page.waitForURL((url) => url.searchParams.get("error") === "CredentialsSignin");
  expect(new URL(page.url()).pathname).toBe("/api/default-auth/signin");

  await page.getByLabel("Username").fill("ada");
  await page.getByLabel("Password").fill("correct horse");
  await page.getByRole("button", { name: "Sign in with Credentials" }).click();
  await page.waitForURL(`${app.origin}/protected`);
  // The proxy and the server component of the other NextAuth() read the session these pages made.
  expect(await page.locator("#protected").textContent()).toBe("Protected content for ada@example.test");

  await page.goto(`${app.origin}/api/default-auth/signout`);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/api/default-auth/signout"));
  await page.goto(`${app.origin}/protected`);
  expect(new URL(page.url()).pathname).toBe("/login");
  await page.close();
});
