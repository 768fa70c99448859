/**
 * A next-auth v4 app on the Next.js Pages Router (test/fixtures/next-pages-app), switched to
 * `latchkey/next/pages` and `latchkey/next/middleware` as docs/migrating.md tells: installed from
 * the packed tarball, built with plain `next build` (Turbopack), run with `next start`. Chromium
 * signs in on the default pages through `getServerSideProps`' redirect; a session cookie minted by
 * the real next-auth@4 before the switch stays valid (`migrate: { nextAuthV4: true }`).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Browser, launchChromium } from "../e2e/support/chromium.js";
import { loadNextAuthV4 } from "../oracles/next-auth-v4.js";
import { buildNextPagesFixture } from "./fixture-build.js";
import { FIXTURE_SECRET, type RunningApp, startNextFixture } from "./fixture-server.js";

let app: RunningApp;
beforeAll(async () => {
  const { dir, built, milliseconds } = await buildNextPagesFixture();
  console.log(
    `[next pages fixture] ${built ? "built" : "reused"} test/fixtures/next-pages-app (${(milliseconds / 1000).toFixed(1)} s)`,
  );
  app = await startNextFixture({}, dir);
}, 600_000);
afterAll(async () => {
  await app?.stop();
});

describe("in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  test("getServerSideProps sends a visitor to the default sign-in page; signing in there opens the page, the middleware's page, and signs out", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${app.origin}/protected`);
    expect(new URL(page.url()).pathname).toBe("/api/auth/signin");

    await page.getByLabel("Username").fill("ada");
    await page.getByLabel("Password").fill("correct horse");
    await page.getByRole("button", { name: "Sign in with Credentials" }).click();
    await page.waitForURL(`${app.origin}/protected`);
    expect(await page.locator("#protected").textContent()).toBe("Protected content for ada@example.test");

    await page.goto(`${app.origin}/mw`);
    expect(await page.locator("#middleware").textContent()).toBe("Let through by the middleware");
    expect(await (await page.request.get(`${app.origin}/api/whoami`)).json()).toEqual({
      email: "ada@example.test",
    });

    await page.goto(`${app.origin}/api/auth/signout`);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/api/auth/signout"));
    await page.goto(`${app.origin}/`);
    expect(await page.locator("#status").textContent()).toBe("Signed out");
    await page.goto(`${app.origin}/mw`);
    expect(new URL(page.url()).pathname).toBe("/api/auth/signin");
    await page.close();
  });
});

describe("over HTTP", () => {
  test("the middleware sends a visitor without a session to sign-in, with the page as callbackUrl", async () => {
    const response = await fetch(`${app.origin}/mw?tab=2`, { redirect: "manual" });
    expect(response.status).toBe(307);
    const location = new URL(response.headers.get("location") ?? "", app.origin);
    expect(location.pathname).toBe("/api/auth/signin");
    expect(location.searchParams.get("callbackUrl")).toBe("/mw?tab=2");
  });

  test("a session cookie next-auth@4 minted before the switch is read by getServerSession", async () => {
    const v4 = loadNextAuthV4();
    const token = await v4.jwt.encode({
      secret: FIXTURE_SECRET,
      token: { sub: "user-grace", name: "Grace Hopper", email: "grace@example.test" },
    });
    const cookie = `next-auth.session-token=${token}`;
    const whoami = await fetch(`${app.origin}/api/whoami`, { headers: { cookie } });
    expect(await whoami.json()).toEqual({ email: "grace@example.test" });
    const protectedPage = await fetch(`${app.origin}/protected`, { headers: { cookie }, redirect: "manual" });
    expect(protectedPage.status).toBe(200);
    expect((await protectedPage.text()).replace(/<!-- -->/g, "")).toContain(
      "Protected content for grace@example.test",
    );
  });

  test("a forged next-auth v4 cookie is no session", async () => {
    const v4 = loadNextAuthV4();
    const token = await v4.jwt.encode({
      secret: "a-secret-this-app-never-had-0123456789",
      token: { sub: "user-mallory", email: "mallory@example.test" },
    });
    const whoami = await fetch(`${app.origin}/api/whoami`, {
      headers: { cookie: `next-auth.session-token=${token}` },
    });
    expect(await whoami.json()).toEqual({ email: null });
  });

  test("latchkey/node's toNodeHandler serves from a Pages Router API route", async () => {
    const response = await fetch(`${app.origin}/api/node-auth/providers`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      credentials: { signinUrl: `${app.origin}/api/node-auth/signin/credentials` },
    });
  });
});
