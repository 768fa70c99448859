import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import {
  type FreshDatabase,
  freshMariaDbDatabase,
  freshPostgresSchema,
  freshSqliteDatabase,
} from "./support/databases.js";
import { type Dialect, expectedShape, introspect } from "./support/introspection.js";
import { REPOSITORY_ROOT } from "./support/prisma-clients.js";
import { datasourceProvider, parsePrismaSchema, type SchemaModel } from "./support/prisma-schema.js";

function readSchema(path: string): { source: string; models: SchemaModel[] } {
  const source = readFileSync(`${REPOSITORY_ROOT}${path}`, "utf8");
  return { source, models: parsePrismaSchema(source) };
}

/** The storage schema of the seed (SPEC.md §2.3): "field Type" with "?" for optional, per model. */
const SEED_MODELS: Record<string, string[]> = {
  User: ["id String", "name String?", "email String?", "emailVerified DateTime?", "image String?"],
  Account: [
    "id String",
    "userId String",
    "type String",
    "provider String",
    "providerAccountId String",
    "refresh_token String?",
    "access_token String?",
    "expires_at Int?",
    "token_type String?",
    "scope String?",
    "id_token String?",
    "session_state String?",
  ],
  Session: [
    "id String",
    "sessionToken String",
    "userId String",
    "expires DateTime",
    // latchkey's optional session metadata (prisma/README.md), nullable so Auth.js rows still fit.
    "createdAt DateTime?",
    "lastSeenAt DateTime?",
    "userAgent String?",
    "ipAddress String?",
  ],
  VerificationToken: ["identifier String", "token String", "expires DateTime"],
  Authenticator: [
    "id String",
    "credentialID String",
    "userId String",
    "providerAccountId String",
    "credentialPublicKey String",
    "counter Int",
    "credentialDeviceType String",
    "credentialBackedUp Boolean",
    "transports String?",
  ],
  // latchkey's optional two-factor models (prisma/README.md): one row per enrolled user, keyed by it.
  TwoFactor: [
    "userId String",
    "totpSecret String?",
    "totpEnabledAt DateTime?",
    "lastTotpStep Int?",
    "trustedDevicesSince DateTime?",
  ],
  RecoveryCode: ["id String", "userId String", "codeHash String", "usedAt DateTime?"],
  // latchkey's optional organization models (prisma/README.md, the contract in src/adapters/types.ts).
  Organization: [
    "id String",
    "name String",
    "slug String",
    "logo String?",
    "metadata String?",
    "createdAt DateTime",
  ],
  Member: [
    "id String",
    "organizationId String",
    "userId String",
    "role String",
    "createdAt DateTime",
    "lastActiveAt DateTime?",
  ],
  Invitation: [
    "id String",
    "organizationId String",
    "email String",
    "role String",
    "status String",
    "inviterId String",
    "expires DateTime",
    "createdAt DateTime",
  ],
};

/** Unique field sets of the seed; the VerificationToken pair may be the primary key. */
const SEED_UNIQUES: Record<string, string[]> = {
  User: ["email"],
  Account: ["provider,providerAccountId"],
  Session: ["sessionToken"],
  VerificationToken: ["identifier,token", "token"],
  Authenticator: ["credentialID"],
  // TwoFactor's userId is its primary key.
  TwoFactor: [],
  RecoveryCode: ["userId,codeHash"],
  Organization: ["slug"],
  Member: ["organizationId,userId"],
  Invitation: [],
};

function fieldSignatures(model: SchemaModel): string[] {
  return model.fields.map((field) => `${field.name} ${field.type}${field.optional ? "?" : ""}`);
}

/** Unique sets by field name, the compound primary key counted as one. */
function uniqueFieldSets(model: SchemaModel): string[] {
  const fieldOf = new Map(model.fields.map((field) => [field.column, field.name]));
  const byName = (columns: string[]) => columns.map((column) => fieldOf.get(column) ?? column).join(",");
  const sets = model.uniques.map(byName);
  if (model.primaryKey.length > 1) sets.push(byName(model.primaryKey));
  return sets.sort();
}

const RELATIONAL_SCHEMAS: {
  path: string;
  ddl: string;
  dialect: Dialect;
  fresh: (ddl: string) => Promise<FreshDatabase>;
}[] = [
  {
    path: "prisma/postgresql/schema.prisma",
    ddl: "prisma/postgresql/schema.sql",
    dialect: "postgresql",
    fresh: freshPostgresSchema,
  },
  {
    path: "prisma/mysql/schema.prisma",
    ddl: "prisma/mysql/schema.sql",
    dialect: "mysql",
    fresh: freshMariaDbDatabase,
  },
  {
    path: "prisma/sqlite/schema.prisma",
    ddl: "prisma/sqlite/schema.sql",
    dialect: "sqlite",
    fresh: freshSqliteDatabase,
  },
  {
    path: "prisma/examples/snake-case/schema.prisma",
    ddl: "prisma/examples/snake-case/schema.sql",
    dialect: "postgresql",
    fresh: freshPostgresSchema,
  },
];

