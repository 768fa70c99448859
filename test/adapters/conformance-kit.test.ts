/**
 * The conformance kit judged on adapters broken on purpose: each check fails for its own cause
 * and only for it, reports every difference, labels the step that threw, and says its level.
 */

import { describe, expect, test } from "vitest";
import { createMemoryTables, MemoryAdapter, type MemoryTables } from "../../src/adapters/memory.js";
import {
  adapterConformance,
  type ConformanceDatabase,
  ConformanceFailure,
  type ConformanceReport,
  runAdapterConformance,
  type StoredRecord,
} from "../../src/adapters/testing/index.js";
import type { Adapter, AdapterMember, AdapterSession, VerificationToken } from "../../src/adapters/types.js";

function find<T extends object>(table: Map<string, T>, matches: (record: T) => boolean): StoredRecord | null {
  for (const record of table.values()) if (matches(record)) return structuredClone(record) as StoredRecord;
  return null;
}

function memoryReader(tables: MemoryTables): ConformanceDatabase {
  return {
    user: (id) => find(tables.users, (user) => user.id === id),
    userByEmail: (email) => find(tables.users, (user) => user.email === email),
    account: (provider, providerAccountId) =>
      find(tables.accounts, (a) => a.provider === provider && a.providerAccountId === providerAccountId),
    session: (sessionToken) => find(tables.sessions, (session) => session.sessionToken === sessionToken),
    verificationToken: (identifier, token) =>
      find(tables.verificationTokens, (t) => t.identifier === identifier && t.token === token),
    authenticator: (credentialID) => find(tables.authenticators, (a) => a.credentialID === credentialID),
  };
}

/** A MemoryAdapter with some methods replaced, and raw reads of its tables. */
function brokenMemoryAdapter(breakIt: (adapter: Required<Adapter>) => Partial<Adapter>) {
  const tables = createMemoryTables();
  const adapter = MemoryAdapter(tables);
  return { adapter: { ...adapter, ...breakIt(adapter) } as Adapter, db: memoryReader(tables) };
}

function failed(report: ConformanceReport) {
  return report.results.filter((result) => result.outcome === "failed");
}

const SESSION_FIELDS_CHECK =
  "session records carry only sessionToken, userId, expires and the session metadata columns";
const RACE_CHECK =
  "useVerificationToken: of concurrent uses of one token exactly one gets it, in every round";
const LONG_TOKEN_CHECK =
  "linkAccount stores long tokens untruncated: a 1,500-character access token, a 2,000-character ID token";

describe("adapterConformance levels", () => {
  const { adapter, db } = brokenMemoryAdapter(() => ({}));

  test("tags every check with its level, and runs the latchkey rules only at the latchkey level", () => {
    const all = adapterConformance({ adapter, db });
    const authjsOnly = adapterConformance({ adapter, db, level: "authjs" });
    expect(new Set(all.map((check) => check.level))).toEqual(new Set(["authjs", "latchkey"]));
    expect(authjsOnly.map((check) => check.name)).toEqual(
      all.filter((check) => check.level === "authjs").map((check) => check.name),
    );
    expect(adapterConformance({ adapter, db, level: "latchkey" }).map((check) => check.name)).toEqual(
      all.map((check) => check.name),
    );
    expect(new Set(all.map((check) => check.name)).size).toBe(all.length);
  });

  test("MemoryAdapter meets both levels; the report says so in one line", async () => {
    const report = await runAdapterConformance({ adapter, db, rounds: 2 });
    expect(failed(report)).toEqual([]);
    expect(report.failedLevels).toEqual([]);
    expect(report.summary).toMatch(
      /^Auth\.js adapter contract: all \d+ checks pass; latchkey rules: all \d+ checks pass; 1 skipped$/,
    );
  });

  test("a check skipped for a missing method throws when run anyway", async () => {
    const { listSessionsByUserId: _, ...withoutListing } = MemoryAdapter();
    const check = adapterConformance({ adapter: withoutListing, db }).find((candidate) =>
      candidate.name.startsWith("listSessionsByUserId"),
    );
    expect(check?.skip).toBe("the adapter does not implement listSessionsByUserId");
    await expect(check?.run()).rejects.toThrow(/Skipped check/);
  });
});

