/**
 * Where the generated Prisma clients for the shipped schemas live. global-setup.ts generates
 * them; tests import them dynamically so that type-checking the repository never depends on a
 * generated folder being present.
 */

import { fileURLToPath, pathToFileURL } from "node:url";
import type { PrismaClientLike, PrismaModelDelegate } from "../../../src/adapters/prisma/client.js";

interface SchemaFlavorSource {
  /** A shipped schema, relative to the repository root. */
  schema: string;
  /** Preview features added to the generator, for a stricter variant of a shipped schema. */
  previewFeatures?: string[];
  /** Leave out latchkey's optional session metadata fields: the Session model as Auth.js ships it. */
  withoutSessionMetadata?: boolean;
}

export const SCHEMA_FLAVORS = {
  postgresql: { schema: "prisma/postgresql/schema.prisma" },
  mysql: { schema: "prisma/mysql/schema.prisma" },
  sqlite: { schema: "prisma/sqlite/schema.prisma" },
  snakeCase: { schema: "prisma/examples/snake-case/schema.prisma" },
  // Prisma's strictest client: an explicit `undefined` anywhere in a query is an error.
  sqliteStrictUndefined: {
    schema: "prisma/sqlite/schema.prisma",
    previewFeatures: ["strictUndefinedChecks"],
  },
  // An app that kept the Session model of its Auth.js schema: no metadata fields.
  sqliteAuthjsSession: { schema: "prisma/sqlite/schema.prisma", withoutSessionMetadata: true },
} satisfies Record<string, SchemaFlavorSource>;

export type SchemaFlavor = keyof typeof SCHEMA_FLAVORS;

export const REPOSITORY_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * Each schema is copied to generated/prisma-clients/<flavor>/prisma/schema.prisma, so its
 * `output = "../generated/prisma"` lands beside the copy, exactly as in a user's project.
 */
export function flavorDirectory(flavor: SchemaFlavor): string {
  return `${REPOSITORY_ROOT}generated/prisma-clients/${flavor}`;
}

export function generatedClientEntry(flavor: SchemaFlavor): string {
  return `${flavorDirectory(flavor)}/generated/prisma/client.ts`;
}

/** The generated module's PrismaClient class, typed only as far as the tests use it. */
export async function loadPrismaClientClass(flavor: SchemaFlavor): Promise<PrismaClientClass> {
  const module = (await import(pathToFileURL(generatedClientEntry(flavor)).href)) as {
    PrismaClient: PrismaClientClass;
  };
  return module.PrismaClient;
}

export interface QueryEvent {
  query: string;
}

/** A generated client as the tests see it: the adapter's structural type plus lifecycle and logging. */
export interface TestPrismaClient extends PrismaClientLike {
  authenticator: PrismaModelDelegate;
  $extends(extension: object): TestPrismaClient;
  $on(event: "query", listener: (event: QueryEvent) => void): void;
  $disconnect(): Promise<void>;
}

export type PrismaClientClass = new (options: { adapter: unknown; log?: object[] }) => TestPrismaClient;

/** The schema text a flavor is generated from: the shipped file, plus any preview features. */
export function flavorSchemaSource(flavor: SchemaFlavor, readShipped: (path: string) => string): string {
  const source: SchemaFlavorSource = SCHEMA_FLAVORS[flavor];
  let shipped = readShipped(source.schema);
  if (source.withoutSessionMetadata) {
    // Only the Session model's: other models (Organization, Member) have a createdAt of their own.
    const metadata = /^ {2}(createdAt|lastSeenAt|userAgent|ipAddress) .*\n/gm;
    const session = shipped.match(/^model Session \{[^}]*\}/m)?.[0] ?? "";
    if ((session.match(metadata) ?? []).length !== 4)
      throw new Error(`${source.schema} lacks the session metadata`);
    shipped = shipped.replace(session, session.replace(metadata, ""));
  }
  if (!source.previewFeatures) return shipped;
  if (/previewFeatures/.test(shipped)) throw new Error(`${source.schema} already sets previewFeatures`);
  const features = source.previewFeatures.map((feature) => JSON.stringify(feature)).join(", ");
  const generator = /(provider\s*=\s*"prisma-client"\n)/;
  if (!generator.test(shipped)) throw new Error(`${source.schema} has no prisma-client generator line`);
  return shipped.replace(generator, `$1  previewFeatures = [${features}]\n`);
}
