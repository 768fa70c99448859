/**
 * GET /session with database sessions on a real PostgreSQL: latchkey + PrismaAdapter vs @auth/core +
 * @auth/prisma-adapter, one Prisma client, one database, the same session row. Also counts the SQL
 * statements each sends per request (latchkey's target: one round trip when no extension is due).
 * Then latchkey with the session cookie cache (`session.cookieCache`), which answers from a sealed
 * cookie without the database, alone and with revocation markers checked on Redis (127.0.0.1:6379)
 * on every cached read, against the same @auth/core.
 * Reuses the test suite's database support: a fresh schema from the shipped SQL, dropped afterwards.
 */
import { Auth as authjsAuth } from "@auth/core";
import { PrismaAdapter as AuthjsPrismaAdapter } from "@auth/prisma-adapter";
import { Redis } from "ioredis";
import { Auth, type AuthConfig } from "latchkey";
import { PrismaAdapter } from "latchkey/adapters/prisma";
import { RedisStore } from "latchkey/rate-limit";
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

  const latchkeyConfig: AuthConfig = {
    secret,
    trustHost: true,
    providers: [],
    adapter: PrismaAdapter(prisma),
  };
  const cookieCache = { strategy: "database", cookieCache: { maxAge: 3600 } } as const;
  const cachedConfig: AuthConfig = { ...latchkeyConfig, session: cookieCache };
  const redis = new Redis("redis://127.0.0.1:6379", { keyPrefix: `latchkey-bench:${crypto.randomUUID()}:` });
  const markedConfig: AuthConfig = { ...cachedConfig, store: new RedisStore(redis) };
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
  // The first read goes to the database and sets the cache cookie; the browser sends both after it.
  const cachedCookie = async (config: AuthConfig) => {
    const first = await Auth(request(), config);
    const cache = first.headers.getSetCookie().find((cookie) => cookie.startsWith("latchkey.session-cache="));
    if (cache === undefined) throw new Error("the cookie cache set no cookie");
    return `authjs.session-token=${sessionToken}; ${cache.split(";")[0]}`;
  };
  const cachedRequest = (cookie: string) =>
    new Request("http://app.test/auth/session", { headers: { cookie } });
  const cachedCookieHeader = await cachedCookie(cachedConfig);
  const markedCookieHeader = await cachedCookie(markedConfig);
  const cachedRun = async () => (await Auth(cachedRequest(cachedCookieHeader), cachedConfig)).text();
  const markedRun = async () => (await Auth(cachedRequest(markedCookieHeader), markedConfig)).text();
  const authjsRun = async () => ((await authjsAuth(request(), authjsConfig as never)) as Response).text();

  const notes: string[] = [];
  const cachedNotes: string[] = [];
  for (const [name, run, into] of [
    ["latchkey", latchkeyRun, notes],
    ["@auth/core", authjsRun, notes],
    ["latchkey + cookie cache", cachedRun, cachedNotes],
    ["latchkey + cookie cache + Redis markers", markedRun, cachedNotes],
  ] as const) {
    const body = await run();
    if (!body.includes("ada@example.test"))
      throw new Error(`${name}: GET /session did not return the session`);
    const requests = 20;
    const statements = await opened.countQueries(async () => {
      for (let i = 0; i < requests; i++) await run();
    });
    into.push(`SQL statements per request, ${name}: ${(statements / requests).toFixed(2)}`);
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
      {
        title: "GET /session (database + cookie cache, PostgreSQL via Prisma, cache fresh)",
        tasks: [
          { name: "latchkey", fn: cachedRun },
          { name: "latchkey + Redis markers", fn: markedRun },
          { name: "@auth/core", fn: authjsRun },
        ],
        ratios: [
          ["latchkey", "@auth/core"],
          ["latchkey + Redis markers", "@auth/core"],
          ["latchkey + Redis markers", "latchkey"],
        ],
        notes: cachedNotes,
      },
    ],
    async close() {
      redis.disconnect();
      await prisma.$disconnect();
      await database.drop();
    },
  };
}
