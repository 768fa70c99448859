/**
 * Generates a Prisma client for each shipped relational schema before the adapter tests run.
 * `prisma migrate`/`db push` need a schema-engine download, so the tests apply the hand-written
 * schema.sql files instead; `prisma generate` works offline as long as
 * PRISMA_SCHEMA_ENGINE_BINARY names an existing file (it is never executed by generate).
 * Clients are regenerated only when a schema or the Prisma version changes.
 */

import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import {
  flavorDirectory,
  flavorSchemaSource,
  generatedClientEntry,
  REPOSITORY_ROOT,
  SCHEMA_FLAVORS,
  type SchemaFlavor,
} from "./support/prisma-clients.js";

const run = promisify(execFile);
const require = createRequire(import.meta.url);

async function generate(flavor: SchemaFlavor, prismaCli: string, prismaVersion: string): Promise<void> {
  const schema = flavorSchemaSource(flavor, (path) => readFileSync(`${REPOSITORY_ROOT}${path}`, "utf8"));
  const fingerprint = createHash("sha256").update(prismaVersion).update(schema).digest("hex");
  const directory = flavorDirectory(flavor);
  const stamp = `${directory}/schema.sha256`;
  if (
    existsSync(generatedClientEntry(flavor)) &&
    existsSync(stamp) &&
    readFileSync(stamp, "utf8") === fingerprint
  ) {
    return;
  }
  mkdirSync(`${directory}/prisma`, { recursive: true });
  writeFileSync(`${directory}/prisma/schema.prisma`, schema);
  await run(process.execPath, [prismaCli, "generate", "--schema", "prisma/schema.prisma"], {
    cwd: directory,
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
      CHECKPOINT_DISABLE: "1",
    },
  });
  writeFileSync(stamp, fingerprint);
}

export default async function setup(): Promise<void> {
  const prismaPackage = require.resolve("prisma/package.json");
  const { version } = JSON.parse(readFileSync(prismaPackage, "utf8")) as { version: string };
  const prismaCli = prismaPackage.replace(/package\.json$/, "build/index.js");
  await Promise.all(
    (Object.keys(SCHEMA_FLAVORS) as SchemaFlavor[]).map((flavor) => generate(flavor, prismaCli, version)),
  );
}
