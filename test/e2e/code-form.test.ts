/**
 * The one-time code form in a real browser (Debian's Chromium through playwright-core), as a new
 * user meets it: the address typed on the sign-in page is already in the code form; a mistyped code
 * brings the form back saying how many tries are left; after the last one, "Send a new code" mails
 * one and that code signs in. Also the pages a lost sign-in and a broken link land on, and what the
 * passkey block says when the server refuses to create a passkey. Screenshots
 * of each page go to test-artifacts/pages/ (gitignored).
 */
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryTables, MemoryAdapter } from "../../src/adapters/memory.js";
import { Auth, type AuthConfig } from "../../src/index.js";
import OAuth from "../../src/providers/oauth.js";
import Passkey from "../../src/providers/passkey.js";
import { MemoryStore } from "../../src/store/memory.js";
import { lastMail, type Outbox, outboxProvider } from "../flows/email/helpers.js";
import { startServer, type TestServer } from "../node/server.js";
import { type Browser, launchChromium, watchPageProblems } from "./support/chromium.js";

const SECRET = "e2e-code-form-secret-0123456789abcdefghijklmnopqrstuvwxyz";
const SHOTS = fileURLToPath(new URL("../../test-artifacts/pages/", import.meta.url));
const HOME = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Home</title></head><body><main><h1>Home</h1></main></body></html>`;

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });
}

let browser: Browser;
let server: TestServer;
let origin: string;
let outbox: Outbox;
let config: AuthConfig;

beforeAll(async () => {
  outbox = outboxProvider({ otp: true });
  const adapter = MemoryAdapter(createMemoryTables());
  await adapter.createUser({ id: "grace", email: "grace@example.test", emailVerified: new Date() });
  config = {
    secret: SECRET,
    trustHost: true,
    adapter,
    store: new MemoryStore(),
    rateLimit: false,
    providers: [
      outbox.provider,
      OAuth({
        id: "acme",
        name: "Acme",
        authorization: "https://as.example/authorize",
        token: "http://127.0.0.1:9/token",
        userinfo: "https://as.example/me",
        clientId: "acme-client",
        clientSecret: "acme-secret",
      }),
      Passkey(),
    ],
  };
  server = await startServer(async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith("/auth/")) return Auth(request, config);
    return new Response(HOME, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  });
  origin = `http://localhost:${server.port}`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const alertOf = (page: Page) => page.locator("[role=alert]").innerText();

describe("the one-time code form in Chromium", () => {
  it("keeps the address, counts the tries down, mails a new code after the last, and that code signs in", async () => {
    const page = await browser.context.newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${origin}/auth/signin`);
    await page.fill("input[name=email]", "ada@example.test");
    await page.click("text=Sign in with Email");
    await page.waitForURL(/\/auth\/verify-request/);
    expect(await page.inputValue("#input-email-for-code")).toBe("ada@example.test");
    await shot(page, "verify-request");

    const wrong = String((Number(lastMail(outbox).code) + 1) % 1_000_000).padStart(6, "0");
    await page.fill("#input-code", wrong);
    await page.click("text=Sign in with code");
    await page.waitForURL(/attemptsLeft=4/);
    expect(await alertOf(page)).toContain("4 tries left");
    expect(await page.inputValue("#input-email-for-code")).toBe("ada@example.test");
    await shot(page, "verify-request-wrong-code");

    for (const left of [3, 2, 1, 0]) {
      await page.fill("#input-code", wrong);
      await page.click("text=Sign in with code");
      await page.waitForURL(new RegExp(`attemptsLeft=${left}`));
    }
    expect(await alertOf(page)).toContain("that was the last try");
    expect(await page.locator("#input-code").count()).toBe(0);
    await shot(page, "verify-request-no-tries-left");

    const mailed = outbox.sent.length;
    await page.click("text=Send a new code");
    await page.waitForURL((url) => url.pathname === "/auth/verify-request" && !url.searchParams.has("error"));
    expect(outbox.sent.length).toBe(mailed + 1);
    expect(await page.inputValue("#input-email-for-code")).toBe("ada@example.test");
    await page.fill("#input-code", String(lastMail(outbox).code));
    await page.click("text=Sign in with code");
    await page.waitForURL(`${origin}/`);
    const session = await page.evaluate(async () => (await fetch("/auth/session")).json());
    expect(session.user.email).toBe("ada@example.test");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("a callback whose check cookie is gone says to start again; a broken link is a 404 page", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${origin}/auth/callback/acme?code=c&state=s`);
    expect(new URL(page.url()).searchParams.get("error")).toBe("InvalidCheck");
    expect(await page.locator("main").innerText()).toContain("Start signing in again");
    await shot(page, "error-invalid-check");

    const notFound = await page.goto(`${origin}/auth/sign-in`);
    expect(notFound?.status()).toBe(404);
    expect(await page.locator("h1").innerText()).toBe("Page not found");
    await shot(page, "not-found");

    await page.goto(`${origin}/auth/error?error=Configuration`);
    await shot(page, "error-configuration");
    await page.goto(`${origin}/auth/signin?error=AccountNotLinked`);
    expect(await page.locator("[role=alert]").innerText()).toContain("Sign in the way you did before");
    await shot(page, "signin-account-not-linked");
    await page.close();
  });

  it("a refused passkey says what to do next in the passkey block, with no docs link", async () => {
    await browser.context.clearCookies(); // signed out: the first test signed Ada in
    const page = await browser.context.newPage();
    // The script is running once it has asked for the options of the autofill (conditional) sign-in.
    const scriptReady = page.waitForResponse((response) => response.url().includes("action=authenticate"));
    await page.goto(`${origin}/auth/signin`);
    await scriptReady;
    const block = page.locator("form[data-passkey]");
    const status = block.locator("[data-passkey-status]");
    await block.getByRole("button", { name: "Create a passkey" }).click();
    await status.waitFor({ state: "visible" });
    expect(await status.innerText()).toBe("Enter your email address, then try again.");

    await block.locator("input[name=email]").fill("grace@example.test");
    await block.getByRole("button", { name: "Create a passkey" }).click();
    await page.waitForFunction(() =>
      /did before/.test(
        document.querySelector("form[data-passkey] [data-passkey-status]")?.textContent ?? "",
      ),
    );
    const said = await status.innerText();
    expect(said).toContain("Sign in the way you did before");
    expect(said).not.toMatch(/docs|errors\.md|stored user/i);
    await shot(page, "signin-passkey-refused");

    // The store that keeps challenges fails: a fault of the site, never "check the server logs".
    const working = config;
    const failing = new MemoryStore();
    failing.setIfAbsent = () => Promise.reject(new Error("connection refused"));
    config = { ...working, store: failing, logger: { error: () => undefined } };
    try {
      await block.locator("input[name=email]").fill("new@example.test");
      await block.getByRole("button", { name: "Create a passkey" }).click();
      await page.waitForFunction(() =>
        /unavailable/.test(
          document.querySelector("form[data-passkey] [data-passkey-status]")?.textContent ?? "",
        ),
      );
      expect(await status.innerText()).toBe(
        "Passkeys are unavailable right now. Try again in a few minutes, or choose another way to sign in.",
      );
    } finally {
      config = working;
    }
    await page.close();
  });
});
