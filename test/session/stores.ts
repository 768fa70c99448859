/**
 * The stores the database-session tests run against: MemoryAdapter, and PrismaAdapter on a fresh
 * SQLite, PostgreSQL and MariaDB database. Each store is opened once per test file and emptied
 * between tests; its reader bypasses the adapter, so a test sees what was really written.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import { createMemoryTables, MemoryAdapter, type MemoryTables } from "../../src/adapters/memory.js";
import { PrismaAdapter } from "../../src/adapters/prisma/index.js";
import type { ConformanceDatabase, StoredRecord } from "../../src/adapters/testing/index.js";
import type { Adapter } from "../../src/adapters/types.js";
import {
  type FreshDatabase,
  freshMariaDbDatabase,
  freshPostgresSchema,
  freshSqliteDatabase,
} from "../adapters/support/databases.js";
import type { SchemaFlavor } from "../adapters/support/prisma-clients.js";
import { openPrismaClient, prismaConformanceDatabase } from "../adapters/support/prisma-suite.js";

export type CountedTable = "users" | "accounts" | "sessions";

/** The conformance kit's raw reads, plus row counts. */
export interface StoreReader extends ConformanceDatabase {
  count(table: CountedTable): Promise<number>;
}

export interface OpenedStore {
  adapter: Adapter;
  db: StoreReader;
  /** Deletes every user, account and session, so the next test starts from an empty store. */
  empty(): Promise<void>;
  close(): Promise<void>;
}

/** SQL queries one `GET /session` sends through `Auth()`, counted from the client's query log. */
export interface SessionReadQueries {
  /** No extension due: only getSessionAndUser. */
  lookup: number;
  /** An extension due: getSessionAndUser, then updateSession. */
  extension: number;
}

export interface SessionStore {
  name: string;
  /** Set for stores that speak SQL; their reader then has `countQueries`. */
  sessionReadQueries?: SessionReadQueries;
  open(): Promise<OpenedStore>;
}

function findIn<T extends object>(
  table: Map<string, T>,
  matches: (record: T) => boolean,
): StoredRecord | null {
  for (const record of table.values()) if (matches(record)) return structuredClone(record) as StoredRecord;
  return null;
}

function memoryReader(tables: MemoryTables): StoreReader {
  return {
    user: (id) => findIn(tables.users, (user) => user.id === id),
    userByEmail: (email) => findIn(tables.users, (user) => user.email === email),
    account: (provider, providerAccountId) =>
      findIn(tables.accounts, (a) => a.provider === provider && a.providerAccountId === providerAccountId),
    session: (sessionToken) => findIn(tables.sessions, (session) => session.sessionToken === sessionToken),
    verificationToken: (identifier, token) =>
      findIn(tables.verificationTokens, (t) => t.identifier === identifier && t.token === token),
    authenticator: (credentialID) => findIn(tables.authenticators, (a) => a.credentialID === credentialID),
    count: async (table) => tables[table].size,
  };
}

const memoryStore: SessionStore = {
  name: "MemoryAdapter",
  async open() {
    const tables = createMemoryTables();
    return {
      adapter: MemoryAdapter(tables),
      db: memoryReader(tables),
      async empty() {
        for (const table of Object.values(tables) as Map<string, unknown>[]) table.clear();
      },
      async close() {},
    };
  },
};

const PRISMA_MODELS = { users: "user", accounts: "account", sessions: "session" } as const;

async function openPrismaStore(flavor: SchemaFlavor, database: FreshDatabase): Promise<OpenedStore> {
  let opened: Awaited<ReturnType<typeof openPrismaClient>>;
  try {
    opened = await openPrismaClient(flavor, database);
  } catch (error) {
    await database.drop();
    throw error;
  }
  const { prisma } = opened;
  return {
    adapter: PrismaAdapter(prisma),
    db: {
      ...prismaConformanceDatabase(opened),
      // The tables hold a handful of rows per test: reading them is as cheap as a COUNT.
      count: async (table) => ((await prisma[PRISMA_MODELS[table]].findMany({})) as unknown[]).length,
    },
    async empty() {
      // Children first, so the foreign keys never see an orphan.
      await prisma.session.deleteMany({});
      await prisma.account.deleteMany({});
      await prisma.user.deleteMany({});
    },
    async close() {
      await prisma.$disconnect();
      await database.drop();
    },
  };
}

/**
 * MemoryAdapter first, then PrismaAdapter on each database. The query counts match
 * test/adapters: PostgreSQL joins the session and its user in one query; SQLite and MariaDB
 * cannot and take two, and MariaDB runs updateSession as a four-statement transaction.
 */
const ALL_SESSION_STORES: SessionStore[] = [
  memoryStore,
  {
    name: "PrismaAdapter on SQLite",
    sessionReadQueries: { lookup: 2, extension: 3 },
    open: async () => openPrismaStore("sqlite", await freshSqliteDatabase()),
  },
  {
    name: "PrismaAdapter on PostgreSQL",
    sessionReadQueries: { lookup: 1, extension: 2 },
    open: async () => openPrismaStore("postgresql", await freshPostgresSchema()),
  },
  {
    name: "PrismaAdapter on MariaDB",
    sessionReadQueries: { lookup: 2, extension: 6 },
    open: async () => openPrismaStore("mysql", await freshMariaDbDatabase()),
  },
];

/**
 * The stores to run against: all of them, or only the MemoryAdapter when `LATCHKEY_TEST_STORES` is
 * `memory`. The mutation run (stryker/vitest.config.ts) sets it: it tests the session code, which
 * the MemoryAdapter exercises as fully, and every database store would multiply its run time.
 */
export const SESSION_STORES: SessionStore[] =
  process.env.LATCHKEY_TEST_STORES === "memory" ? [memoryStore] : ALL_SESSION_STORES;

/**
 * Opens `store` once for the enclosing describe block, empties it before each test and closes it
 * after the block. Returns the opened store; call it inside tests and hooks only.
 */
export function useStore(store: SessionStore): () => OpenedStore {
  let opened: OpenedStore | undefined;
  beforeAll(async () => {
    opened = await store.open();
  });
  afterAll(async () => {
    await opened?.close();
  });
  beforeEach(async () => {
    if (!opened) throw new Error(`${store.name} did not open`);
    await opened.empty();
  });
  return () => {
    if (!opened) throw new Error(`${store.name} did not open`);
    return opened;
  };
}
