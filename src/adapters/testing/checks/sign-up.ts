import { ACCOUNT_COLUMNS } from "../../columns.js";
import type { CheckDefinition } from "../context.js";
import { newAccount, newUser } from "../fixtures.js";

export const signUpChecks: CheckDefinition[] = [
  {
    name: "createUserAndLinkAccount creates the user and links the account to the new user's id",
    level: "latchkey",
    requires: ["createUserAndLinkAccount"],
    async run({ adapter, db, expect }) {
      const user = newUser();
      const { userId: _, ...account } = newAccount("unused");
      const created = await adapter.createUserAndLinkAccount(user, account);
      expect.equal(created.account.userId, created.user.id, "the linked account's userId");
      expect.equalFields(
        created.account,
        { ...account, userId: created.user.id },
        ACCOUNT_COLUMNS,
        "the linked account",
      );
      expect.equal(created.user.email, user.email, "the created user's email");
      expect.that(await db.user(created.user.id), "the user should be stored");
      const stored = await db.account(account.provider, account.providerAccountId);
      expect.equal(stored?.userId, created.user.id, "the stored account's userId");
    },
  },
  {
    name: "createUserAndLinkAccount leaves no user behind when the account cannot be linked",
    level: "latchkey",
    requires: ["createUserAndLinkAccount", "createUser", "linkAccount"],
    async run({ adapter, setup, db, createUser, expect }) {
      const owner = await createUser();
      const taken = newAccount(owner.id);
      await setup.linkAccount(taken);
      const { userId: _, ...sameAccount } = taken;
      const user = newUser();
      await expect.rejects(
        () => adapter.createUserAndLinkAccount(user, sameAccount),
        "createUserAndLinkAccount with an account linked to someone else",
      );
      expect.equal(await db.userByEmail(user.email), null, "a user left behind by the failed sign-up");
      expect.equal(
        (await db.account(taken.provider, taken.providerAccountId))?.userId,
        owner.id,
        "the taken account's owner",
      );
    },
  },
];
