/**
 * The default pages' referrer policy in Chromium, behind an origin check in front of latchkey
 * (Hono's csrf(), which refuses a form POST whose `Origin` is not the app's): every default page's
 * POST must carry the app's origin, and no page URL (the e-mail confirm page's holds a one-time
 * token) may reach another origin in a Referer header. SvelteKit's own origin check meets the same
 * pages in test/sveltekit.
 */
import { serve as serveHono } from "@hono/node-server";
import { Hono } from "hono";
import { csrf } from "hono/csrf";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryTables, MemoryAdapter } from "../../src/adapters/memory.js";
import { authHandler, authSession, initAuthConfig, verifyAuth } from "../../src/hono/index.js";
import type { AuthConfig } from "../../src/index.js";
import Nodemailer from "../../src/providers/nodemailer.js";
import { credentialsConfig } from "../support/framework-http.js";
import { type SmtpSink, startSmtpSink } from "./smtp-sink.js";
import { type Browser, launchChromium, watchPageProblems } from "./support/chromium.js";

/** A logo on another origin: the request Chromium makes for it is answered here, never sent. */
const LOGO = "https://logo.example.test/logo.svg";
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>`;

let browser: Browser;
let sink: SmtpSink;
let origin: string;
let close: () => Promise<void>;

function config(): AuthConfig {
  const base = credentialsConfig();
  return {
    ...base,
    adapter: MemoryAdapter(createMemoryTables()),
    basePath: "/api/auth",
    session: { strategy: "jwt" },
    theme: { logo: LOGO },
    providers: [
      ...base.providers,
      Nodemailer({
        server: { host: "127.0.0.1", port: sink.port, secure: false, ignoreTLS: true },
        from: "latchkey tests <no-reply@app.test>",
      }),
    ],
  };
}

beforeAll(async () => {
  sink = await startSmtpSink();
  const app = new Hono();
  // Hono's CSRF protection as its docs set it up: a form POST from any other origin (or `null`) is refused.
  app.use("*", csrf());
  app.use("*", initAuthConfig(config()));
  app.use("/api/auth/*", authHandler());
  app.use("*", authSession());
  app.get("/", (c) => c.html(`<h1>${c.get("session")?.user?.email ?? "stranger"}</h1>`));
  app.get("/protected", verifyAuth(), (c) =>
    c.html(`<h1>Protected for ${c.get("session")?.user?.name}</h1>`),
  );
  const port = await new Promise<number>((resolve) => {
    const server = serveHono({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
      resolve(info.port),
    );
    close = () => new Promise<void>((done) => server.close(() => done()));
  });
  origin = `http://localhost:${port}`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await close?.();
  await sink?.close();
});

/** A fresh page whose requests to other origins are answered locally, with the Referer each carried. */
async function openPage() {
  await browser.context.clearCookies();
  const page = await browser.context.newPage();
  const foreignReferers: Array<string | null> = [];
  await page.route("https://logo.example.test/**", async (route) => {
    foreignReferers.push((await route.request().headerValue("referer")) ?? null);
    await route.fulfill({ status: 200, contentType: "image/svg+xml", body: SVG });
  });
  /** The Origin header of every POST the page sent to the app. */
  const postOrigins: Array<string | null> = [];
  page.on("request", async (request) => {
    if (request.method() === "POST") postOrigins.push((await request.headerValue("origin")) ?? null);
  });
  return { page, foreignReferers, postOrigins, problems: watchPageProblems(page) };
}

async function heading(page: Page): Promise<string> {
  return (await page.locator("h1").textContent()) ?? "";
}

describe("default pages behind Hono's csrf()", () => {
  it("sign-in from a protected page's redirect, a wrong password, sign-out: each POST carries the origin", {
    timeout: 60_000,
  }, async () => {
    const { page, foreignReferers, postOrigins } = await openPage();
    try {
      await page.goto(`${origin}/protected`);
      expect(page.url()).toContain(`${origin}/api/auth/signin?callbackUrl=`);

      await page.getByLabel("Username").fill("ada");
      await page.getByLabel("Password").fill("wrong");
      await page.getByRole("button", { name: "Sign in with Credentials" }).click();
      await page.waitForURL(/error=CredentialsSignin/);

      await page.getByLabel("Username").fill("ada");
      await page.getByLabel("Password").fill("correct horse");
      await Promise.all([
        page.waitForURL(`${origin}/protected`),
        page.getByRole("button", { name: "Sign in with Credentials" }).click(),
      ]);
      expect(await heading(page)).toBe("Protected for Ada Lovelace");

      await page.goto(`${origin}/api/auth/signout?callbackUrl=%2F`);
      await Promise.all([
        page.waitForURL(`${origin}/`),
        page.getByRole("button", { name: "Sign out" }).click(),
      ]);
      expect(await heading(page)).toBe("stranger");

      expect(postOrigins.length).toBeGreaterThanOrEqual(3);
      expect(new Set(postOrigins)).toEqual(new Set([origin]));
      // The logo loaded on every page, and never learnt which page (or callbackUrl) asked for it.
      expect(foreignReferers.length).toBeGreaterThan(0);
      expect(foreignReferers.every((referer) => referer === null)).toBe(true);
    } finally {
      await page.close();
    }
  });

  it("e-mail link: the confirm page's POST passes the origin check; its token never reaches the logo host", {
    timeout: 60_000,
  }, async () => {
    const { page, foreignReferers, postOrigins, problems } = await openPage();
    try {
      await page.goto(`${origin}/api/auth/signin`);
      await page.getByLabel("Email").fill("grace@example.test");
      await Promise.all([
        page.waitForURL(/\/api\/auth\/verify-request/),
        page.getByRole("button", { name: "Sign in with Nodemailer" }).click(),
      ]);
      const link = (await sink.nextMessage()).text.match(/https?:\/\/\S+/)?.[0];
      expect(link).toContain("token=");

      foreignReferers.length = 0;
      await page.goto(link!);
      expect(await heading(page)).toBe("Confirm sign-in");
      await Promise.all([
        page.waitForURL(`${origin}/`),
        page.getByRole("button", { name: "Sign in" }).click(),
      ]);
      expect(await heading(page)).toBe("grace@example.test");

      expect(new Set(postOrigins)).toEqual(new Set([origin]));
      expect(foreignReferers.length).toBeGreaterThan(0);
      expect(foreignReferers.every((referer) => referer === null)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