describe("one cause, one failing check", () => {
  test("a surrogate id on session rows fails only the session-fields rule, naming every method", async () => {
    const withId = (session: AdapterSession): AdapterSession => Object.assign({ id: "surrogate" }, session);
    const { adapter, db } = brokenMemoryAdapter((memory) => ({
      createSession: async (session) => withId(await memory.createSession(session)),
      getSessionAndUser: async (token) => {
        const found = await memory.getSessionAndUser(token);
        return found && { ...found, session: withId(found.session) };
      },
      updateSession: async (session) => {
        const updated = await memory.updateSession(session);
        return updated && withId(updated);
      },
      deleteSession: async (token) => {
        const deleted = await memory.deleteSession(token);
        return deleted ? withId(deleted as AdapterSession) : null;
      },
      listSessionsByUserId: async (userId) => (await memory.listSessionsByUserId(userId)).map(withId),
    }));
    const report = await runAdapterConformance({ adapter, db, rounds: 2 });
    expect(failed(report).map(({ name, level, details }) => ({ name, level, details }))).toEqual([
      {
        name: SESSION_FIELDS_CHECK,
        level: "latchkey",
        details: [
          "createSession result has fields the contract does not define: id",
          "getSessionAndUser session has fields the contract does not define: id",
          "updateSession result has fields the contract does not define: id",
          "listSessionsByUserId item has fields the contract does not define: id",
          "deleteSession result has fields the contract does not define: id",
        ],
      },
    ]);
    expect(report.failedLevels).toEqual(["latchkey"]);
    expect(report.summary).toMatch(
      /Auth\.js adapter contract: all \d+ checks pass; latchkey rules: 1 of \d+ checks fail/,
    );
  });

  test("a column too narrow for long tokens fails the long-token check and no other", async () => {
    const { adapter, db } = brokenMemoryAdapter((memory) => ({
      linkAccount: (account) => {
        for (const [field, value] of Object.entries(account)) {
          if (typeof value === "string" && value.length > 255) {
            throw new Error(`Data too long for column '${field}' at row 1`);
          }
        }
        return memory.linkAccount(account);
      },
    }));
    const report = await runAdapterConformance({ adapter, db, rounds: 2 });
    expect(failed(report).map((result) => [result.name, result.level])).toEqual([
      [LONG_TOKEN_CHECK, "authjs"],
    ]);
    expect(failed(report)[0]?.details).toEqual([
      "linkAccount threw (the call under test): Error: Data too long for column 'access_token' at row 1",
    ]);
    expect(report.failedLevels).toEqual(["authjs"]);
  });
});

