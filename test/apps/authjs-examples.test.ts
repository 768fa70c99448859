/**
 * Auth.js's own example apps (apps/examples/sveltekit and apps/examples/express in its repository),
 * read from the Auth.js git dir at test time and switched as docs/migrating.md tells a user: the
 * `@auth/*` imports rewritten to latchkey's, `@auth/*` out of package.json and latchkey (the packed
 * tarball) in; `@auth/sveltekit/components` is `latchkey/sveltekit/components`. Their OAuth providers, which need accounts at those services, are
 * replaced by one Credentials provider. Each is installed, built with its own scripts, served as its
 * scripts serve it, and signed in and out in Chromium. Nothing of Auth.js's is kept in this
 * repository: the apps are extracted into generated/ on each run (and cached by content hash).
 */
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { encode as authjsEncode } from "@auth/core/jwt";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, launchChromium, watchPageProblems } from "../e2e/support/chromium.js";
import { authjsFiles, authjsGitDirMissing, readAuthjsFile } from "../support/authjs-git.js";
import { freePort } from "../support/free-port.js";
import { type FixtureApp, installFixtureApp, REPO } from "../support/packed-app.js";

const missing = authjsGitDirMissing();
if (missing) console.warn(`[skipped] Auth.js's example apps under latchkey: ${missing}`);

const SECRET = "authjs-examples-secret-0123456789abcdefghij";

/** What stands in for the examples' OAuth providers: one password user. */
const CREDENTIALS_PROVIDER = `  providers: [
    Credentials({
      credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
      authorize: (credentials) =>
        credentials.username === "ada" && credentials.password === "correct horse"
          ? { id: "user-ada", name: "Ada Lovelace", email: "ada@example.test" }
          : null,
    }),
  ],`;

/** next/font/google's stylesheets for a build without the network (the file says how). */
const GOOGLE_FONTS_OFFLINE = join(REPO, "test/support/google-fonts-offline.cjs");

/** Files a text extraction would mangle, and the lockfile of another package manager. */
const LEFT_OUT = /\.(png|ico|jpe?g|gif|webp|woff2?)$|pnpm-lock\.yaml$/;

/** The example's files written under `dest`, each passed through `edit`. */
function extract(folder: string, dest: string, edit: (path: string, text: string) => string): void {
  rmSync(dest, { recursive: true, force: true });
  for (const path of authjsFiles(folder)) {
    const relativePath = relative(folder, path);
    if (LEFT_OUT.test(relativePath)) continue;
    const target = join(dest, relativePath);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, edit(relativePath, readAuthjsFile(path) ?? ""));
  }
}

/** docs/migrating.md's import rewrite for one `@auth/<framework>` package. */
function rewriteImports(text: string, framework: "sveltekit" | "express"): string {
  return text
    .replaceAll(`"@auth/${framework}/providers/`, `"latchkey/providers/`)
    .replaceAll(`"@auth/${framework}/components"`, `"latchkey/${framework}/components"`)
    .replaceAll(`"@auth/${framework}/package.json"`, `"latchkey/package.json"`)
    .replaceAll(`"@auth/${framework}"`, `"latchkey/${framework}"`);
}

/** The OAuth providers out (with their imports), Credentials in. */
function credentialsInstead(text: string): string {
  return `import Credentials from "latchkey/providers/credentials"\n${text
    .replace(/^import \w+ from "latchkey\/providers\/[\w-]+"\n/gm, "")
    .replace(/^ {2}providers: \[[\s\S]*?^ {2}\],$/m, CREDENTIALS_PROVIDER)}`;
}

/** docs/migrating.md's import rewrite for next-auth v5. */
function rewriteNextAuthImports(text: string): string {
  return text
    .replaceAll(`"next-auth/providers/`, `"latchkey/providers/`)
    .replaceAll(`"next-auth/react"`, `"latchkey/react"`)
    .replaceAll(`"next-auth/jwt"`, `"latchkey/jwt"`)
    .replaceAll(`"next-auth/package.json"`, `"latchkey/package.json"`)
    .replaceAll(`"next-auth"`, `"latchkey/next"`);
}

/**
 * package.json with next-auth and `@auth/*` out (latchkey goes in through installFixtureApp) and
 * pnpm's settings dropped. Adapters stay: docs/migrating.md says Auth.js's adapters work as they
 * are. `@simplewebauthn/server` moves to the major latchkey takes, the edit that page's
 * "Dependencies" table asks for.
 */
