/**
 * Express 4, Express 5, Hono on @hono/node-server and Fastify apps as their docs in docs/ set them
 * up, each a small app with latchkey installed from the packed tarball (test/support/packed-app.ts,
 * cached by content hash, installed in parallel) and run with `node server.js` (none of them has a
 * build step). Each is driven in Chromium: a protected page's redirect to the default sign-in page,
 * a wrong then a right password, the default sign-out page, and e-mail sign-in with a one-time
 * code mailed to a real SMTP server.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpSink, startSmtpSink } from "../e2e/smtp-sink.js";
import { type Browser, launchChromium, watchPageProblems } from "../e2e/support/chromium.js";
import { freePort } from "../support/free-port.js";
import { type FixtureApp, installFixtureApp, REPO, repositoryVersion } from "../support/packed-app.js";

const SOURCES = join(REPO, "test/fixtures/server-apps");

interface ServerApp {
  name: string;
  /** The folder under test/fixtures/server-apps/ holding its server.js. */
  folder: string;
  dependencies: Record<string, string>;
}

const APPS: ServerApp[] = [
  { name: "express-4", folder: "express", dependencies: { express: repositoryVersion("express4") } },
  { name: "express-5", folder: "express", dependencies: { express: repositoryVersion("express") } },
  {
    name: "hono-node",
    folder: "hono",
    dependencies: {
      hono: repositoryVersion("hono"),
      "@hono/node-server": repositoryVersion("@hono/node-server"),
    },
  },
  { name: "fastify", folder: "fastify", dependencies: { fastify: repositoryVersion("fastify") } },
];

/** The app's sources as one folder: its server.js and the shared latchkey config. */
function stageSources(app: ServerApp): string {
  const dir = join(REPO, "generated/app-sources", app.name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(SOURCES, "shared"), dir, { recursive: true });
  cpSync(join(SOURCES, app.folder), dir, { recursive: true });
  const manifest = { name: app.name, private: true, type: "module", scripts: { start: "node server.js" } };
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

function install(app: ServerApp): Promise<FixtureApp> {
  return installFixtureApp({
    name: app.name,
    source: stageSources(app),
    dependencies: { ...app.dependencies, nodemailer: repositoryVersion("nodemailer") },
  });
}

/** `npm start`'s command, in the installed app, until it says it listens. */
async function start(dir: string, smtpPort: number): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["server.js"], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), SMTP_PORT: String(smtpPort) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`node server.js in ${dir} exited with ${code}`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("listening")) resolve();
    });
  });
  return { origin: `http://127.0.0.1:${port}`, child };
}

let sink: SmtpSink;
let browser: Browser;
const installed = new Map<string, FixtureApp>();

beforeAll(async () => {
  sink = await startSmtpSink();
  // One pack, then the four installs side by side; each is a cache hit when nothing changed.
  const results = await Promise.all(APPS.map(install));
  for (const [i, app] of APPS.entries()) installed.set(app.name, results[i]!);
  for (const [name, { built, milliseconds }] of installed) {
    console.log(
      `[server apps] ${name}: ${built ? "installed" : "reused"} in ${(milliseconds / 1000).toFixed(1)} s`,
    );
  }
  browser = await launchChromium();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await sink?.close();
});

const text = async (page: Page, selector: string) => (await page.locator(selector).textContent())?.trim();

describe.each(APPS)("$name, latchkey from the tarball, in Chromium", (app) => {
  let origin: string;
  let child: ChildProcess;
  beforeAll(async () => {
    ({ origin, child } = await start(installed.get(app.name)!.dir, sink.port));
  });
  afterAll(() => {
    child?.kill();
  });

  async function openPage() {
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    return { page, problems: watchPageProblems(page) };
  }

  it("protected page → default sign-in page, wrong then right password → back; default sign-out page", {
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

      await page.goto(`${origin}/auth/signout?callbackUrl=%2F`);
      await Promise.all([
        page.waitForURL(`${origin}/`),
        page.getByRole("button", { name: "Sign out" }).click(),
      ]);
      expect(await text(page, "#greeting")).toBe("Not signed in");
      await page.goto(`${origin}/protected`);
      expect(page.url()).toContain(`${origin}/auth/signin`);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("e-mail sign-in with the mailed one-time code, then sign-out", { timeout: 60_000 }, async () => {
    const { page, problems } = await openPage();
    sink.reset();
    try {
      await page.goto(`${origin}/auth/signin?callbackUrl=%2Fprotected`);
      await page.getByLabel("Email").fill("grace@example.test");
      await Promise.all([
        page.waitForURL(/\/auth\/verify-request/),
        page.getByRole("button", { name: "Sign in with Nodemailer" }).click(),
      ]);
      const mail = await sink.nextMessage();
      expect(mail.recipients).toEqual(["grace@example.test"]);
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      expect(code).toBeDefined();
      await page.fill("#input-code", code!);
      await Promise.all([
        page.waitForURL(`${origin}/protected`),
        page.getByRole("button", { name: "Sign in with code" }).click(),
      ]);
      expect(await text(page, "#secret")).toBe("Members only: grace@example.test");

      await page.goto(`${origin}/auth/signout?callbackUrl=%2F`);
      await Promise.all([
        page.waitForURL(`${origin}/`),
        page.getByRole("button", { name: "Sign out" }).click(),
      ]);
      expect(await text(page, "#greeting")).toBe("Not signed in");
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