describe("failures", () => {
  test("list every difference a check finds, not only the first", async () => {
    const { adapter, db } = brokenMemoryAdapter((memory) => ({
      getAccount: async (providerAccountId, provider) => {
        const account = await memory.getAccount(providerAccountId, provider);
        return account && { ...account, access_token: "wrong", scope: "email", expires_at: undefined };
      },
    }));
    const check = adapterConformance({ adapter, db }).find((candidate) =>
      candidate.name.startsWith("linkAccount stores every token field"),
    );
    const failure = await check?.run().then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ConformanceFailure);
    const { differences, level, message } = failure as ConformanceFailure;
    expect(level).toBe("authjs");
    expect(differences).toEqual([
      expect.stringMatching(/^getAccount result\.access_token is "wrong", expected "at_/),
      'getAccount result.scope is "email", expected "openid email profile"',
      expect.stringMatching(/^getAccount result\.expires_at is missing, expected \d+$/),
      "getAccount result.expires_at should be a number, got undefined",
    ]);
    expect(message).toMatch(/^\[Auth\.js adapter contract\] linkAccount stores every token field/);
  });

  test("name the step that threw, with the adapter's error as cause and without the query's parameters", async () => {
    const tokens = "eyJ".padEnd(3000, "x");
    const driverError = Object.assign(new Error("value too long for type character varying(255)"), {
      code: "22001",
    });
    const queryError = new Error(
      `Failed query: insert into "user" ("id") values ($1)\nparams: ${tokens},${tokens}`,
      {
        cause: driverError,
      },
    );
    const { adapter, db } = brokenMemoryAdapter(() => ({
      createUser: () => {
        throw queryError;
      },
    }));
    const report = await runAdapterConformance({ adapter, db, rounds: 1 });

    const setupFailure = report.results.find((result) => result.name.startsWith("getUser returns the user"));
    expect(setupFailure?.details).toEqual([
      'createUser threw during setup: Error: Failed query: insert into "user" ("id") values ($1) params: (left out) ' +
        "← caused by Error 22001: value too long for type character varying(255)",
    ]);
    expect(setupFailure?.cause).toBe(queryError);

    const underTest = report.results.find((result) => result.name.startsWith("createUser stores the user"));
    expect(underTest?.details[0]).toMatch(/^createUser threw \(the call under test\): Error: Failed query/);
    for (const result of failed(report)) {
      for (const detail of result.details) expect(detail.length).toBeLessThan(400);
    }
  });

  test("shorten long values an error quotes, keeping the start and the end of its message", async () => {
    const dump = `Invalid \`prisma.account.create()\` invocation: { data: { access_token: "${"a".repeat(1500)}", ${"refresh_token: 'r', ".repeat(30)} } } Unknown argument \`expires_in\`.`;
    const { adapter, db } = brokenMemoryAdapter(() => ({
      linkAccount: async () => {
        throw new Error(dump);
      },
    }));
    const check = adapterConformance({ adapter, db }).find(
      (candidate) => candidate.name === LONG_TOKEN_CHECK,
    );
    const failure = (await check?.run().catch((error: unknown) => error)) as ConformanceFailure;
    const [detail] = failure.differences;
    expect(detail).toMatch(
      /^linkAccount threw \(the call under test\): Error: Invalid `prisma\.account\.create\(\)`/,
    );
    expect(detail).toMatch(/Unknown argument `expires_in`\.$/);
    expect(detail?.length).toBeLessThan(330);
  });
});

describe("the single-use race", () => {
  /** A useVerificationToken that reads, yields, then deletes: every caller that read before the delete wins. */
  function readThenDelete(racyRounds: (round: number) => boolean) {
    const log: string[] = [];
    let round = 0;
    const { adapter, db } = brokenMemoryAdapter((memory) => ({
      createVerificationToken: (token) => {
        round++;
        log.push("create");
        return memory.createVerificationToken(token);
      },
      useVerificationToken: async (params) => {
        log.push(params.identifier.startsWith("warm-up-") ? "warm-up" : "use");
        if (!racyRounds(round)) return memory.useVerificationToken(params);
        const found = await db.verificationToken(params.identifier, params.token);
        await new Promise((resolve) => setTimeout(resolve, 1));
        await memory.useVerificationToken(params);
        return found as VerificationToken | null;
      },
    }));
    const race = adapterConformance({ adapter, db, concurrency: 6, rounds: 4 }).find(
      (check) => check.name === RACE_CHECK,
    );
    return { race, log };
  }

  test("warms the pool with as many callers as the race, then runs every round", async () => {
    const { race, log } = readThenDelete(() => false);
    await race?.run();
    expect(log).toEqual([
      ...Array(6).fill("warm-up"),
      ...Array.from({ length: 4 }, () => ["create", ...Array(6).fill("use")]).flat(),
    ]);
  });

  test("reports the worst round, with every round's count", async () => {
    const { race } = readThenDelete((round) => round === 3);
    await expect(race?.run()).rejects.toThrow(
      "worst of 4 rounds: 6 of 6 concurrent uses got the token (per round: 1, 1, 6, 1); a sign-in link must work exactly once",
    );
  });
});

