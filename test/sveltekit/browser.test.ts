/**
 * The SvelteKit fixture's production build (latchkey from the tarball, adapter-node, `node build`)
 * in Chromium, as a user clicks through it: a protected page's redirect to latchkey's default
 * sign-in page behind SvelteKit's origin check, the signIn/signOut form actions (plain and
 * `use:enhance`), latchkey/sveltekit/components' `<SignIn>` and `<SignOut>` (filled from runes-mode
 * snippets and from a legacy-mode `slot=`), the default sign-out page, and latchkey/client finding
 * the glue's base path on its own.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, launchChromium, watchPageProblems } from "../e2e/support/chromium.js";
import { buildSvelteKitFixture, type RunningApp, serveSvelteKitFixture } from "./fixture-build.js";

let app: RunningApp;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  const { dir } = await buildSvelteKitFixture(); // a cache hit after global-setup.ts
  app = await serveSvelteKitFixture(dir);
  origin = app.origin;
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  app?.stop();
});

async function openPage() {
  await browser.context.clearCookies();
  const page = await browser.context.newPage();
  return { page, problems: watchPageProblems(page) };
}

const text = async (page: Page, selector: string) => (await page.locator(selector).textContent())?.trim();

describe("the SvelteKit fixture, built from the tarball, in Chromium", () => {
  it("protected page → default sign-in page (wrong password, then right) → back; default sign-out page", {
    timeout: 60_000,
  }, async () => {
    const { page, problems } = await openPage();
    try {
      await page.goto(`${origin}/protected`);
      expect(page.url()).toBe(`${origin}/auth/signin?callbackUrl=%2Fprotected`);

      await page.getByLabel("Username").fill("ada");
      await page.getByLabel("Password").fill("guess");
      await page.getByRole("button", { name: "Sign in with Credentials" }).click();
      await page.waitForURL(/\/auth\/signin\?.*error=CredentialsSignin/);

      await page.getByLabel("Username").fill("ada");
      await page.getByLabel("Password").fill("correct horse");
      await Promise.all([
        page.waitForURL(`${origin}/protected`),
        page.getByRole("button", { name: "Sign in with Credentials" }).click(),
      ]);
      expect(await text(page, "#secret")).toBe("Members only: ada@example.test");

      await page.goto(`${origin}/auth/signout`);
      await Promise.all([
        page.waitForURL(`${origin}/auth/signin?callbackUrl=%2Fprotected`),
        page.getByRole("button", { name: "Sign out" }).click(),
      ]);
      await page.goto(origin);
      expect(await text(page, "#greeting")).toBe("Not signed in");
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("the form actions on the home page: sign in, then sign out (plain and enhanced)", {
    timeout: 60_000,
  }, async () => {
    const { page, problems } = await openPage();
    try {
      await page.goto(origin);
      await page.locator('input[name="username"]').fill("ada");
      await page.locator('input[name="password"]').fill("correct horse");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.locator("#greeting", { hasText: "Signed in as Ada Lovelace" }).waitFor();

      // use:enhance: the action answers with SvelteKit's action result, which the page follows.
      await page.getByRole("button", { name: "Sign out (enhanced)" }).click();
      await page.locator("#greeting", { hasText: "Not signed in" }).waitFor();

      await page.locator('input[name="username"]').fill("ada");
      await page.locator('input[name="password"]').fill("correct horse");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.locator("#greeting", { hasText: "Signed in as Ada Lovelace" }).waitFor();
      await page.getByRole("button", { name: "Sign out", exact: true }).click();
      await page.locator("#greeting", { hasText: "Not signed in" }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("latchkey/sveltekit/components: <SignIn> with the credentials snippet signs in (a wrong password reaches the sign-in page's error); <SignOut> with a legacy slot signs out", {
    timeout: 60_000,
  }, async () => {
    const { page, problems } = await openPage();
    try {
      await page.goto(`${origin}/signin`);
      await page.getByLabel("Username").fill("ada");
      await page.getByLabel("Password").fill("guess");
      await page.getByRole("button", { name: "Sign in with a password" }).click();
      await page.waitForURL(/\/auth\/signin\?.*error=CredentialsSignin/);

      await page.goto(`${origin}/signin`);
      await page.getByLabel("Username").fill("ada");
      await page.getByLabel("Password").fill("correct horse");
      await Promise.all([
        page.waitForURL(`${origin}/protected`),
        page.getByRole("button", { name: "Sign in with a password" }).click(),
      ]);
      expect(await text(page, "#secret")).toBe("Members only: ada@example.test");

      await page.goto(`${origin}/signout`);
      await Promise.all([
        page.waitForURL(`${origin}/`),
        page.getByRole("button", { name: "Sign out of the fixture" }).click(),
      ]);
      await page.locator("#greeting", { hasText: "Not signed in" }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("latchkey/client finds the glue's base path (/auth) without configureClient", {
    timeout: 60_000,
  }, async () => {
    const { page, problems } = await openPage();
    try {
      await page.goto(`${origin}/client`);
      await page.getByRole("button", { name: "Sign in from the client" }).click();
      await page.locator("#client-status", { hasText: /signed in|failed/ }).waitFor();
      expect(await text(page, "#client-status")).toBe("signed in as Ada Lovelace");
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
