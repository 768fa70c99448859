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
          twoFactor: (userId) => find(tables.twoFactors, (record) => record.userId === userId),
          recoveryCodes: (userId) =>
            [...tables.recoveryCodes.values()]
              .filter((code) => code.userId === userId)
              .map((code) => ({ ...code })),
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

  describe("two-factor records", () => {
    const record = (userId: string) => ({
      userId,
      totpSecret: "v1.sealed",
      totpEnabledAt: new Date("2026-01-01T00:00:00Z"),
      lastTotpStep: null,
      trustedDevicesSince: null,
    });

    test("a TOTP step is accepted once, and no step at or before the last one", async () => {
      const adapter = MemoryAdapter();
      await adapter.createUser({ id: "u", email: "ada@example.test", emailVerified: null });
      await adapter.setTwoFactor(record("u"));
      expect(await adapter.spendTotpStep("u", 100)).toBe(true);
      expect(await adapter.spendTotpStep("u", 100)).toBe(false);
      expect(await adapter.spendTotpStep("u", 99)).toBe(false);
      expect(await adapter.spendTotpStep("u", 101)).toBe(true);
      expect(await adapter.spendTotpStep("nobody", 1)).toBe(false);
      expect((await adapter.getTwoFactor("u"))?.lastTotpStep).toBe(101);
    });

    test("a recovery code is spent once and the count of unused codes goes down", async () => {
      const adapter = MemoryAdapter();
      await adapter.createUser({ id: "u", email: "ada@example.test", emailVerified: null });
      await adapter.replaceRecoveryCodes("u", ["h1", "h2", "h3"]);
      expect(await adapter.useRecoveryCode("u", "h2")).toEqual({ remaining: 2 });
      expect(await adapter.useRecoveryCode("u", "h2")).toBeNull();
      expect(await adapter.useRecoveryCode("other", "h1")).toBeNull();
      expect(await adapter.countRecoveryCodes("u")).toBe(2);
      await adapter.replaceRecoveryCodes("u", ["h4"]);
      expect(await adapter.useRecoveryCode("u", "h1")).toBeNull();
      expect(await adapter.countRecoveryCodes("u")).toBe(1);
    });

    test("deleting the user deletes the two-factor record and recovery codes", async () => {
      const tables = createMemoryTables();
      const adapter = MemoryAdapter(tables);
      await adapter.createUser({ id: "u", email: "ada@example.test", emailVerified: null });
      await adapter.setTwoFactor(record("u"));
      await adapter.replaceRecoveryCodes("u", ["h1"]);
      await adapter.deleteUser("u");
      expect(tables.twoFactors.size).toBe(0);
      expect(tables.recoveryCodes.size).toBe(0);
    });

    test("a two-factor record for a user that does not exist is refused, like a foreign key would", async () => {
      const adapter = MemoryAdapter();
      await expect(adapter.setTwoFactor(record("nobody"))).rejects.toBeInstanceOf(
        MemoryAdapterConstraintError,
      );
      await expect(adapter.replaceRecoveryCodes("nobody", ["h"])).rejects.toBeInstanceOf(
        MemoryAdapterConstraintError,
      );
    });
  });
});
