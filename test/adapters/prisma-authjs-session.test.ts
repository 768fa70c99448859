/**
 * PrismaAdapter on a schema whose Session model is Auth.js's, without latchkey's optional metadata
 * fields: it writes none of them (Prisma would reject an unknown field), database sessions and
 * session management work, and the metadata reads back empty.
 */
import { afterAll, describe, expect, test } from "vitest";
import { PrismaAdapter } from "../../src/adapters/prisma/index.js";
import { adapterConformance } from "../../src/adapters/testing/index.js";
import { type AuthConfig, listSessions, revokeOtherSessions } from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import { SECRET, TestBrowser } from "../session/harness.js";
import { registerConformanceChecks } from "./support/conformance-runner.js";
import { freshSqliteDatabase } from "./support/databases.js";
import { openPrismaClient, prismaConformanceDatabase } from "./support/prisma-suite.js";

const database = await freshSqliteDatabase();
const opened = await openPrismaClient("sqliteAuthjsSession", database);
const adapter = PrismaAdapter(opened.prisma);
afterAll(async () => {
  await opened.prisma.$disconnect();
  await database.drop();
});

const config: AuthConfig = {
  secret: SECRET,
  trustHost: true,
  adapter,
  providers: [
    Credentials({
      credentials: { username: {}, password: {} },
      authorize: ({ username }) => ({ id: `app-${String(username)}`, name: String(username) }),
    }),
  ],
};

async function signIn(browser: TestBrowser): Promise<Request> {
  const response = await browser.postForm("/auth/callback/credentials", { username: "ada", password: "x" });
  expect(response.status).toBe(302);
  return new Request("http://app.test/account", {
    headers: { cookie: browser.cookieHeader(), "user-agent": "Firefox" },
  });
}

describe("PrismaAdapter with Auth.js's Session model (no metadata fields)", () => {
  test("signs in, lists sessions with empty metadata, and revokes them", async () => {
    const laptop = new TestBrowser(config);
    const phone = new TestBrowser(config);
    const fromLaptop = await signIn(laptop);
    await signIn(phone);
    const sessions = await listSessions(fromLaptop, config);
    expect(sessions?.map(({ current, createdAt, userAgent }) => ({ current, createdAt, userAgent }))).toEqual(
      expect.arrayContaining([
        { current: true, createdAt: null, userAgent: null },
        { current: false, createdAt: null, userAgent: null },
      ]),
    );
    expect(await revokeOtherSessions(fromLaptop, config)).toBe(1);
    expect(await phone.session()).toBeNull();
    expect(await laptop.session()).toMatchObject({ user: { name: "ada" } });
  });

  registerConformanceChecks(
    adapterConformance({ adapter, db: prismaConformanceDatabase(opened) }).filter((check) =>
      check.name.startsWith("session"),
    ),
  );
});
