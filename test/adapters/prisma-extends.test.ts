import { afterAll, describe, expect, test } from "vitest";
import { PrismaAdapter } from "../../src/adapters/prisma/index.js";
import { adapterConformance } from "../../src/adapters/testing/index.js";
import { registerConformanceChecks } from "./support/conformance-runner.js";
import { freshSqliteDatabase } from "./support/databases.js";
import type { TestPrismaClient } from "./support/prisma-clients.js";
import { openPrismaClient, prismaConformanceDatabase } from "./support/prisma-suite.js";

// The strictest setup a user can have: a client built with $extends, generated with
// strictUndefinedChecks (any explicit `undefined` in a query throws).
const database = await freshSqliteDatabase();
const opened = await openPrismaClient("sqliteStrictUndefined", database);
const operations: string[] = [];
const audited = opened.prisma.$extends({
  query: {
    $allModels: {
      async $allOperations({ model, operation, args, query }: AuditedCall) {
        operations.push(`${model}.${operation}`);
        return query(args);
      },
    },
  },
});

interface AuditedCall {
  model: string;
  operation: string;
  args: unknown;
  query(args: unknown): Promise<unknown>;
}

interface QueryCall {
  args: { data?: Record<string, unknown> };
  query(args: unknown): Promise<unknown>;
}

/** A stand-in for at-rest token encryption, the usual reason to extend account writes. */
function sealToken(token: unknown): unknown {
  return typeof token === "string" ? `sealed:${[...token].reverse().join("")}` : token;
}

function unsealToken(token: unknown): unknown {
  return typeof token === "string" && token.startsWith("sealed:")
    ? [...token.slice(7)].reverse().join("")
    : token;
}

async function unsealAccount(result: Promise<unknown>): Promise<unknown> {
  const account = (await result) as Record<string, unknown> | null;
  return account && { ...account, access_token: unsealToken(account.access_token) };
}

const sealing: TestPrismaClient = opened.prisma.$extends({
  query: {
    account: {
      create: ({ args, query }: QueryCall) =>
        unsealAccount(
          query({ ...args, data: { ...args.data, access_token: sealToken(args.data?.access_token) } }),
        ),
      findUnique: ({ args, query }: QueryCall) => unsealAccount(query(args)),
      update: ({ args, query }: QueryCall) =>
        unsealAccount(
          query({ ...args, data: { ...args.data, access_token: sealToken(args.data?.access_token) } }),
        ),
    },
  },
});

describe("PrismaAdapter with a client built with $extends and strictUndefinedChecks", () => {
  afterAll(async () => {
    await opened.prisma.$disconnect();
    await database.drop();
  });

  describe("conformance", () => {
    registerConformanceChecks(
      adapterConformance({
        adapter: PrismaAdapter(audited),
        db: prismaConformanceDatabase(opened),
        // SQLite: Prisma cannot join, see prisma-sqlite.test.ts.
        maxSessionLookupQueries: 2,
      }),
    );
  });

  test("runs every call through the client's query extensions", () => {
    expect(new Set(operations)).toEqual(
      new Set([
        "User.create",
        "User.findUnique",
        "User.update",
        "User.delete",
        "Account.create",
        "Account.findUnique",
        "Account.update",
        "Account.delete",
        "Account.findMany",
        "Session.create",
        "Session.findUnique",
        "Session.findMany",
        "Session.update",
        "Session.delete",
        "VerificationToken.create",
        "VerificationToken.findUnique",
        "VerificationToken.deleteMany",
        "Authenticator.create",
        "Authenticator.findUnique",
        "Authenticator.findMany",
        "Authenticator.update",
        "Authenticator.delete",
        "TwoFactor.findUnique",
        "TwoFactor.upsert",
        "TwoFactor.updateMany",
        "TwoFactor.deleteMany",
        "RecoveryCode.create",
        "RecoveryCode.updateMany",
        "RecoveryCode.count",
        "RecoveryCode.deleteMany",
        "Organization.create",
        "Organization.findUnique",
        "Organization.update",
        "Organization.deleteMany",
        "Member.create",
        "Member.findUnique",
        "Member.findMany",
        "Member.count",
        "Member.updateMany",
        "Member.deleteMany",
        "Invitation.create",
        "Invitation.findUnique",
        "Invitation.findMany",
        "Invitation.updateMany",
        "Invitation.deleteMany",
      ]),
    );
  });

  test("createUserAndLinkAccount sends the account through the same extensions as linkAccount", async () => {
    const adapter = PrismaAdapter(sealing);
    const email = `sealed-${crypto.randomUUID()}@example.test`;
    const account = {
      type: "oauth",
      provider: "github",
      providerAccountId: crypto.randomUUID(),
      access_token: "gho_abc",
    } as const;
    const { user } = await adapter.createUserAndLinkAccount({ id: "", email, emailVerified: null }, account);

    const stored = (await opened.prisma.account.findUnique({
      where: {
        provider_providerAccountId: { provider: "github", providerAccountId: account.providerAccountId },
      },
    })) as { access_token: string; userId: string };
    expect(stored).toMatchObject({ access_token: "sealed:cba_ohg", userId: user.id });
    expect(await adapter.getAccount(account.providerAccountId, "github")).toMatchObject({
      access_token: "gho_abc",
    });
  });

  test("updateAccount sends the new tokens through the same extensions as linkAccount", async () => {
    const adapter = PrismaAdapter(sealing);
    const user = await adapter.createUser({
      id: "",
      email: `refresh-${crypto.randomUUID()}@example.test`,
      emailVerified: null,
    });
    const account = {
      userId: user.id,
      type: "oauth",
      provider: "github",
      providerAccountId: crypto.randomUUID(),
      access_token: "gho_old",
    } as const;
    await adapter.linkAccount(account);
    const updated = await adapter.updateAccount({
      provider: "github",
      providerAccountId: account.providerAccountId,
      access_token: "gho_new",
    });

    expect(updated).toMatchObject({ access_token: "gho_new" });
    const stored = (await opened.prisma.account.findUnique({
      where: {
        provider_providerAccountId: { provider: "github", providerAccountId: account.providerAccountId },
      },
    })) as { access_token: string };
    expect(stored.access_token).toBe("sealed:wen_ohg");
  });
});
