/**
 * Fresh, empty databases for one test file: a temp SQLite file, a PostgreSQL schema or a
 * MariaDB database with a random name, created from the shipped schema.sql and dropped again
 * by `drop()`. Connection defaults match the CI services (127.0.0.1, trust auth / empty root
 * password, database `test`); PG* / MARIADB_* environment variables override them.
 */

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaMariaDb } from "@prisma/adapter-mariadb";
import { PrismaPg } from "@prisma/adapter-pg";
import Database from "better-sqlite3";
import mariadb from "mariadb";
import pg from "pg";
import { REPOSITORY_ROOT } from "./prisma-clients.js";

/** How to open another connection to a fresh database, for clients other than Prisma's. */
export type DatabaseLocation =
  | { kind: "sqlite"; file: string }
  | { kind: "postgresql"; pool: pg.PoolConfig }
  | { kind: "mariadb"; connection: typeof mariadbConnection & { database: string } };

/** A database created for this run, and how to get rid of it. */
export interface FreshDatabase {
  location: DatabaseLocation;
  /** The Prisma driver adapter that connects a generated client to it. */
  driverAdapter: unknown;
  /** Runs SQL outside Prisma (introspection); returns the rows. */
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /** The PostgreSQL schema or MariaDB database name; "main" for SQLite. */
  namespace: string;
  drop(): Promise<void>;
}

function randomName(): string {
  return `latchkey_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
}

function readDdl(path: string): string {
  return readFileSync(`${REPOSITORY_ROOT}${path}`, "utf8");
}

export async function freshSqliteDatabase(ddlPath = "prisma/sqlite/schema.sql"): Promise<FreshDatabase> {
  const directory = mkdtempSync(join(tmpdir(), "latchkey-sqlite-"));
  const file = join(directory, "test.db");
  const admin = new Database(file);
  admin.exec(readDdl(ddlPath));
  return {
    location: { kind: "sqlite", file },
    driverAdapter: new PrismaBetterSqlite3({ url: `file:${file}` }),
    namespace: "main",
    async query(sql, params = []) {
      return admin.prepare(sql).all(...params) as Record<string, unknown>[];
    },
    async drop() {
      admin.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

const postgresConnection = {
  host: process.env.PGHOST ?? "127.0.0.1",
  port: Number(process.env.PGPORT ?? 5432),
  database: process.env.PGDATABASE ?? "test",
  password: process.env.PGPASSWORD,
};

/** CI connects as postgres; a local cluster may only know the OS user (root). */
async function connectPostgres(): Promise<pg.Client> {
  const users = process.env.PGUSER ? [process.env.PGUSER] : ["postgres", "root"];
  let lastError: unknown;
  for (const user of users) {
    const client = new pg.Client({ ...postgresConnection, user });
    try {
      await client.connect();
      return client;
    } catch (error) {
      lastError = error;
      await client.end().catch(() => {});
    }
  }
  throw lastError;
}

export async function freshPostgresSchema(ddlPath = "prisma/postgresql/schema.sql"): Promise<FreshDatabase> {
  const admin = await connectPostgres();
  const schema = randomName();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  await admin.query(`SET search_path TO "${schema}"`);
  await admin.query(readDdl(ddlPath));
  const pool = new pg.Pool({ ...postgresConnection, user: admin.user, max: 10 });
  return {
    location: {
      kind: "postgresql",
      pool: { ...postgresConnection, user: admin.user, options: `-c search_path="${schema}"` },
    },
    driverAdapter: new PrismaPg(pool, { schema }),
    namespace: schema,
    async query(sql, params = []) {
      return (await admin.query(sql, params)).rows;
    },
    async drop() {
      await pool.end();
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.end();
    },
  };
}

const mariadbConnection = {
  host: process.env.MARIADB_HOST ?? "127.0.0.1",
  port: Number(process.env.MARIADB_PORT ?? 3306),
  user: process.env.MARIADB_USER ?? "root",
  password: process.env.MARIADB_PASSWORD ?? "",
};

export async function freshMariaDbDatabase(ddlPath = "prisma/mysql/schema.sql"): Promise<FreshDatabase> {
  const admin = await mariadb.createConnection({ ...mariadbConnection, multipleStatements: true });
  const database = randomName();
  await admin.query(`CREATE DATABASE \`${database}\``);
  await admin.query(`USE \`${database}\``);
  await admin.query(readDdl(ddlPath));
  return {
    location: { kind: "mariadb", connection: { ...mariadbConnection, database } },
    driverAdapter: new PrismaMariaDb({ ...mariadbConnection, database, connectionLimit: 10 }),
    namespace: database,
    async query(sql, params = []) {
      return (await admin.query(sql, params)) as Record<string, unknown>[];
    },
    async drop() {
      await admin.query(`DROP DATABASE \`${database}\``);
      await admin.end();
    },
  };
}
