/**
 * The example's database: SQLite in a file under `generated/`, with latchkey's shipped schema. Prisma
 * 7 generates its client offline (the schema engine is not needed to generate), and the tables come
 * from the SQL file kept beside the schema, so the example needs no download and no migration step.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import type { PrismaClientLike } from "latchkey/adapters/prisma";

const root = fileURLToPath(new URL("../../", import.meta.url));
const here = fileURLToPath(new URL("./generated/", import.meta.url));
const run = promisify(execFile);

/** Generates the Prisma client for the shipped SQLite schema once (again only when it changes). */
async function generateClient(): Promise<string> {
  const schema = readFileSync(`${root}prisma/sqlite/schema.prisma`, "utf8");
  const entry = `${here}generated/prisma/client.ts`;
  const copy = `${here}prisma/schema.prisma`;
  if (existsSync(entry) && existsSync(copy) && readFileSync(copy, "utf8") === schema) return entry;
  mkdirSync(`${here}prisma`, { recursive: true });
  writeFileSync(copy, schema);
  const cli = createRequire(import.meta.url).resolve("prisma/build/index.js");
  await run(process.execPath, [cli, "generate", "--schema", "prisma/schema.prisma"], {
    cwd: here,
    // `generate` only needs this to name an existing file; it never runs it.
    env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
  });
  return entry;
}

/** Creates the tables on first start; the file keeps users and sessions across restarts. */
function createTables(file: string): void {
  if (existsSync(file)) return;
  mkdirSync(here, { recursive: true });
  const db = new Database(file);
  db.exec(readFileSync(`${root}prisma/sqlite/schema.sql`, "utf8"));
  db.close();
}

export interface ExampleDatabase {
  prisma: PrismaClientLike & { $disconnect(): Promise<void> };
  file: string;
}

/** Opens (creating it on first use) the example's SQLite database file. */
export async function openDatabase(file = `${here}example.db`): Promise<ExampleDatabase> {
  const entry = await generateClient();
  createTables(file);
  const { PrismaClient } = (await import(pathToFileURL(entry).href)) as {
    PrismaClient: new (options: { adapter: unknown }) => ExampleDatabase["prisma"];
  };
  const prisma = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: `file:${file}` }) });
  return { prisma, file };
}
