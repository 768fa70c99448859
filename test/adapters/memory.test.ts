import { describe, expect, test } from "vitest";
import { createMemoryTables, MemoryAdapter, MemoryAdapterConstraintError } from "../../src/adapters/index.js";
import { adapterConformance, type StoredRecord } from "../../src/adapters/testing/index.js";
import { registerConformanceChecks } from "./support/conformance-runner.js";

function find<T extends object>(table: Map<string, T>, matches: (record: T) => boolean): StoredRecord | null {
  for (const record of table.values()) if (matches(record)) return { ...record } as StoredRecord;
  return null;
}

describe("MemoryAdapter", () => {
  const tables = createMemoryTables();
  describe("conformance", () => {
    registerConformanceChecks(
      adapterConformance({
        adapter: MemoryAdapter(tables),
        db: {
          user: (id) => find(tables.users, (user) => user.id === id),
          userByEmail: (email) => find(tables.users, (user) => user.email === email),
          account: (provider, providerAccountId) =>
            find(
              tables.accounts,
              (a) => a.provider === provider && a.providerAccountId === providerAccountId,
            ),
          session: (sessionToken) =>
            find(tables.sessions, (session) => session.sessionToken === sessionToken),
          verificationToken: (identifier, token) =>
            find(tables.verificationTokens, (t) => t.identifier === identifier && t.token === token),
          authenticator: (credentialID) =>
            find(tables.authenticators, (a) => a.credentialID === credentialID),
        },
      }),
      // An in-memory adapter makes no queries to count.
      ["getSessionAndUser reads the session and its user in one query"],
    );
  });

  test("keeps the id createUser is given, so tests can use fixed ids", async () => {
    const adapter = MemoryAdapter();
    const user = await adapter.createUser({ id: "user-1", email: "ada@example.test", emailVerified: null });
    expect(user.id).toBe("user-1");
  });

  test("rejects records that point at a user that does not exist, like a foreign key would", async () => {
    const adapter = MemoryAdapter();
    const expires = new Date(Date.now() + 60_000);
    await expect(
      adapter.createSession({ sessionToken: "s", userId: "nobody", expires }),
    ).rejects.toBeInstanceOf(MemoryAdapterConstraintError);
    await expect(
      adapter.linkAccount({ userId: "nobody", type: "oauth", provider: "github", providerAccountId: "1" }),
    ).rejects.toBeInstanceOf(MemoryAdapterConstraintError);
  });

  test("adapters made without tables do not share state", async () => {
    const first = MemoryAdapter();
    await first.createUser({ id: "u", email: "ada@example.test", emailVerified: null });
    expect(await MemoryAdapter().getUser("u")).toBeNull();
  });
});
