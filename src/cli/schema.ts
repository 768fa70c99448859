/**
 * `latchkey schema`: the Prisma schema and the SQL of the adapter's tables, read from the `prisma/`
 * folder the package ships (the same files prisma/README.md describes), never a copy of them.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseCommandArgs } from "./args.js";
import { type Command, EXIT, say } from "./command.js";
import { UsageError } from "./usage-error.js";

/** The shipped `prisma/` folder: two levels above this module in the package (dist/cli/, or src/cli/ in the repository). */
const PRISMA_DIR = fileURLToPath(new URL("../../prisma/", import.meta.url));

const DATABASES = {
  postgresql: { name: "PostgreSQL", sql: true },
  mysql: { name: "MySQL 8 / MariaDB", sql: true },
  sqlite: { name: "SQLite", sql: true },
  // Prisma creates MongoDB's collections itself: there is no DDL to apply.
  mongodb: { name: "MongoDB", sql: false },
} as const;

type Database = keyof typeof DATABASES;
type Part = "prisma" | "sql";

const FILES: Record<Part, string> = { prisma: "schema.prisma", sql: "schema.sql" };
const COMMENT: Record<Part, string> = { prisma: "//", sql: "--" };

function databaseOf(value: string | undefined): Database {
  if (value === undefined)
    throw new UsageError(`--db is required: one of ${Object.keys(DATABASES).join(", ")}`);
  if (!Object.hasOwn(DATABASES, value)) {
    throw new UsageError(
      `unknown database "${value}"; --db takes one of ${Object.keys(DATABASES).join(", ")}`,
    );
  }
  return value as Database;
}

function partsOf(only: string | undefined, db: Database): Part[] {
  if (only !== undefined && only !== "prisma" && only !== "sql") {
    throw new UsageError(`--only takes prisma or sql, not "${only}"`);
  }
  if (only === "sql" && !DATABASES[db].sql) {
    throw new UsageError(
      `${DATABASES[db].name} has no SQL schema: Prisma creates its collections (use --only prisma)`,
    );
  }
  const available: Part[] = DATABASES[db].sql ? ["prisma", "sql"] : ["prisma"];
  return only === undefined ? available : [only];
}

const shippedFile = (db: Database, part: Part) => join(PRISMA_DIR, db, FILES[part]);

/** Writes each part into `dir`, refusing to replace a file unless `force`; says what it wrote. */
function writeParts(db: Database, parts: Part[], dir: string, force: boolean): number {
  const targets = parts.map((part) => ({ part, target: join(dir, FILES[part]) }));
  const existing = targets.filter(({ target }) => existsSync(target));
  if (existing.length > 0 && !force) {
    const names = existing.map(({ target }) => relative(process.cwd(), target) || target).join(", ");
    const [verb, pronoun] = existing.length === 1 ? ["exists", "it"] : ["exist", "them"];
    process.stderr.write(`latchkey schema: ${names} already ${verb}; pass --force to replace ${pronoun}.\n`);
    return EXIT.failed;
  }
  mkdirSync(dir, { recursive: true });
  for (const { part, target } of targets) {
    writeFileSync(target, readFileSync(shippedFile(db, part)));
    say(`Wrote ${relative(process.cwd(), target) || target}`);
  }
  return EXIT.ok;
}

export const schemaCommand: Command = {
  summary: "print the Prisma schema and the SQL of the adapter's tables",
  help: `Usage: latchkey schema --db <database> [--only prisma|sql] [--out <dir> [--force]]

Prints the schema of the tables latchkey/adapters/prisma uses (User, Account, Session,
VerificationToken; the optional Authenticator, TwoFactor, RecoveryCode, Organization, Member and
Invitation): the Prisma schema, then the SQL that creates the same tables. The files are the ones
shipped in the package's prisma/ folder.

Options:
  --db <database>     postgresql, mysql (also MariaDB), sqlite or mongodb (Prisma schema only).
  --only prisma|sql   Print (or write) one of the two, unannotated, e.g. to pipe the SQL into psql.
  --out <dir>         Write schema.prisma and schema.sql into dir instead of printing them.
  --force             With --out, replace files that already exist.
  -h, --help          Show this help.

Examples:
  npx latchkey schema --db postgresql
  npx latchkey schema --db postgresql --only sql | psql "$DATABASE_URL"
  npx latchkey schema --db sqlite --out prisma`,

  async run(args) {
    const { values } = parseCommandArgs(
      args,
      {
        db: { type: "string" },
        only: { type: "string" },
        out: { type: "string" },
        force: { type: "boolean" },
      },
      0,
    );
    const db = databaseOf(values.db);
    const parts = partsOf(values.only, db);
    if (values.force && values.out === undefined) throw new UsageError("--force only applies with --out");
    if (values.out !== undefined) return writeParts(db, parts, resolve(values.out), values.force === true);
    if (parts.length === 1) {
      process.stdout.write(readFileSync(shippedFile(db, parts[0] as Part), "utf8"));
      return EXIT.ok;
    }
    // Both: each under a comment in its own syntax that says which file it is.
    const sections = parts.map(
      (part) =>
        `${COMMENT[part]} ${FILES[part]} for ${DATABASES[db].name} (latchkey/prisma/${db}/${FILES[part]})\n\n${readFileSync(shippedFile(db, part), "utf8")}`,
    );
    process.stdout.write(sections.join("\n"));
    return EXIT.ok;
  },
};
