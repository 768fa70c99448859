/**
 * A next-auth v4 app on the Next.js Pages Router with the Prisma adapter and database sessions
 * (test/fixtures/next-pages-prisma-app), switched to `latchkey/next/pages`, `latchkey/react` and
 * `latchkey/adapters/prisma` as docs/migrating.md tells: installed from the packed tarball, its
 * Prisma client generated and the app built with plain `next build` (Turbopack), run with `next
 * start` on a fresh PostgreSQL schema. Chromium signs in by e-mail link (a real SMTP server gets
 * the mail), and a user signed in by the real next-auth@4 before the switch (its handler and
 * `@next-auth/prisma-adapter` wrote the rows) is still signed in after it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type FreshDatabase, freshPostgresSchema } from "../adapters/support/databases.js";
import { type OpenedPrismaClient, openPrismaClient } from "../adapters/support/prisma-suite.js";
import { type SmtpSink, startSmtpSink } from "../e2e/smtp-sink.js";
import { type Browser, launchChromium, watchPageProblems } from "../e2e/support/chromium.js";
import { buildNextPagesPrismaFixture } from "../next/fixture-build.js";
import { FIXTURE_SECRET, type RunningApp, startNextFixture } from "../next/fixture-server.js";
import { loadNextAuthV4 } from "../oracles/next-auth-v4.js";

const V4_COOKIE = "next-auth.session-token";
const SESSION_COOKIE = "authjs.session-token";

let database: FreshDatabase;
let opened: OpenedPrismaClient;
let sink: SmtpSink;
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  const [build] = await Promise.all([
    buildNextPagesPrismaFixture(),
    (async () => {
      database = await freshPostgresSchema();
      opened = await openPrismaClient("postgresql", database);
    })(),
    (async () => {
      sink = await startSmtpSink();
    })(),
  ]);
  console.log(
    `[next pages prisma fixture] ${build.built ? "built" : "reused"} test/fixtures/next-pages-prisma-app (${(build.milliseconds / 1000).toFixed(1)} s)`,
  );
  if (database.location.kind !== "postgresql") throw new Error("expected a PostgreSQL schema");
  const { user, password, host, port, database: name } = database.location.pool;
  const credentials = password ? `${user}:${encodeURIComponent(String(password))}` : user;
  app = await startNextFixture(
    {
      DATABASE_URL: `postgresql://${credentials}@${host}:${port}/${name}`,
      DATABASE_SCHEMA: database.namespace,
      SMTP_PORT: String(sink.port),
    },
    build.dir,
  );
  browser = await launchChromium();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await sink?.close();
  await opened?.prisma.$disconnect();
  await database?.drop();
});

/**
 * Signs `email` in on next-auth v4 by e-mail link, as the app did before the switch: its handler
 * and `@next-auth/prisma-adapter` write the user, the token and the session row. Returns the
 * session cookie's value v4 set.
 */
async function signInOnV4(email: string): Promise<string> {
  const v4 = loadNextAuthV4();
  const origin = "http://v4.app.test";
  let link = "";
  const options = {
    secret: FIXTURE_SECRET,
    adapter: v4.PrismaAdapter(opened.prisma),
    session: { strategy: "database" },
    providers: [
      {
        id: "email",
        type: "email",
        name: "Email",
        maxAge: 600,
        options: {},
        sendVerificationRequest: async ({ url }: { url: string }) => {
          link = url;
        },
      },
    ],
  };
  // v4 takes its origin from NEXTAUTH_URL, set only meanwhile.
  vi.stubEnv("NEXTAUTH_URL", `${origin}/api/auth`);
  try {
    const csrf = await v4.AuthHandler({ req: new Request(`${origin}/api/auth/csrf`), options });
    const cookie = (csrf.cookies ?? []).map(({ name, value }) => `${name}=${value}`).join("; ");
    const { csrfToken } = csrf.body as { csrfToken: string };
    await v4.AuthHandler({
      req: new Request(`${origin}/api/auth/signin/email`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ email, csrfToken }),
      }),
      options,
    });
    const callback = await v4.AuthHandler({ req: new Request(link, { headers: { cookie } }), options });
    const session = callback.cookies?.find((set) => set.name === V4_COOKIE);
    if (!session) throw new Error(`next-auth v4 set no session cookie: ${JSON.stringify(callback)}`);
    return session.value;
  } finally {
    vi.unstubAllEnvs();
  }
}

async function openPage() {
  await browser.context.clearCookies();
  const page = await browser.context.newPage();
  return { page, problems: watchPageProblems(page) };
}

describe("next-auth v4 on the Pages Router with Prisma and database sessions, switched to latchkey", () => {
  it("signs in by e-mail link from the protected page's redirect; the session is a row; useSession sees it; signs out", {
    timeout: 90_000,
  }, async () => {
    const { page, problems } = await openPage();
    sink.reset();
    try {
      await page.goto(`${app.origin}/protected`);
      expect(new URL(page.url()).pathname).toBe("/api/auth/signin");
      await page.getByLabel("Email").fill("ada@example.test");
      await Promise.all([
        page.waitForURL(/\/api\/auth\/verify-request/),
        page.getByRole("button", { name: "Sign in with Nodemailer" }).click(),
      ]);
      const mail = await sink.nextMessage();
      expect(mail.recipients).toEqual(["ada@example.test"]);
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
      expect(link?.startsWith(`${app.origin}/api/auth/callback/nodemailer`)).toBe(true);
      await page.goto(link!);
      await Promise.all([
        page.waitForURL(`${app.origin}/protected`),
        page.getByRole("button", { name: "Sign in" }).click(),
      ]);
      expect(await page.locator("#protected").textContent()).toBe("Protected content for ada@example.test");

      const cookie = (await browser.context.cookies()).find(({ name }) => name === SESSION_COOKIE);
      const rows = await database.query(`SELECT "sessionToken" FROM "Session"`);
      expect(rows.map((row) => row.sessionToken)).toContain(cookie?.value);

      await page.goto(app.origin);
      await page.locator("#status", { hasText: "Signed in as ada@example.test" }).waitFor();
      // signOut() of latchkey/react posts to the sign-out route, as v4's did, and reloads the page.
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.locator("#status", { hasText: "Signed out" }).waitFor();
      const left = await database.query(`SELECT 1 FROM "Session" WHERE "sessionToken" = $1`, [cookie?.value]);
      expect(left).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("a user next-auth@4 signed in before the switch is still signed in: useSession moves the session to latchkey's cookie", {
    timeout: 60_000,
  }, async () => {
    const v4Token = await signInOnV4("grace@example.test");
    const { page, problems } = await openPage();
    try {
      await browser.context.addCookies([{ name: V4_COOKIE, value: v4Token, url: app.origin }]);
      await page.goto(app.origin);
      await page.locator("#status", { hasText: "Signed in as grace@example.test" }).waitFor();
      const cookies = await browser.context.cookies();
      expect(cookies.find(({ name }) => name === SESSION_COOKIE)?.value).toBe(v4Token);
      expect(cookies.find(({ name }) => name === V4_COOKIE)).toBeUndefined();

      await page.goto(`${app.origin}/protected`);
      expect(await page.locator("#protected").textContent()).toBe("Protected content for grace@example.test");
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
