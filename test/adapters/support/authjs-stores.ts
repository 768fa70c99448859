/**
 * Auth.js's own adapters on fresh databases, opened the way an Auth.js app switching to latchkey
 * would bring them: @auth/prisma-adapter on latchkey's shipped Prisma schemas (the models of
 * Auth.js's Prisma schema, with a surrogate `id` on Account and Session), @auth/drizzle-adapter
 * on its default tables, @auth/pg-adapter on its documented SQL schema. Each store has a raw
 * reader that bypasses the adapter, for the conformance kit and for the tests through `Auth()`.
 */

import { DrizzleAdapter } from "@auth/drizzle-adapter";
import PostgresAdapter from "@auth/pg-adapter";
import { PrismaAdapter as AuthjsPrismaAdapter } from "@auth/prisma-adapter";
import Database from "better-sqlite3";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { drizzle as drizzleMysql } from "drizzle-orm/mysql2";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import mysql from "mysql2/promise";
import pg from "pg";
import type { StoredRecord } from "../../../src/adapters/testing/index.js";
import type { Adapter } from "../../../src/adapters/types.js";
import type { CountedTable, OpenedStore, StoreReader } from "../../session/stores.js";
import {
  type DatabaseLocation,
  type FreshDatabase,
  freshMariaDbDatabase,
  freshPostgresSchema,
  freshSqliteDatabase,
} from "./databases.js";
import type { SchemaFlavor } from "./prisma-clients.js";
import { openPrismaClient, prismaConformanceDatabase } from "./prisma-suite.js";

export type AuthjsAdapterName = "@auth/prisma-adapter" | "@auth/drizzle-adapter" | "@auth/pg-adapter";
export type DatabaseName = "SQLite" | "PostgreSQL" | "MariaDB";

export interface AuthjsStore {
  /** e.g. "@auth/prisma-adapter on PostgreSQL". */
  name: string;
  adapterName: AuthjsAdapterName;
  database: DatabaseName;
  /** Queries getSessionAndUser takes when the adapter joins as well as the database allows. */
  sessionLookupQueries: number;
  /** Returns an id no user has, in the store's id format. */
  unknownUserId?: () => string;
  open(): Promise<OpenedStore>;
}

/** Auth.js's Adapter type is ours but for its account `type` union; the methods are the same. */
function asAdapter(adapter: unknown): Adapter {
  return adapter as Adapter;
}

/** Counts what a client sends, for `countQueries`. Checks run one at a time, so one counter will do. */
function queryCounter() {
  let count = 0;
  return {
    record: () => {
      count++;
    },
    async countQueries(action: () => Promise<unknown>): Promise<number> {
      const before = count;
      await action();
      return count - before;
    },
  };
}

/** Cleans up what was opened so far when opening a store fails halfway. */
async function openOrDrop<T>(database: FreshDatabase, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    await database.drop();
    throw error;
  }
}

// ---- @auth/prisma-adapter -------------------------------------------------------------------

const PRISMA_MODELS = { users: "user", accounts: "account", sessions: "session" } as const;