describe("the organization races", () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

  test("an acceptInvitation that reads the status, yields, then writes fails the acceptance race", async () => {
    const { adapter, db } = brokenMemoryAdapter((memory) => ({
      acceptInvitation: async ({ invitationId, member, now }) => {
        const invitation = await memory.getInvitation(invitationId);
        await tick();
        if (invitation?.status !== "pending" || invitation.expires <= now) return { outcome: "unavailable" };
        const added = await memory.addMember({
          ...member,
          organizationId: invitation.organizationId,
          role: invitation.role,
        });
        const existing = await memory.getMember(invitation.organizationId, member.userId);
        if (!added && existing) return { outcome: "alreadyMember", member: existing };
        await memory.updatePendingInvitation({ id: invitationId, status: "accepted" });
        return {
          outcome: "accepted",
          invitation: { ...invitation, status: "accepted" },
          member: added ?? member,
        };
      },
    }));
    const check = adapterConformance({ adapter, db, rounds: 2 }).find((candidate) =>
      candidate.name.startsWith("acceptInvitation: of 20 concurrent acceptances"),
    );
    // Round 2 is one user's double clicks: the unique membership saves it; round 1 is not saved.
    await expect(check?.run()).rejects.toThrow(
      /round 1 \(different users\): 20 of 20 concurrent acceptances succeeded and 20 members were added \(invitation accepted\); exactly one must\n {2}- per round: 20 accepted, 20 added, accepted; 1 accepted, 1 added, accepted$/,
    );
  });

  test("a demotion or removal that counts the owners, yields, then writes fails the last-owner race", async () => {
    const tables = createMemoryTables();
    const memory = MemoryAdapter(tables);
    const countThenWrite =
      (write: (key: string, member: AdapterMember, role?: string) => void) =>
      async (target: {
        organizationId: string;
        userId: string;
        fromRoles: readonly string[];
        role?: string;
      }) => {
        const members = await memory.listMembers(target.organizationId);
        const owners = members.filter((member) => member.role === "owner").length;
        await tick();
        for (const [key, member] of tables.members) {
          if (member.organizationId !== target.organizationId || member.userId !== target.userId) continue;
          if (member.role === "owner" && target.role !== "owner" && owners <= 1)
            return { outcome: "lastOwner" as const };
          write(key, member, target.role);
          return { outcome: "done" as const, before: { ...member } };
        }
        return { outcome: "notMember" as const };
      };
    const adapter: Adapter = {
      ...memory,
      updateMemberRole: countThenWrite((key, member, role) =>
        tables.members.set(key, { ...member, role: role ?? member.role }),
      ),
      removeMember: countThenWrite((key) => tables.members.delete(key)),
    };
    const check = adapterConformance({ adapter, db: memoryReader(tables), rounds: 3 }).find((candidate) =>
      candidate.name.startsWith("updateMemberRole and removeMember: of two concurrent"),
    );
    await expect(check?.run()).rejects.toThrow(
      /round 1 \(demote \+ demote of the last two owners\): outcomes done, done, 0 owners left; exactly one must succeed and one owner remain\n.*round 2 \(remove \+ remove.*\n.*round 3 \(demote \+ remove/,
    );
  });
});

describe("updateSession and deleteSession may return nothing", () => {
  test("a result-less updateSession and deleteSession pass; a wrong result fails", async () => {
    const silent = brokenMemoryAdapter((memory) => ({
      updateSession: async (session) => {
        await memory.updateSession(session);
        return undefined;
      },
      deleteSession: async (token) => {
        await memory.deleteSession(token);
      },
    }));
    expect(failed(await runAdapterConformance({ ...silent, rounds: 1 }))).toEqual([]);

    const wrong = brokenMemoryAdapter((memory) => ({
      updateSession: async (session) => {
        const updated = await memory.updateSession(session);
        return updated && { ...updated, expires: new Date(0) };
      },
    }));
    expect(failed(await runAdapterConformance({ ...wrong, rounds: 1 })).map((result) => result.name)).toEqual(
      ["updateSession stores the new expires; its result, if any, is the updated session"],
    );
  });
});