function swapManifest(text: string): string {
  const manifest = JSON.parse(text) as Record<string, unknown>;
  for (const field of ["dependencies", "devDependencies"]) {
    const deps = manifest[field] as Record<string, string> | undefined;
    for (const name of Object.keys(deps ?? {})) {
      if ((name.startsWith("@auth/") && !name.endsWith("-adapter")) || name === "next-auth")
        delete deps![name];
      if (name === "@simplewebauthn/server") deps![name] = "^14.0.0";
    }
  }
  delete manifest.pnpm;
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/**
 * The Next.js example's one edit that has nothing to do with the switch: its `auth.ts` passes `url`
 * to unstorage's Vercel KV driver, whose options type comes from `@upstash/redis`, an optional peer
 * of unstorage that the example does not install (`@vercel/kv` keeps its own, older copy out of
 * reach). A fresh install of the example fails `next build`'s type check on that line under
 * next-auth as under latchkey; with the peer installed it type-checks.
 */
function withUpstashTypes(text: string): string {
  const manifest = JSON.parse(text) as { dependencies: Record<string, string> };
  manifest.dependencies["@upstash/redis"] = "^1.34.3";
  return JSON.stringify(manifest, null, 2);
}

/** The lines two texts differ in, for the report of what a user edits. */
function changedLines(before: string, after: string): number {
  const old = new Set(before.split("\n"));
  return after.split("\n").filter((line) => !old.has(line)).length;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what is matched
const ANSI_ESCAPES = /\u001b\[[0-9;]*m/g;

/** Runs `command` in the app until its output contains `ready`. */
async function serve(dir: string, command: string[], ready: string, env: Record<string, string>) {
  const child = spawn(command[0]!, command.slice(1), {
    cwd: dir,
    env: { ...process.env, AUTH_SECRET: SECRET, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${command.join(" ")} did not start:\n${output}`)),
      60_000,
    );
    child.once("exit", (code) => reject(new Error(`${command.join(" ")} exited with ${code}:\n${output}`)));
    const listen = (chunk: Buffer) => {
      // Vite colours its output when CI is set, which puts escape codes inside the URL it prints.
      output += chunk.toString().replace(ANSI_ESCAPES, "");
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", listen);
    child.stderr!.on("data", listen);
  });
  // npm runs the server as its child: the process group goes down together.
  return { child, stop: () => process.kill(-child.pid!, "SIGTERM") };
}

async function installSvelteKitExample(): Promise<FixtureApp> {
  const edits: Record<string, number> = {};
  const source = join(REPO, "generated/authjs-examples/sveltekit");
  extract("apps/examples/sveltekit", source, (path, text) => {
    if (path === "package.json") return swapManifest(text);
    let edited = rewriteImports(text, "sveltekit");
    if (path === "src/auth.ts") edited = credentialsInstead(edited);
    if (path !== "src/auth.ts") edits[path] = changedLines(text, edited);
    return edited;
  });
  const app = await installFixtureApp({
    name: "authjs-example-sveltekit",
    source,
    build: [["npm", "run", "build"]],
  });
  console.log(
    `[authjs examples] sveltekit: ${app.built ? "installed and built" : "reused"} in ${(app.milliseconds / 1000).toFixed(1)} s; lines changed beyond package.json and auth.ts's providers:`,
    edits,
  );
  return app;
}

async function installExpressExample(): Promise<FixtureApp> {
  const edits: Record<string, number> = {};
  const source = join(REPO, "generated/authjs-examples/express");
  extract("apps/examples/express", source, (path, text) => {
    if (path === "package.json") return swapManifest(text);
    // docs/express.md: ExpressAuth is LatchkeyExpress; imported under the old name, the code stays.
    let edited = rewriteImports(text, "express").replace(
      `import { ExpressAuth } from "latchkey/express"`,
      `import { LatchkeyExpress as ExpressAuth } from "latchkey/express"`,
    );
    if (path === "src/config/auth.config.ts") edited = credentialsInstead(edited);
    else edits[path] = changedLines(text, edited);
    return edited;
  });
  // The build script runs pnpm; the same two steps through npm.
  const app = await installFixtureApp({
    name: "authjs-example-express",
    source,
    build: [
      ["npm", "run", "build:ts"],
      ["npm", "run", "build:css"],
    ],
  });
  console.log(
    `[authjs examples] express: ${app.built ? "installed and built" : "reused"} in ${(app.milliseconds / 1000).toFixed(1)} s; lines changed beyond package.json and the config's providers:`,
    edits,
  );
  return app;
}

async function installNextExample(): Promise<FixtureApp> {
  const edits: Record<string, number> = {};
  const source = join(REPO, "generated/authjs-examples/nextjs");
  extract("apps/examples/nextjs", source, (path, text) => {
    if (path === "package.json") return swapManifest(withUpstashTypes(text));
    let edited = rewriteNextAuthImports(text);
    if (path === "auth.ts") edited = credentialsInstead(edited);
    else edits[path] = changedLines(text, edited);
    return edited;
  });
  const app = await installFixtureApp({
    name: "authjs-example-nextjs",
    source,
    build: [["npm", "run", "build"]],
    env: { NEXT_FONT_GOOGLE_MOCKED_RESPONSES: GOOGLE_FONTS_OFFLINE },
  });
  console.log(
    `[authjs examples] nextjs: ${app.built ? "installed and built" : "reused"} in ${(app.milliseconds / 1000).toFixed(1)} s; lines changed beyond package.json and auth.ts's providers:`,
    edits,
  );
  return app;
}

async function installNextPagesExample(): Promise<FixtureApp> {
  const edits: Record<string, number> = {};
  const source = join(REPO, "generated/authjs-examples/nextjs-pages");
  extract("apps/examples/nextjs-pages", source, (path, text) => {
    if (path === "package.json") return swapManifest(text);
    let edited = rewriteNextAuthImports(text);
    if (path === "auth.ts") edited = credentialsInstead(edited);
    else edits[path] = changedLines(text, edited);
    return edited;
  });
  const app = await installFixtureApp({
    name: "authjs-example-nextjs-pages",
    source,
    build: [["npm", "run", "build"]],
    env: { NEXT_FONT_GOOGLE_MOCKED_RESPONSES: GOOGLE_FONTS_OFFLINE },
  });
  console.log(
    `[authjs examples] nextjs-pages: ${app.built ? "installed and built" : "reused"} in ${(app.milliseconds / 1000).toFixed(1)} s; lines changed beyond package.json and auth.ts's providers:`,
    edits,
  );
  return app;
}

/**
 * The four installs and builds, started together when the file starts (each is a cache hit when
 * nothing changed): npm's downloads and one app's build overlap with another's.
 */
let installing: Record<"sveltekit" | "express" | "nextjs" | "nextjsPages", Promise<FixtureApp>>;

let browser: Browser;
beforeAll(async () => {
  if (missing) return;
  installing = {
    sveltekit: installSvelteKitExample(),
    express: installExpressExample(),
    nextjs: installNextExample(),
    nextjsPages: installNextPagesExample(),
  };
  // A failed build fails its own describe block, when it awaits it; not the file as it starts.
  for (const build of Object.values(installing)) build.catch(() => {});
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function openPage() {
  await browser.context.clearCookies();
  const page = await browser.context.newPage();
  return { page, problems: watchPageProblems(page) };
}

/**
 * A page whose browser holds the session cookie Auth.js (@auth/core, what next-auth v5 and the
 * framework packages run on) issued to Grace under the app's secret before the switch.
 */
async function openPageSignedInUnderAuthjs(origin: string) {
  const opened = await openPage();
  const name = "authjs.session-token";
  const value = await authjsEncode({
    secret: SECRET,
    salt: name,
    token: { sub: "user-grace", name: "Grace Hopper", email: "grace@example.test" },
  });
  await browser.context.addCookies([{ name, value, url: origin }]);
  return opened;
}

/** The Next.js examples' middleware-protected page opens, and their server page shows the session's user. */
async function expectNextPagesShowSession(page: Page, origin: string, email: string): Promise<void> {
  await page.goto(`${origin}/middleware-example`);
  expect(await page.locator("h1").textContent()).toBe("Middleware usage");
  await page.goto(`${origin}/server-example`);
  expect(await page.locator("pre").textContent()).toContain(`"email": "${email}"`);
}

/** Serves a built Next.js example with `next start` on a free port. */
async function startNextExample(app: FixtureApp): Promise<{ origin: string; stop(): void }> {
  const port = await freePort();
  const server = await serve(
    app.dir,
    ["npm", "start", "--", "--port", String(port), "--hostname", "127.0.0.1"],
    "Ready",
    { AUTH_TRUST_HOST: "true" },
  );
  return { origin: `http://127.0.0.1:${port}`, stop: server.stop };
}

/** Both Next.js examples: the middleware and server pages see Grace's pre-switch session. */
async function expectPreSwitchUserOnNextExample(origin: string): Promise<void> {
  const { page, problems } = await openPageSignedInUnderAuthjs(origin);
  try {
    await expectNextPagesShowSession(page, origin, "grace@example.test");
    expect(problems).toEqual([]);
  } finally {
    await page.close();
  }
}

async function signInOnTheDefaultPage(page: Page): Promise<void> {
  await page.getByLabel("Username").fill("ada");
  await page.getByLabel("Password").fill("correct horse");
  await page.getByRole("button", { name: "Sign in with Credentials" }).click();
}

describe.skipIf(missing !== undefined)("Auth.js's example apps, switched to latchkey", () => {
  describe("apps/examples/sveltekit: vite build, vite preview", () => {
    let app: FixtureApp;
    let server: { stop(): void } | undefined;
    let origin: string;

    beforeAll(async () => {
      app = await installing.sveltekit;
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      server = await serve(
        app.dir,
        ["npm", "run", "preview", "--", "--host", "127.0.0.1", "--port", String(port), "--strictPort"],
        "Local:",
        {},
      );
    }, 900_000);
    afterAll(() => server?.stop());

    it("signs in from the header's SignIn through the default page, sees the protected page, signs out", {
      timeout: 60_000,
    }, async () => {
      const { page, problems } = await openPage();
      try {
        await page.goto(origin);
        await page.locator(".notSignedInText").waitFor();
        // The header's legacy-mode `<div slot="submitButton">` is the button's content.
        await page.locator("form.signInButton button > div.buttonPrimary", { hasText: "Sign in" }).waitFor();
        await Promise.all([
          page.waitForURL(/\/auth\/signin/),
          page.getByRole("button", { name: "Sign in" }).click(),
        ]);
        await Promise.all([page.waitForURL(`${origin}/`), signInOnTheDefaultPage(page)]);
        expect((await page.locator(".signedInText").textContent())?.trim()).toBe("ada@example.test");

        await page.goto(`${origin}/protected`);
        expect(await page.locator("h1").first().textContent()).toBe("Protected page");

        await page.goto(origin);
        await page
          .locator("form.signOutButton button > div.buttonPrimary", { hasText: "Sign out" })
          .waitFor();
        await page.getByRole("button", { name: "Sign out" }).click();
        await page.locator(".notSignedInText").waitFor();
        await page.goto(`${origin}/protected`);
        expect(await page.locator("h1").first().textContent()).toBe("Access Denied");
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    });

    it("a user signed in under Auth.js before the switch is still signed in", async () => {
      const { page, problems } = await openPageSignedInUnderAuthjs(origin);
      try {
        await page.goto(origin);
        expect((await page.locator(".signedInText").textContent())?.trim()).toBe("grace@example.test");
        await page.goto(`${origin}/protected`);
        expect(await page.locator("h1").first().textContent()).toBe("Protected page");
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    });
  });

  describe("apps/examples/express: tsc and tailwindcss, npm start", () => {
    let app: FixtureApp;
    let server: { stop(): void } | undefined;
    let origin: string;

    beforeAll(async () => {
      app = await installing.express;
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      server = await serve(app.dir, ["npm", "start"], `Listening on port ${port}`, { PORT: String(port) });
    }, 900_000);
    afterAll(() => server?.stop());

    it("signs in from the layout's link through the default page, reads the protected API, signs out", {
      timeout: 60_000,
    }, async () => {
      const { page, problems } = await openPage();
      try {
        await page.goto(origin);
        await page.getByText("You are not signed in").waitFor();
        await Promise.all([
          page.waitForURL(/\/api\/auth\/signin/),
          page.getByRole("link", { name: "Sign in" }).click(),
        ]);
        await Promise.all([page.waitForURL(`${origin}/`), signInOnTheDefaultPage(page)]);
        await page.getByText("Signed in as").waitFor();
        expect(await page.locator("strong").first().textContent()).toBe("ada@example.test");

        const api = await page.request.get(`${origin}/api/protected`);
        expect(api.status()).toBe(200);
        expect(await api.json()).toMatchObject({ user: { email: "ada@example.test" } });

        await Promise.all([
          page.waitForURL(/\/api\/auth\/signout/),
          page.getByRole("link", { name: "Sign out" }).click(),
        ]);
        await Promise.all([
          page.waitForURL(`${origin}/`),
          page.getByRole("button", { name: "Sign out" }).click(),
        ]);
        await page.getByText("You are not signed in").waitFor();
        expect((await page.request.get(`${origin}/api/protected`)).status()).toBe(401);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    });

    it("a user signed in under Auth.js before the switch is still signed in", async () => {
      const { page, problems } = await openPageSignedInUnderAuthjs(origin);
      try {
        await page.goto(origin);
        expect(await page.locator("strong").first().textContent()).toBe("grace@example.test");
        const api = await page.request.get(`${origin}/api/protected`);
        expect(await api.json()).toMatchObject({ user: { email: "grace@example.test" } });
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    });
  });

  describe("apps/examples/nextjs: next build (Turbopack), next start", () => {
    let server: { origin: string; stop(): void } | undefined;
    let origin: string;

    beforeAll(async () => {
      server = await startNextExample(await installing.nextjs);
      origin = server.origin;
    }, 900_000);
    afterAll(() => server?.stop());

    it("signs in from the header's server action through the default page; the middleware, server, client and API pages see the session; updates it; signs out", {
      timeout: 90_000,
    }, async () => {
      const { page, problems } = await openPage();
      try {
        await page.goto(`${origin}/middleware-example`);
        await page.waitForURL(/\/auth\/signin/);
        await page.goto(origin);
        await Promise.all([
          page.waitForURL(/\/auth\/signin/),
          page.getByRole("button", { name: "Sign In" }).click(),
        ]);
        await Promise.all([
          page.waitForURL((url) => !url.pathname.startsWith("/auth/")),
          signInOnTheDefaultPage(page),
        ]);

        await expectNextPagesShowSession(page, origin, "ada@example.test");
        const api = await page.request.get(`${origin}/api/protected`);
        expect(await api.json()).toEqual({ data: "Protected data" });

        await page.goto(`${origin}/client-example`);
        await page.locator("pre", { hasText: "ada@example.test" }).waitFor();
        await page.getByRole("button", { name: "Update" }).click();
        await page.locator("pre", { hasText: "New Ada Lovelace" }).waitFor();

        // The header's avatar opens the menu that holds the sign-out form.
        await page.locator("button[aria-haspopup=menu]").click();
        await page.getByRole("button", { name: "Sign Out" }).click();
        await page.getByRole("button", { name: "Sign In" }).waitFor();
        expect((await page.request.get(`${origin}/api/protected`)).status()).toBe(401);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    });

    it("a user signed in under Auth.js before the switch is still signed in", () =>
      expectPreSwitchUserOnNextExample(origin));
  });

  describe("apps/examples/nextjs-pages: next build (Turbopack), next start", () => {
    let server: { origin: string; stop(): void } | undefined;
    let origin: string;

    beforeAll(async () => {
      server = await startNextExample(await installing.nextjsPages);
      origin = server.origin;
    }, 900_000);
    afterAll(() => server?.stop());

    it("signs in from the header's signIn() through the default page; the middleware, getServerSideProps and useSession pages see the session; updates it; signs out", {
      timeout: 90_000,
    }, async () => {
      const { page, problems } = await openPage();
      try {
        await page.goto(`${origin}/middleware-example`);
        await page.waitForURL(/\/api\/auth\/signin/);
        await page.goto(origin);
        await Promise.all([
          page.waitForURL(/\/api\/auth\/signin/),
          page.getByRole("button", { name: "Sign In" }).click(),
        ]);
        await Promise.all([page.waitForURL(`${origin}/`), signInOnTheDefaultPage(page)]);

        await expectNextPagesShowSession(page, origin, "ada@example.test");

        await page.goto(`${origin}/client-example`);
        await page.locator("pre", { hasText: "ada@example.test" }).waitFor();
        await page.locator("input").fill("Ada King");
        await page.getByRole("button", { name: "Update" }).click();
        await page.locator("pre", { hasText: "Ada King" }).waitFor();

        // The header's avatar opens the menu that holds the sign-out button.
        await page.locator("button[aria-haspopup=menu]").click();
        await page.getByRole("button", { name: "Sign Out" }).click();
        await page.getByRole("button", { name: "Sign In" }).waitFor();
        await page.goto(`${origin}/middleware-example`);
        await page.waitForURL(/\/api\/auth\/signin/);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    });

    it("a user signed in under Auth.js before the switch is still signed in", () =>
      expectPreSwitchUserOnNextExample(origin));
  });
});