async function openAuthjsPrisma(flavor: SchemaFlavor, database: FreshDatabase): Promise<OpenedStore> {
  const opened = await openOrDrop(database, () => openPrismaClient(flavor, database));
  const { prisma } = opened;
  return {
    adapter: asAdapter(AuthjsPrismaAdapter(prisma as never)),
    db: {
      ...prismaConformanceDatabase(opened),
      count: async (table) => ((await prisma[PRISMA_MODELS[table]].findMany({})) as unknown[]).length,
    },
    async empty() {
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

// ---- raw reads for the SQL adapters ----------------------------------------------------------

/** Column names as the adapters' records name them; the tables differ per adapter. */
interface TableNames {
  user: string;
  account: string;
  session: string;
  verificationToken: string;
  authenticator?: string;
}

type RunQuery = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

const DATE_FIELDS = new Set(["expires", "emailVerified"]);

/**
 * Rebuilds the values a driver hands back raw: SQLite keeps dates as epoch milliseconds and
 * booleans as 0/1, MariaDB booleans as 0/1, and drizzle stores PostgreSQL/MySQL timestamps
 * without a zone as UTC wall time.
 */
function decodeRow(row: Record<string, unknown> | undefined): StoredRecord | null {
  if (!row) return null;
  const decoded: StoredRecord = {};
  for (const [field, value] of Object.entries(row)) {
    if (DATE_FIELDS.has(field) && value !== null && !(value instanceof Date)) {
      decoded[field] = new Date(typeof value === "string" ? `${value.replace(" ", "T")}Z` : Number(value));
    } else if (field === "credentialBackedUp" && typeof value === "number") {
      decoded[field] = value === 1;
    } else if (field === "expires_at" && typeof value === "string") {
      decoded[field] = Number(value);
    } else {
      decoded[field] = value;
    }
  }
  return decoded;
}

/** How a database spells a quoted name, the nth query parameter, and the text type for CAST. */
interface Dialect {
  quote(name: string): string;
  placeholder(index: number): string;
  textType: string;
}

const POSTGRES: Dialect = {
  quote: (name) => `"${name}"`,
  placeholder: (index) => `$${index + 1}`,
  textType: "text",
};
const SQLITE: Dialect = { quote: (name) => `"${name}"`, placeholder: () => "?", textType: "text" };
const MYSQL: Dialect = { quote: (name) => `\`${name}\``, placeholder: () => "?", textType: "char" };

function sqlReader(
  run: RunQuery,
  tables: TableNames,
  { quote, placeholder, textType }: Dialect,
  countQueries: (action: () => Promise<unknown>) => Promise<number>,
): StoreReader {
  const one = async (table: string, where: Record<string, string>) => {
    const conditions = Object.keys(where)
      // Compared as text, so an id of the wrong format finds nothing instead of failing the read.
      .map((column, index) => `CAST(${quote(column)} AS ${textType}) = ${placeholder(index)}`)
      .join(" AND ");
    const rows = await run(`SELECT * FROM ${quote(table)} WHERE ${conditions}`, Object.values(where));
    return decodeRow(rows[0]);
  };
  const countedTables: Record<CountedTable, string> = {
    users: tables.user,
    accounts: tables.account,
    sessions: tables.session,
  };
  const authenticatorTable = tables.authenticator;
  return {
    user: (id) => one(tables.user, { id }),
    userByEmail: (email) => one(tables.user, { email }),
    account: (provider, providerAccountId) => one(tables.account, { provider, providerAccountId }),
    session: (sessionToken) => one(tables.session, { sessionToken }),
    verificationToken: (identifier, token) => one(tables.verificationToken, { identifier, token }),
    ...(authenticatorTable
      ? { authenticator: (credentialID: string) => one(authenticatorTable, { credentialID }) }
      : {}),
    countQueries,
    async count(table) {
      const rows = await run(`SELECT COUNT(*) AS n FROM ${quote(countedTables[table])}`, []);
      return Number(rows[0]?.n);
    },
  };
}

// ---- @auth/drizzle-adapter --------------------------------------------------------------------

const DRIZZLE_TABLES: TableNames = {
  user: "user",
  account: "account",
  session: "session",
  verificationToken: "verificationToken",
  authenticator: "authenticator",
};

async function emptyDrizzleTables(run: RunQuery, { quote }: Dialect): Promise<void> {
  for (const table of ["session", "account", "authenticator", "user"])
    await run(`DELETE FROM ${quote(table)}`, []);
}

function location<Kind extends DatabaseLocation["kind"]>(
  database: FreshDatabase,
  kind: Kind,
): Extract<DatabaseLocation, { kind: Kind }> {
  if (database.location.kind !== kind) throw new Error(`expected a ${kind} database`);
  return database.location as Extract<DatabaseLocation, { kind: Kind }>;
}

async function openDrizzleSqlite(database: FreshDatabase): Promise<OpenedStore> {
  const connection = new Database(location(database, "sqlite").file);
  connection.pragma("foreign_keys = ON");
  const counter = queryCounter();
  const db = drizzleSqlite({ client: connection, logger: { logQuery: counter.record } });
  const run: RunQuery = async (sql, params) => {
    const statement = connection.prepare(sql);
    if (statement.reader) return statement.all(...params) as Record<string, unknown>[];
    statement.run(...params);
    return [];
  };
  return {
    adapter: asAdapter(DrizzleAdapter(db)),
    db: sqlReader(run, DRIZZLE_TABLES, SQLITE, counter.countQueries),
    empty: () => emptyDrizzleTables(run, SQLITE),
    async close() {
      connection.close();
      await database.drop();
    },
  };
}

async function openDrizzlePostgres(database: FreshDatabase): Promise<OpenedStore> {
  const pool = new pg.Pool({ ...location(database, "postgresql").pool, max: 10 });
  const counter = queryCounter();
  const db = drizzlePostgres({ client: pool, logger: { logQuery: counter.record } });
  const run: RunQuery = async (text, values) => {
    const result = await pool.query({ text, values, types: utcTimestamps });
    return result.rows;
  };
  return {
    adapter: asAdapter(DrizzleAdapter(db)),
    db: sqlReader(run, DRIZZLE_TABLES, POSTGRES, counter.countQueries),
    empty: () => emptyDrizzleTables(run, POSTGRES),
    async close() {
      await pool.end();
      await database.drop();
    },
  };
}

/** `timestamp without time zone` read as the UTC wall time drizzle writes into it. */
const TIMESTAMP_WITHOUT_ZONE = 1114;
const utcTimestamps = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === TIMESTAMP_WITHOUT_ZONE
      ? (value: string) => new Date(`${value.replace(" ", "T")}Z`)
      : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

async function openDrizzleMariaDb(database: FreshDatabase): Promise<OpenedStore> {
  const pool = mysql.createPool({
    ...location(database, "mariadb").connection,
    connectionLimit: 10,
    dateStrings: true,
    timezone: "Z",
  });
  const counter = queryCounter();
  const db = drizzleMysql({ client: pool, logger: { logQuery: counter.record } });
  const run: RunQuery = async (sql, params) => {
    const [rows] = await pool.query(sql, params);
    return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
  };
  return {
    adapter: asAdapter(DrizzleAdapter(db)),
    db: sqlReader(run, DRIZZLE_TABLES, MYSQL, counter.countQueries),
    empty: () => emptyDrizzleTables(run, MYSQL),
    async close() {
      await pool.end();
      await database.drop();
    },
  };
}

// ---- @auth/pg-adapter -------------------------------------------------------------------------

const PG_ADAPTER_TABLES: TableNames = {
  user: "users",
  account: "accounts",
  session: "sessions",
  verificationToken: "verification_token",
};

async function openPgAdapter(database: FreshDatabase): Promise<OpenedStore> {
  const pool = new pg.Pool({ ...location(database, "postgresql").pool, max: 10 });
  const counter = queryCounter();
  // The adapter takes anything with pg's `query`; counting each call counts its round trips.
  const countingClient = {
    query: (...args: Parameters<pg.Pool["query"]>) => {
      counter.record();
      return pool.query(...args);
    },
  };
  const run: RunQuery = async (text, values) => (await pool.query(text, values)).rows;
  return {
    adapter: asAdapter(PostgresAdapter(countingClient as unknown as pg.Pool)),
    db: sqlReader(run, PG_ADAPTER_TABLES, POSTGRES, counter.countQueries),
    async empty() {
      for (const table of ["sessions", "accounts", "users"]) await run(`DELETE FROM ${table}`, []);
    },
    async close() {
      await pool.end();
      await database.drop();
    },
  };
}

// ---- the list ---------------------------------------------------------------------------------

const DDL = "test/adapters/support/authjs-ddl";

export const AUTHJS_PRISMA_STORES: AuthjsStore[] = [
  {
    name: "@auth/prisma-adapter on SQLite",
    adapterName: "@auth/prisma-adapter",
    database: "SQLite",
    sessionLookupQueries: 2,
    open: async () => openAuthjsPrisma("sqlite", await freshSqliteDatabase()),
  },
  {
    name: "@auth/prisma-adapter on PostgreSQL",
    adapterName: "@auth/prisma-adapter",
    database: "PostgreSQL",
    sessionLookupQueries: 1,
    open: async () => openAuthjsPrisma("postgresql", await freshPostgresSchema()),
  },
  {
    name: "@auth/prisma-adapter on MariaDB",
    adapterName: "@auth/prisma-adapter",
    database: "MariaDB",
    sessionLookupQueries: 2,
    open: async () => openAuthjsPrisma("mysql", await freshMariaDbDatabase()),
  },
];

export const AUTHJS_DRIZZLE_STORES: AuthjsStore[] = [
  {
    name: "@auth/drizzle-adapter on SQLite",
    adapterName: "@auth/drizzle-adapter",
    database: "SQLite",
    sessionLookupQueries: 1,
    open: async () => {
      const database = await freshSqliteDatabase(`${DDL}/drizzle-sqlite.sql`);
      return openOrDrop(database, () => openDrizzleSqlite(database));
    },
  },
  {
    name: "@auth/drizzle-adapter on PostgreSQL",
    adapterName: "@auth/drizzle-adapter",
    database: "PostgreSQL",
    sessionLookupQueries: 1,
    open: async () => {
      const database = await freshPostgresSchema(`${DDL}/drizzle-postgresql.sql`);
      return openOrDrop(database, () => openDrizzlePostgres(database));
    },
  },
  {
    name: "@auth/drizzle-adapter on MariaDB",
    adapterName: "@auth/drizzle-adapter",
    database: "MariaDB",
    sessionLookupQueries: 1,
    open: async () => {
      const database = await freshMariaDbDatabase(`${DDL}/drizzle-mysql.sql`);
      return openOrDrop(database, () => openDrizzleMariaDb(database));
    },
  },
];

export const AUTHJS_PG_STORES: AuthjsStore[] = [
  {
    name: "@auth/pg-adapter on PostgreSQL",
    adapterName: "@auth/pg-adapter",
    database: "PostgreSQL",
    sessionLookupQueries: 1,
    // Its documented schema numbers users with SERIAL.
    unknownUserId: () => String(1_000_000_000 + Math.floor(Math.random() * 1_000_000)),
    open: async () => {
      const database = await freshPostgresSchema(`${DDL}/pg-adapter.sql`);
      return openOrDrop(database, () => openPgAdapter(database));
    },
  },
];

export const AUTHJS_STORES: AuthjsStore[] = [
  ...AUTHJS_PRISMA_STORES,
  ...AUTHJS_DRIZZLE_STORES,
  ...AUTHJS_PG_STORES,
];
