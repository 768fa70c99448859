import { ACCOUNT_COLUMNS } from "../../columns.js";
import type { AdapterAccount } from "../../types.js";
import { fieldsOf } from "../assert.js";
import type { CheckDefinition } from "../context.js";
import { longTokens, newAccount } from "../fixtures.js";

export const accountChecks: CheckDefinition[] = [
  {
    name: "listAccountsByUserId lists exactly the user's accounts, and [] for a user without any",
    level: "latchkey",
    requires: ["createUser", "linkAccount", "listAccountsByUserId"],
    async run({ adapter, setup, createUser, expect }) {
      const user = await createUser();
      const other = await createUser();
      const mine = [newAccount(user.id), newAccount(user.id, { provider: "conformance-other" })];
      for (const account of mine) await setup.linkAccount(account);
      await setup.linkAccount(newAccount(other.id));
      const listed = [...(await adapter.listAccountsByUserId(user.id))].sort((a, b) =>
        a.provider.localeCompare(b.provider),
      );
      const expected = [...mine].sort((a, b) => a.provider.localeCompare(b.provider));
      expect.equal(listed.length, expected.length, "listAccountsByUserId result length");
      listed.forEach((account, index) => {
        expect.equalFields(
          account,
          expected[index] as AdapterAccount,
          ACCOUNT_COLUMNS,
          "listAccountsByUserId item",
        );
      });
      expect.equal(
        await adapter.listAccountsByUserId((await createUser()).id),
        [],
        "listAccountsByUserId(user without accounts)",
      );
    },
  },
  {
    name: "linkAccount stores every token field, and getAccount returns them with expires_at as a number",
    level: "authjs",
    requires: ["createUser", "linkAccount", "getAccount"],
    async run({ adapter, db, createUser, expect }) {
      const user = await createUser();
      const account = newAccount(user.id);
      const linked = await adapter.linkAccount(account);
      if (linked) expect.equalFields(linked, account, ACCOUNT_COLUMNS, "linkAccount result");
      const found = expect.present(
        await adapter.getAccount(account.providerAccountId, account.provider),
        "getAccount should find the account just linked",
      );
      expect.equalFields(found, account, ACCOUNT_COLUMNS, "getAccount result");
      expect.that(
        typeof found.expires_at === "number",
        `getAccount result.expires_at should be a number, got ${typeof found.expires_at}`,
      );
      expect.that(
        await db.account(account.provider, account.providerAccountId),
        "the linked account should be stored",
      );
    },
  },
  {
    name: "linkAccount stores long tokens untruncated: a 1,500-character access token, a 2,000-character ID token",
    level: "authjs",
    requires: ["createUser", "linkAccount"],
    async run({ adapter, db, createUser, expect }) {
      const user = await createUser();
      const account = newAccount(user.id, longTokens());
      await adapter.linkAccount(account);
      const stored = expect.present(
        await db.account(account.provider, account.providerAccountId),
        "the linked account should be stored",
      );
      for (const field of ["access_token", "refresh_token", "id_token"] as const) {
        const value = stored[field];
        expect.that(
          value === account[field],
          `stored ${field} should be the ${account[field]?.length}-character token, got ${
            typeof value === "string" ? `${value.length} characters` : String(value)
          }`,
        );
      }
    },
  },
  {
    name: "linkAccount drops token-set fields the account model has no column for",
    level: "latchkey",
    requires: ["createUser", "linkAccount", "getAccount"],
    async run({ adapter, setup, createUser, expect }) {
      const user = await createUser();
      const account = newAccount(user.id);
      await adapter.linkAccount({
        ...account,
        expires_in: 3600,
        refresh_expires_in: 7200,
        "not-before-policy": 0,
      });
      const found = expect.present(
        await setup.getAccount(account.providerAccountId, account.provider),
        "getAccount should find the account just linked",
      );
      for (const extra of ["expires_in", "refresh_expires_in", "not-before-policy"]) {
        expect.that(!(extra in found), `the stored account should not carry the token-set field ${extra}`);
      }
      expect.equalFields(found, account, ACCOUNT_COLUMNS, "getAccount result");
    },
  },
  {
    name: "linkAccount stores an account with only the required fields; absent tokens read back empty",
    level: "authjs",
    requires: ["createUser", "linkAccount", "getAccount"],
    async run({ adapter, createUser, expect }) {
      const user = await createUser();
      const account: AdapterAccount = {
        userId: user.id,
        type: "email",
        provider: "conformance-email",
        providerAccountId: user.email,
        access_token: undefined,
      };
      await adapter.linkAccount(account);
      const found = expect.present(
        await adapter.getAccount(account.providerAccountId, account.provider),
        "getAccount should find the account just linked",
      );
      const { access_token: _, ...required } = account;
      expect.equal(fieldsOf(found, ACCOUNT_COLUMNS), required, "getAccount result");
    },
  },
  {
    name: "linkAccount rejects a second account with the same provider and providerAccountId",
    level: "authjs",
    requires: ["createUser", "linkAccount"],
    async run({ adapter, setup, createUser, expect }) {
      const first = await createUser();
      const second = await createUser();
      const account = newAccount(first.id);
      await setup.linkAccount(account);
      await expect.rejects(
        () => adapter.linkAccount({ ...account, userId: second.id }),
        "linkAccount of a taken account",
      );
    },
  },
  {
    name: "getAccount returns null for an unknown account",
    level: "authjs",
    requires: ["getAccount"],
    async run({ adapter, expect }) {
      expect.equal(
        await adapter.getAccount(crypto.randomUUID(), "conformance-oidc"),
        null,
        "getAccount(unknown)",
      );
    },
  },
  {
    name: "unlinkAccount removes the account and keeps the user; its result, if any, is the account",
    level: "authjs",
    requires: ["createUser", "linkAccount", "unlinkAccount"],
    async run({ adapter, setup, db, createUser, expect }) {
      const user = await createUser();
      const account = newAccount(user.id);
      await setup.linkAccount(account);
      const { provider, providerAccountId } = account;
      const unlinked = await adapter.unlinkAccount({ provider, providerAccountId });
      if (unlinked) expect.equalFields(unlinked, account, ACCOUNT_COLUMNS, "unlinkAccount result");
      expect.equal(await db.account(provider, providerAccountId), null, "stored account after unlinkAccount");
      expect.that(await db.user(user.id), "unlinkAccount should not delete the user");
    },
  },
  {
    name: "unlinkAccount of an unknown account does not throw",
    level: "latchkey",
    requires: ["unlinkAccount"],
    async run({ adapter }) {
      await adapter.unlinkAccount({ provider: "conformance-oidc", providerAccountId: crypto.randomUUID() });
    },
  },
];
