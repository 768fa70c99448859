import { ACCOUNT_COLUMNS } from "../../columns.js";
import type { CheckDefinition } from "../context.js";
import { daysFromNow, newAccount } from "../fixtures.js";

export const updateAccountChecks: CheckDefinition[] = [
  {
    name: "updateAccount replaces the given tokens, clears those set to null, keeps absent ones, and returns the account",
    level: "latchkey",
    requires: ["createUser", "linkAccount", "updateAccount"],
    async run({ adapter, setup, db, createUser, expect }) {
      const user = await createUser();
      const account = newAccount(user.id, { scope: "openid email" });
      await setup.linkAccount(account);
      const bystander = newAccount(user.id, { provider: "conformance-other" });
      await setup.linkAccount(bystander);

      // A refresh response: new access and ID tokens, no refresh token (the old one stays valid).
      const refreshed = {
        access_token: `${account.access_token}-refreshed`,
        id_token: `${account.id_token}-refreshed`,
        expires_at: Math.floor(daysFromNow(2).getTime() / 1000),
      };
      const { scope: _, ...kept } = account;
      const expected = { ...kept, ...refreshed };
      const { provider, providerAccountId } = account;
      const updated = expect.present(
        await adapter.updateAccount({ provider, providerAccountId, ...refreshed, scope: null }),
        "updateAccount should return the updated account",
      );
      expect.equalFields(updated, expected, ACCOUNT_COLUMNS, "updateAccount result");
      const stored = expect.present(
        await db.account(provider, providerAccountId),
        "the account should be stored",
      );
      expect.equalFields(stored, expected, ACCOUNT_COLUMNS, "stored account");
      const other = expect.present(
        await db.account(bystander.provider, bystander.providerAccountId),
        "the user's other account should be stored",
      );
      expect.equalFields(other, bystander, ACCOUNT_COLUMNS, "the user's other account");
    },
  },
  {
    name: "updateAccount of an unknown account returns null and stores nothing",
    level: "latchkey",
    requires: ["updateAccount"],
    async run({ adapter, db, expect }) {
      const providerAccountId = crypto.randomUUID();
      expect.equal(
        await adapter.updateAccount({
          provider: "conformance-oidc",
          providerAccountId,
          access_token: "at_new",
        }),
        null,
        "updateAccount(unknown account)",
      );
      expect.equal(await db.account("conformance-oidc", providerAccountId), null, "stored account");
    },
  },
];