describe.each(RELATIONAL_SCHEMAS)("$path", ({ path, ddl, dialect, fresh }) => {
  const { source, models } = readSchema(path);

  test("has the seed's models, fields, uniques and cascading relations to User and Organization", () => {
    expect(datasourceProvider(source)).toBe(dialect);
    expect(Object.fromEntries(models.map((model) => [model.name, fieldSignatures(model)]))).toEqual(
      SEED_MODELS,
    );
    expect(Object.fromEntries(models.map((model) => [model.name, uniqueFieldSets(model)]))).toEqual(
      SEED_UNIQUES,
    );
    for (const model of models) {
      // Every userId and organizationId is a foreign key that cascades; nothing else is one
      // (an invitation's inviterId is a plain column, so it outlives the member who sent it).
      const expected = [
        ["organizationId", "Organization"],
        ["userId", "User"],
      ]
        .filter(([field]) => model.fields.some((candidate) => candidate.name === field))
        .map(([, referencedModel]) => ({ referencedModel, referencedFields: ["id"], onDelete: "Cascade" }));
      expect(
        [...model.relations].sort((a, b) => a.referencedModel.localeCompare(b.referencedModel)),
        model.name,
      ).toMatchObject(expected);
    }
  });

  test(`agrees with ${ddl}: tables, columns, keys, uniques and foreign keys`, async () => {
    const database = await fresh(ddl);
    try {
      expect(await introspect(database, dialect)).toEqual(expectedShape(models, dialect));
    } finally {
      await database.drop();
    }
  });
});

describe("prisma/mysql/schema.prisma", () => {
  test("stores provider tokens as long text: VARCHAR(191) cannot hold an ID token", () => {
    const account = readSchema("prisma/mysql/schema.prisma").models.find((model) => model.name === "Account");
    const longText = account?.fields
      .filter((field) => field.nativeType === "Text")
      .map((field) => field.name);
    expect(longText?.sort()).toEqual(["access_token", "id_token", "refresh_token"]);
  });
});

const ORGANIZATION_MODELS = new Set(["Organization", "Member", "Invitation"]);

describe("prisma/mongodb/schema.prisma", () => {
  const { source, models } = readSchema("prisma/mongodb/schema.prisma");

  test("has the seed's models and uniques, with ObjectId ids in _id (latchkey's ids for the organization models) and ObjectId userIds", () => {
    expect(datasourceProvider(source)).toBe("mongodb");
    // MongoDB needs an _id on every model, the verification token's and the two-factor record's
    // included; the latter's userId is then a unique field instead of the primary key.
    expect(Object.fromEntries(models.map((model) => [model.name, fieldSignatures(model)]))).toEqual({
      ...SEED_MODELS,
      VerificationToken: ["id String", ...(SEED_MODELS.VerificationToken ?? [])],
      TwoFactor: ["id String", ...(SEED_MODELS.TwoFactor ?? [])],
    });
    expect(Object.fromEntries(models.map((model) => [model.name, uniqueFieldSets(model)]))).toEqual({
      ...SEED_UNIQUES,
      TwoFactor: ["userId"],
    });
    for (const model of models) {
      const id = model.fields.find((field) => field.name === "id");
      // The organization models keep the ids latchkey generates (an invitation's is the secret
      // in its link, never an ObjectId a database made up).
      expect(id?.attributes, `${model.name}.id`).toMatch(
        ORGANIZATION_MODELS.has(model.name)
          ? /^@id @map\("_id"\)$/
          : /@id @default\(auto\(\)\) @map\("_id"\) @db\.ObjectId/,
      );
      const userId = model.fields.find((field) => field.name === "userId");
      if (userId) {
        expect(userId.nativeType, `${model.name}.userId`).toBe("ObjectId");
        expect(model.relations.find((relation) => relation.referencedModel === "User")).toMatchObject({
          onDelete: "Cascade",
        });
      }
    }
  });

  test("is a valid Prisma schema", async () => {
    // Prisma 7 validates MongoDB schemas but rejects the datasource `url` that Prisma 6 needs.
    const directory = mkdtempSync(join(tmpdir(), "latchkey-mongodb-schema-"));
    try {
      writeFileSync(join(directory, "schema.prisma"), source.replace(/^\s*url\s*=.*$/m, ""));
      const prismaCli = createRequire(import.meta.url).resolve("prisma/build/index.js");
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [prismaCli, "validate", "--schema", "schema.prisma"],
        {
          cwd: directory,
          env: {
            ...process.env,
            PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
            PRISMA_HIDE_UPDATE_MESSAGE: "1",
            CHECKPOINT_DISABLE: "1",
          },
        },
      );
      expect(stdout).toMatch(/is valid/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
