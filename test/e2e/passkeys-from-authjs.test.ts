/**
 * Passkeys registered under Auth.js keep signing in after the switch to latchkey, with the
 * `@simplewebauthn/server` upgrade it asks for (docs/migrating.md, "Dependencies"): in Chromium, a
 * virtual authenticator creates a passkey on Auth.js's own sign-in page, served by `@auth/core`
 * whose Passkey provider verifies it with `@simplewebauthn/server` 9 and writes the user, account
 * and Authenticator rows; then the same app, now latchkey (on `@simplewebauthn/server` 14), signs
 * the same authenticator in against those rows as they are: the same user, no new rows, the
 * counter moved forward. On MemoryAdapter, and on SQLite with each library's own Prisma adapter.
 */
import { PrismaAdapter as AuthjsPrismaAdapter } from "@auth/prisma-adapter";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryTables, MemoryAdapter } from "../../src/adapters/memory.js";
import { PrismaAdapter } from "../../src/adapters/prisma/index.js";
import type { Adapter, AdapterAuthenticator } from "../../src/adapters/types.js";
import { Auth, type AuthConfig } from "../../src/index.js";
import Passkey from "../../src/providers/passkey.js";
import { freshSqliteDatabase } from "../adapters/support/databases.js";
import { openPrismaClient } from "../adapters/support/prisma-suite.js";
import { startServer, type TestServer } from "../node/server.js";
import { type AuthjsWebAuthn, loadAuthjsWebAuthn } from "../oracles/authjs-webauthn.js";
import {
  addVirtualAuthenticator,
  type Browser,
  launchChromium,
  screenshot,
  watchPageProblems,
} from "./support/chromium.js";

const SECRET = "e2e-authjs-passkey-secret-0123456789abcdefghijklmnopqrstuvwxyz";
const EMAIL = "ada@example.test";

/** One database as both libraries reach it: each through its own adapter. */
interface SharedDatabase {
  /** For screenshots' file names. */
  label: string;
  authjsAdapter: unknown;
  adapter: Adapter;
  /** Users in the database, however many there are. */
  userCount(): Promise<number>;
  close(): Promise<void>;
}

async function memoryDatabase(): Promise<SharedDatabase> {
  const tables = createMemoryTables();
  const adapter = MemoryAdapter(tables);
  return {
    label: "memory",
    authjsAdapter: adapter,
    adapter,
    userCount: async () => tables.users.size,
    close: async () => {},
  };
}

async function sqliteDatabase(): Promise<SharedDatabase> {
  const database = await freshSqliteDatabase();
  const { prisma } = await openPrismaClient("sqlite", database);
  return {
    label: "sqlite",
    authjsAdapter: AuthjsPrismaAdapter(prisma as never),
    adapter: PrismaAdapter(prisma),
    userCount: async () => ((await prisma.user.findMany({})) as unknown[]).length,
    async close() {
      await prisma.$disconnect();
      await database.drop();
    },
  };
}

let authjs: AuthjsWebAuthn;
let browser: Browser;
let server: TestServer;
let origin: string;
/** The app behind the server: Auth.js first, latchkey after the switch. */
const app: { handler: (request: Request) => Promise<Response> } = {
  handler: async () => new Response("Not yet", { status: 503 }),
};

