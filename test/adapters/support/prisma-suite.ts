/**
 * One describe block per database: a fresh database from the shipped DDL, a client generated
 * from the shipped schema, the conformance kit against PrismaAdapter, and the round-trip counts
 * the issue asks for.
 */

import { afterAll, describe, expect, test } from "vitest";
import { PrismaAdapter } from "../../../src/adapters/prisma/index.js";
import {
  adapterConformance,
  type ConformanceDatabase,
  type StoredRecord,
} from "../../../src/adapters/testing/index.js";
import { registerConformanceChecks } from "./conformance-runner.js";
import type { FreshDatabase } from "./databases.js";
import { loadPrismaClientClass, type SchemaFlavor, type TestPrismaClient } from "./prisma-clients.js";

export interface OpenedPrismaClient {
  prisma: TestPrismaClient;
  /** Every SQL statement the client has sent, in order (Prisma's query log). */
  queries: string[];
  countQueries(action: () => Promise<unknown>): Promise<number>;
}

export async function openPrismaClient(
  flavor: SchemaFlavor,
  database: FreshDatabase,
): Promise<OpenedPrismaClient> {
  const PrismaClient = await loadPrismaClientClass(flavor);
  const prisma = new PrismaClient({
    adapter: database.driverAdapter,
    log: [{ emit: "event", level: "query" }],
  });
  const queries: string[] = [];
  prisma.$on("query", (event) => queries.push(event.query));
  return {
    prisma,
    queries,
    async countQueries(action) {
      const before = queries.length;
      await action();
      return queries.length - before;
    },
  };
}

function read(row: PromiseLike<unknown>): Promise<StoredRecord | null> {
  return Promise.resolve(row) as Promise<StoredRecord | null>;
}

/** The two-factor rows, read raw, when the schema has the models. */
function twoFactorReads({ twoFactor, recoveryCode }: TestPrismaClient): Partial<ConformanceDatabase> {
  if (!twoFactor || !recoveryCode) return {};
  return {
    twoFactor: (userId) => read(twoFactor.findUnique({ where: { userId } })),
    recoveryCodes: async (userId) => (await recoveryCode.findMany({ where: { userId } })) as StoredRecord[],
  };
}

/** Raw reads through the client's own model delegates, bypassing PrismaAdapter. */
export function prismaConformanceDatabase(opened: OpenedPrismaClient): ConformanceDatabase {
  const { prisma } = opened;
  return {
    user: (id) => read(prisma.user.findUnique({ where: { id } })),
    userByEmail: (email) => read(prisma.user.findUnique({ where: { email } })),
    account: (provider, providerAccountId) =>
      read(
        prisma.account.findUnique({ where: { provider_providerAccountId: { provider, providerAccountId } } }),
      ),
    session: (sessionToken) => read(prisma.session.findUnique({ where: { sessionToken } })),
    verificationToken: (identifier, token) =>
      read(prisma.verificationToken.findUnique({ where: { identifier_token: { identifier, token } } })),
    authenticator: (credentialID) => read(prisma.authenticator.findUnique({ where: { credentialID } })),
    ...twoFactorReads(prisma),
    countQueries: opened.countQueries,
  };
}

export interface PrismaSuiteOptions {
  flavor: SchemaFlavor;
  /** Round trips for getSessionAndUser on this database: 1 with a join, 2 where Prisma cannot join. */
  sessionLookupQueries: number;
  /** Round trips for getSessionAndUser followed by updateSession (a session extension). */
  sessionExtensionQueries: number;
}

/**
 * Registers the conformance checks and round-trip counts for one database. Call it at the top
 * level of a test file with the database already created (top-level await), because the kit's
 * skips depend on the adapter instance.
 */
