import { assert, assertEqual, assertRejects, withoutEmpty } from "../assert.js";
import type { CheckDefinition } from "../context.js";
import { newAccount, newUser } from "../fixtures.js";

export const signUpChecks: CheckDefinition[] = [
  {
    name: "createUserAndLinkAccount creates the user and links the account to the new user's id",
    requires: ["createUserAndLinkAccount"],
    async run({ adapter, db }) {
      const user = newUser();
      const { userId: _, ...account } = newAccount("unused");
      const created = await adapter.createUserAndLinkAccount(user, account);
      assertEqual(created.account.userId, created.user.id, "the linked account's userId");
      assertEqual(
        withoutEmpty(created.account),
        { ...account, userId: created.user.id },
        "the linked account",
      );
      assertEqual(created.user.email, user.email, "the created user's email");
      assert(await db.user(created.user.id), "the user should be stored");
      const stored = await db.account(account.provider, account.providerAccountId);
      assertEqual(stored?.userId, created.user.id, "the stored account's userId");
    },
  },
  {
    name: "createUserAndLinkAccount leaves no user behind when the account cannot be linked",
    requires: ["createUserAndLinkAccount", "createUser", "linkAccount"],
    async run({ adapter, db, createUser }) {
      const owner = await createUser();
      const taken = newAccount(owner.id);
      await adapter.linkAccount(taken);
      const { userId: _, ...sameAccount } = taken;
      const user = newUser();
      await assertRejects(
        () => adapter.createUserAndLinkAccount(user, sameAccount),
        "createUserAndLinkAccount with an account linked to someone else",
      );
      assertEqual(await db.userByEmail(user.email), null, "a user left behind by the failed sign-up");
      assertEqual(
        (await db.account(taken.provider, taken.providerAccountId))?.userId,
        owner.id,
        "the taken account's owner",
      );
    },
  },
];