beforeAll(async () => {
  authjs = await loadAuthjsWebAuthn();
  browser = await launchChromium();
  server = await startServer((request) =>
    new URL(request.url).pathname.startsWith("/auth/")
      ? app.handler(request)
      : new Response("<!doctype html><title>Home</title><h1>Home</h1>", {
          headers: { "Content-Type": "text/html; charset=utf-8" },
        }),
  );
  origin = `http://localhost:${server.port}`;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it("runs Auth.js's WebAuthn on the @simplewebauthn versions it was built for", () => {
  expect(authjs.versions.server).toMatch(/^9\./);
  expect(authjs.versions.browser).toMatch(/^9\./);
});

const session = async (page: Page) =>
  (await (await page.request.get(`${origin}/auth/session`)).json()) as {
    user?: { email?: string };
  } | null;

const DATABASES = [
  { name: "MemoryAdapter", open: memoryDatabase },
  { name: "SQLite, @auth/prisma-adapter then latchkey's PrismaAdapter", open: sqliteDatabase },
];

describe.each(DATABASES)("$name", ({ open }) => {
  let database: SharedDatabase;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("a passkey created on Auth.js's sign-in page signs in on latchkey against Auth.js's rows", {
    timeout: 90_000,
  }, async () => {
    app.handler = (request) =>
      authjs.Auth(request, {
        adapter: database.authjsAdapter,
        providers: [authjs.Passkey({})],
        secret: SECRET,
        trustHost: true,
        basePath: "/auth",
        experimental: { enableWebAuthn: true },
      });
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    const problems = watchPageProblems(page);
    // Auth.js's page loads @simplewebauthn/browser from unpkg; the browser is offline, so the same
    // file is served from the oracle's node_modules.
    await page.route("https://unpkg.com/@simplewebauthn/browser@*/dist/bundle/index.umd.min.js", (route) =>
      route.fulfill({
        body: authjs.browserBundle,
        contentType: "text/javascript",
        headers: { "Access-Control-Allow-Origin": "*" },
      }),
    );
    const authenticator = await addVirtualAuthenticator(page);
    try {
      // Under Auth.js: an unknown address registers a new user with a passkey.
      await page.goto(`${origin}/auth/signin`);
      await page.getByLabel("Email").fill(EMAIL);
      await Promise.all([
        page.waitForURL((url) => !url.pathname.startsWith("/auth/signin")),
        page.getByRole("button", { name: "Sign in with Passkey" }).click(),
      ]);
      expect((await session(page))?.user?.email).toBe(EMAIL);
      const [credential] = await authenticator.credentials();
      expect(credential?.isResidentCredential).toBe(true);
      const user = await database.adapter.getUserByEmail?.(EMAIL);
      const written = (await database.adapter.listAuthenticatorsByUserId?.(user?.id as string)) ?? [];
      expect(written).toHaveLength(1);
      const row = written[0] as AdapterAuthenticator;
      // Auth.js stores the credential id in base64 (latchkey writes base64url): the row is as it wrote it.
      expect(Buffer.from(row.credentialID, "base64").toString("base64url")).toBe(credential?.id);
      expect(row.counter).toBe(credential?.signCount);
      expect(
        await database.adapter.getUserByAccount?.({
          provider: "passkey",
          providerAccountId: row.providerAccountId,
        }),
      ).toMatchObject({ id: user?.id });

      // The switch: the same origin and database, now served by latchkey.
      const logged: string[] = [];
      // One config for every request, as an app has: its default store holds the challenges.
      const config: AuthConfig = {
        adapter: database.adapter,
        providers: [Passkey({ enableConditionalUI: false, timeout: 20_000 })],
        secret: SECRET,
        trustHost: true,
        logger: {
          error: (error) => logged.push(`${error.name}: ${error.message}`),
          warn: (code, message) => logged.push(`${code}: ${message}`),
        },
      };
      app.handler = (request) => Auth(request, config);
      await browser.context.clearCookies();
      expect(await session(page)).toBeNull();
      await page.goto(`${origin}/auth/signin`);
      await screenshot(page, `authjs-passkey-on-latchkey-${database.label}`);
      await Promise.all([
        page.waitForURL((url) => !url.pathname.startsWith("/auth/signin")),
        page.getByRole("button", { name: "Sign in with Passkey" }).click(),
      ]);
      expect(logged).toEqual([]);
      expect(page.url()).toBe(`${origin}/`);
      expect((await session(page))?.user?.email).toBe(EMAIL);

      const [used] = await authenticator.credentials();
      expect(used?.signCount).toBeGreaterThan(credential?.signCount ?? 0);
      const after = (await database.adapter.listAuthenticatorsByUserId?.(user?.id as string)) ?? [];
      expect(after).toEqual([{ ...row, counter: used?.signCount }]);
      expect(await database.userCount()).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await page.close(); // its virtual authenticators go with it
    }
  });
});
