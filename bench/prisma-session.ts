/**
 * GET /session with database sessions on a real PostgreSQL: latchkey + PrismaAdapter vs @auth/core +
 * @auth/prisma-adapter, one Prisma client, one database, the same session row. Also counts the SQL
 * statements each sends per request (latchkey's target: one round trip when no extension is due).
 * Reuses the test suite's database support: a fresh schema from the shipped SQL, dropped afterwards.
 */
import { Auth as authjsAuth } from "@auth/core";
import { PrismaAdapter as AuthjsPrismaAdapter } from "@auth/prisma-adapter";
import { Auth } from "latchkey";
import { PrismaAdapter } from "latchkey/adapters/prisma";
import generatePrismaClients from "../test/adapters/global-setup.js";
import { type FreshDatabase, freshPostgresSchema } from "../test/adapters/support/databases.js";
import { openPrismaClient } from "../test/adapters/support/prisma-suite.js";
import type { BenchGroup } from "./harness.js";

const secret = "bench-secret-0123456789abcdef0123456789abcdef";
const sessionToken = "prisma-bench-session-token-0123456789abcdef0123456789";

export interface PrismaBench {
  groups: BenchGroup[];
  close(): Promise<void>;
}

export async function prismaSessionGroups(): Promise<PrismaBench> {
  await generatePrismaClients();
  const database: FreshDatabase = await freshPostgresSchema();
  const opened = await openPrismaClient("postgresql", database);
  const { prisma } = opened;
  const user = (await prisma.user.create({ data: { name: "Ada Lovelace", email: "ada@example.test" } })) as {
    id: string;
  };
  await prisma.session.create({
    data: { sessionToken, userId: user.id, expires: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000) },
  });

  const latchkeyConfig = { secret, trustHost: true, providers: [], adapter: PrismaAdapter(prisma) };
  const authjsConfig = {
    secret,
    trustHost: true,
    basePath: "/auth",
    providers: [],
    adapter: AuthjsPrismaAdapter(prisma as never),
    session: { strategy: "database" as const },
  };
  const request = () =>
    new Request("http://app.test/auth/session", {
      headers: { cookie: `authjs.session-token=${sessionToken}` },
    });
  const latchkeyRun = async () => (await Auth(request(), latchkeyConfig)).text();
  const authjsRun = async () => ((await authjsAuth(request(), authjsConfig as never)) as Response).text();

  const notes: string[] = [];
  for (const [name, run] of [
    ["latchkey", latchkeyRun],
    ["@auth/core", authjsRun],
  ] as const) {
    const body = await run();
    if (!body.includes("ada@example.test"))
      throw new Error(`${name}: GET /session did not return the session`);
    const requests = 20;
    const statements = await opened.countQueries(async () => {
      for (let i = 0; i < requests; i++) await run();
    });
    notes.push(`SQL statements per request, ${name}: ${(statements / requests).toFixed(2)}`);
  }

  return {
    groups: [
      {
        title: "GET /session (database, PostgreSQL via Prisma, no extension due)",
        tasks: [
          { name: "latchkey", fn: latchkeyRun },
          { name: "@auth/core", fn: authjsRun },
        ],
        ratios: [["latchkey", "@auth/core"]],
        notes,
      },
    ],
    async close() {
      await prisma.$disconnect();
      await database.drop();
    },
  };
}
