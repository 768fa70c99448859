import { ACCOUNT_COLUMNS } from "../../columns.js";
import type { AdapterAccount } from "../../types.js";
import {
  assert,
  assertEqual,
  assertKeysWithin,
  assertNoUndefined,
  assertRejects,
  withoutEmpty,
} from "../assert.js";
import type { CheckDefinition } from "../context.js";
import { newAccount } from "../fixtures.js";

function assertAccountShape(account: AdapterAccount, what: string): void {
  assertKeysWithin(account, ACCOUNT_COLUMNS, what);
  assertNoUndefined(account, what);
}

export const accountChecks: CheckDefinition[] = [
  {
    name: "linkAccount stores every token field, long ID tokens included, and getAccount returns them",
    requires: ["createUser", "linkAccount", "getAccount"],
    async run({ adapter, db, createUser }) {
      const user = await createUser();
      const account = newAccount(user.id);
      const linked = await adapter.linkAccount(account);
      if (linked) {
        assertAccountShape(linked, "linkAccount result");
        assertEqual(withoutEmpty(linked), account, "linkAccount result");
      }
      const found = await adapter.getAccount(account.providerAccountId, account.provider);
      assert(found, "getAccount should find the account just linked");
      assertAccountShape(found, "getAccount result");
      assertEqual(withoutEmpty(found), account, "getAccount result");
      assert(typeof found.expires_at === "number", "expires_at should read back as a number");
      const stored = await db.account(account.provider, account.providerAccountId);
      assert(stored, "the linked account should be stored");
      assertEqual(stored.id_token, account.id_token, "stored id_token (long text, not truncated)");
    },
  },
  {
    name: "linkAccount drops token-set fields the account model has no column for",
    requires: ["createUser", "linkAccount", "getAccount"],
    async run({ adapter, createUser }) {
      const user = await createUser();
      const account = newAccount(user.id);
      await adapter.linkAccount({
        ...account,
        expires_in: 3600,
        refresh_expires_in: 7200,
        "not-before-policy": 0,
      });
      const found = await adapter.getAccount(account.providerAccountId, account.provider);
      assert(found, "getAccount should find the account just linked");
      assertEqual(withoutEmpty(found), account, "getAccount result");
    },
  },
  {
    name: "linkAccount stores an account with only the required fields; absent tokens read back empty",
    requires: ["createUser", "linkAccount", "getAccount"],
    async run({ adapter, createUser }) {
      const user = await createUser();
      const account: AdapterAccount = {
        userId: user.id,
        type: "email",
        provider: "conformance-email",
        providerAccountId: user.email,
        access_token: undefined,
      };
      await adapter.linkAccount(account);
      const found = await adapter.getAccount(account.providerAccountId, account.provider);
      assert(found, "getAccount should find the account just linked");
      assertAccountShape(found, "getAccount result");
      const { access_token: _, ...required } = account;
      assertEqual(withoutEmpty(found), required, "getAccount result");
    },
  },
  {
    name: "linkAccount rejects a second account with the same provider and providerAccountId",
    requires: ["createUser", "linkAccount"],
    async run({ adapter, createUser }) {
      const first = await createUser();
      const second = await createUser();
      const account = newAccount(first.id);
      await adapter.linkAccount(account);
      await assertRejects(
        () => adapter.linkAccount({ ...account, userId: second.id }),
        "linkAccount of a taken account",
      );
    },
  },
  {
    name: "getAccount returns null for an unknown account",
    requires: ["getAccount"],
    async run({ adapter }) {
      assertEqual(
        await adapter.getAccount(crypto.randomUUID(), "conformance-oidc"),
        null,
        "getAccount(unknown)",
      );
    },
  },
  {
    name: "unlinkAccount removes the account and keeps the user",
    requires: ["createUser", "linkAccount", "unlinkAccount"],
    async run({ adapter, db, createUser }) {
      const user = await createUser();
      const account = newAccount(user.id);
      await adapter.linkAccount(account);
      const { provider, providerAccountId } = account;
      const unlinked = await adapter.unlinkAccount({ provider, providerAccountId });
      if (unlinked) assertEqual(withoutEmpty(unlinked), account, "unlinkAccount result");
      assertEqual(await db.account(provider, providerAccountId), null, "stored account after unlinkAccount");
      assert(await db.user(user.id), "unlinkAccount should not delete the user");
    },
  },
  {
    name: "unlinkAccount of an unknown account does not throw",
    requires: ["unlinkAccount"],
    async run({ adapter }) {
      await adapter.unlinkAccount({ provider: "conformance-oidc", providerAccountId: crypto.randomUUID() });
    },
  },
];