export async function describePrismaAdapter(
  title: string,
  database: FreshDatabase,
  { flavor, sessionLookupQueries, sessionExtensionQueries }: PrismaSuiteOptions,
): Promise<void> {
  const opened = await openPrismaClient(flavor, database);
  const adapter = PrismaAdapter(opened.prisma);

  describe(title, () => {
    afterAll(async () => {
      await opened.prisma.$disconnect();
      await database.drop();
    });

    describe("conformance", () => {
      registerConformanceChecks(
        adapterConformance({
          adapter,
          db: prismaConformanceDatabase(opened),
          maxSessionLookupQueries: sessionLookupQueries,
        }),
      );
    });

    test(`getSessionAndUser takes ${sessionLookupQueries} round trip(s), a session extension ${sessionExtensionQueries}`, async () => {
      const user = await adapter.createUser({
        id: "",
        email: `round-trips-${crypto.randomUUID()}@example.test`,
        emailVerified: null,
      });
      const sessionToken = crypto.randomUUID();
      await adapter.createSession({
        sessionToken,
        userId: user.id,
        expires: new Date(Date.now() + 60_000),
      });

      const lookup = await opened.countQueries(async () => {
        expect(await adapter.getSessionAndUser(sessionToken)).toMatchObject({ user: { id: user.id } });
      });
      const extension = await opened.countQueries(async () => {
        await adapter.getSessionAndUser(sessionToken);
        await adapter.updateSession({ sessionToken, expires: new Date(Date.now() + 120_000) });
      });

      expect({ lookup, extension }).toEqual({
        lookup: sessionLookupQueries,
        extension: sessionExtensionQueries,
      });
    });

    test("spendTotpStep is one conditional UPDATE; useRecoveryCode one conditional UPDATE and a count", async () => {
      const user = await adapter.createUser({
        id: "",
        email: `two-factor-queries-${crypto.randomUUID()}@example.test`,
        emailVerified: null,
      });
      await adapter.setTwoFactor?.({
        userId: user.id,
        totpSecret: "v1.sealed",
        totpEnabledAt: new Date(),
        lastTotpStep: null,
        trustedDevicesSince: null,
      });
      await adapter.replaceRecoveryCodes?.(user.id, ["a".repeat(64), "b".repeat(64)]);

      const before = opened.queries.length;
      expect(await adapter.spendTotpStep?.(user.id, 1000)).toBe(true);
      const spend = opened.queries.slice(before);
      const afterSpend = opened.queries.length;
      expect(await adapter.useRecoveryCode?.(user.id, "a".repeat(64))).toEqual({ remaining: 1 });
      const use = opened.queries.slice(afterSpend);

      // The condition is in the UPDATE itself: no read the database could answer stale first.
      expect(spend).toHaveLength(1);
      expect(spend[0]).toMatch(/^UPDATE \S*(TwoFactor|two_factors)\S* SET .* WHERE .* IS NULL OR .* < /);
      expect(use).toHaveLength(2);
      expect(use[0]).toMatch(/^UPDATE \S*(RecoveryCode|recovery_codes)\S* SET .* WHERE .* IS NULL AND /);
      expect(use[1]).toMatch(/^SELECT COUNT\(\*\)/);
    });

    test("acceptInvitation wins by a conditional UPDATE on the status; a demotion first writes every owner row", async () => {
      const owner = await adapter.createUser({
        id: "",
        email: `organization-queries-${crypto.randomUUID()}@example.test`,
        emailVerified: null,
      });
      const invited = await adapter.createUser({
        id: "",
        email: `organization-invited-${crypto.randomUUID()}@example.test`,
        emailVerified: null,
      });
      const organizationId = crypto.randomUUID();
      const createdAt = new Date();
      await adapter.createOrganization?.(
        { id: organizationId, name: "Queries", slug: organizationId, logo: null, metadata: null, createdAt },
        {
          id: crypto.randomUUID(),
          organizationId,
          userId: owner.id,
          role: "owner",
          createdAt,
          lastActiveAt: null,
        },
      );
      const invitationId = crypto.randomUUID();
      await adapter.createInvitation?.({
        id: invitationId,
        organizationId,
        email: invited.email,
        role: "owner",
        status: "pending",
        inviterId: owner.id,
        expires: new Date(Date.now() + 60_000),
        createdAt,
      });

      const before = opened.queries.length;
      const member = {
        id: crypto.randomUUID(),
        organizationId,
        userId: invited.id,
        role: "member",
        createdAt,
        lastActiveAt: null,
      };
      expect(await adapter.acceptInvitation?.({ invitationId, member, now: new Date() })).toMatchObject({
        outcome: "accepted",
      });
      const accept = opened.queries.slice(before);
      const afterAccept = opened.queries.length;
      expect(
        await adapter.updateMemberRole?.({
          organizationId,
          userId: owner.id,
          role: "admin",
          fromRoles: ["owner"],
        }),
      ).toMatchObject({ outcome: "done" });
      const demote = opened.queries.slice(afterAccept);

      // The status condition is in the UPDATE whose row count decides, not only in a read before it.
      expect(accept.filter((query) => /^UPDATE /.test(query))).toEqual([
        expect.stringMatching(
          /^UPDATE \S*(Invitation|invitations)\S* SET .*status.* WHERE .*status.* = .*expires.* > /,
        ),
      ]);
      // The owner rows are written (so locked) before the owners are counted.
      const lock = demote.findIndex((query) =>
        /^UPDATE \S*(Member|members)\S* SET .*role.* WHERE .*role/.test(query),
      );
      const count = demote.findIndex((query) => /^SELECT COUNT/.test(query));
      expect(lock).toBeGreaterThanOrEqual(0);
      expect(count).toBeGreaterThan(lock);
    });
  });
}
