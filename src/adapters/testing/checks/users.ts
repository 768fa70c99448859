import type { AdapterUser } from "../../types.js";
import { assert, assertEqual, assertNoUndefined, assertRejects, withoutEmpty } from "../assert.js";
import type { CheckDefinition } from "../context.js";
import { newAccount, newAuthenticator, newSession, newUser } from "../fixtures.js";

/** The user fields every adapter stores; anything else a store returns is its own column. */
function userFields(user: Record<string, unknown> | AdapterUser) {
  return withoutEmpty({
    email: user.email,
    emailVerified: user.emailVerified,
    name: user.name,
    image: user.image,
  });
}

export const userChecks: CheckDefinition[] = [
  {
    name: "createUser stores the user and returns it with the id it is stored under",
    requires: ["createUser"],
    async run({ adapter, db }) {
      const input = newUser();
      const created = await adapter.createUser(input);
      assert(
        typeof created.id === "string" && created.id.length > 0,
        "createUser should return a non-empty string id",
      );
      assertEqual(userFields(created), userFields(input), "createUser result");
      assertNoUndefined(created, "createUser result");
      const stored = await db.user(created.id);
      assert(stored, `no stored user under the returned id ${created.id}`);
      assertEqual(userFields(stored), userFields(input), "stored user");
    },
  },
  {
    name: "createUser drops profile fields the user model has no place for",
    requires: ["createUser"],
    async run({ adapter, db }) {
      const input = { ...newUser(), locale: "en-GB", nickname: "ada", email_verified: true };
      const created = await adapter.createUser(input);
      for (const extra of ["locale", "nickname", "email_verified"]) {
        assert(!(extra in created), `createUser result should not carry the profile field ${extra}`);
      }
      const stored = await db.user(created.id);
      assert(stored && !("nickname" in stored), "the profile field nickname should not be stored");
    },
  },
  {
    name: "createUser accepts undefined optional fields and stores them as empty",
    requires: ["createUser", "getUser"],
    async run({ adapter }) {
      const created = await adapter.createUser(
        newUser({ name: undefined, image: undefined, emailVerified: null }),
      );
      assertNoUndefined(created, "createUser result");
      const found = await adapter.getUser(created.id);
      assert(found, "getUser should find the user just created");
      assertEqual(found.name ?? null, null, "user.name");
      assertEqual(found.image ?? null, null, "user.image");
      assertEqual(found.emailVerified, null, "user.emailVerified");
    },
  },
  {
    name: "createUser rejects a second user with the same e-mail address",
    requires: ["createUser"],
    async run({ adapter }) {
      const first = await adapter.createUser(newUser());
      await assertRejects(
        () => adapter.createUser(newUser({ email: first.email })),
        "createUser with a taken e-mail",
      );
    },
  },
  {
    name: "getUser returns the user with emailVerified as a Date, and null for an unknown id",
    requires: ["createUser", "getUser"],
    async run({ adapter, unknownUserId }) {
      const created = await adapter.createUser(newUser());
      const found = await adapter.getUser(created.id);
      assert(found, "getUser should find the user just created");
      assert(found.emailVerified instanceof Date, "getUser should return emailVerified as a Date");
      assertEqual(found, created, "getUser result");
      assertEqual(await adapter.getUser(unknownUserId()), null, "getUser(unknown id)");
    },
  },
  {
    name: "getUserByEmail returns the user, and null for an unknown address",
    requires: ["createUser", "getUserByEmail"],
    async run({ adapter }) {
      const created = await adapter.createUser(newUser());
      assertEqual(await adapter.getUserByEmail(created.email), created, "getUserByEmail result");
      assertEqual(
        await adapter.getUserByEmail(`nobody-${crypto.randomUUID()}@conformance.example`),
        null,
        "getUserByEmail(unknown address)",
      );
    },
  },
  {
    name: "getUserByAccount returns the user an account is linked to, and null for an unknown account",
    requires: ["createUser", "linkAccount", "getUserByAccount"],
    async run({ adapter }) {
      const created = await adapter.createUser(newUser());
      const account = newAccount(created.id);
      await adapter.linkAccount(account);
      const { provider, providerAccountId } = account;
      assertEqual(
        await adapter.getUserByAccount({ provider, providerAccountId }),
        created,
        "getUserByAccount result",
      );
      assertEqual(
        await adapter.getUserByAccount({ provider, providerAccountId: crypto.randomUUID() }),
        null,
        "getUserByAccount(unknown account)",
      );
    },
  },
  {
    name: "updateUser changes the given fields, leaves undefined ones alone, and returns the whole user",
    requires: ["createUser", "updateUser"],
    async run({ adapter, db }) {
      const created = await adapter.createUser(newUser({ emailVerified: null }));
      const verifiedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
      const updated = await adapter.updateUser({
        id: created.id,
        emailVerified: verifiedAt,
        name: undefined,
      });
      assertEqual(updated, { ...created, emailVerified: verifiedAt }, "updateUser result");
      const stored = await db.user(created.id);
      assert(stored, "the updated user should still be stored");
      assertEqual(stored.emailVerified, verifiedAt, "stored emailVerified");
      assertEqual(stored.name, created.name, "stored name");
    },
  },
  {
    name: "updateUser clears a field set to null",
    requires: ["createUser", "updateUser"],
    async run({ adapter, db }) {
      const created = await adapter.createUser(newUser());
      const updated = await adapter.updateUser({ id: created.id, image: null });
      assertEqual(updated.image ?? null, null, "updateUser result image");
      assertEqual((await db.user(created.id))?.image ?? null, null, "stored image");
    },
  },
  {
    name: "deleteUser removes the user and, by cascade, their accounts, sessions and authenticators",
    requires: ["createUser", "deleteUser", "linkAccount", "createSession"],
    async run({ adapter, db, has }) {
      const doomed = await adapter.createUser(newUser());
      const bystander = await adapter.createUser(newUser());
      const account = newAccount(doomed.id);
      await adapter.linkAccount(account);
      const keptAccount = newAccount(bystander.id);
      await adapter.linkAccount(keptAccount);
      const session = await adapter.createSession(newSession(doomed.id));
      const keptSession = await adapter.createSession(newSession(bystander.id));
      const authenticator =
        has("createAuthenticator") && db.authenticator ? newAuthenticator(doomed.id) : null;
      if (authenticator) await adapter.createAuthenticator(authenticator);

      await adapter.deleteUser(doomed.id);

      assertEqual(await db.user(doomed.id), null, "stored user after deleteUser");
      assertEqual(
        await db.account(account.provider, account.providerAccountId),
        null,
        "the deleted user's account",
      );
      assertEqual(await db.session(session.sessionToken), null, "the deleted user's session");
      if (authenticator) {
        assertEqual(
          await db.authenticator?.(authenticator.credentialID),
          null,
          "the deleted user's authenticator",
        );
      }
      assert(await db.user(bystander.id), "deleteUser removed another user");
      assert(
        await db.account(keptAccount.provider, keptAccount.providerAccountId),
        "deleteUser removed another user's account",
      );
      assert(await db.session(keptSession.sessionToken), "deleteUser removed another user's session");
    },
  },
  {
    name: "deleteUser of an unknown user does not throw",
    requires: ["deleteUser"],
    async run({ adapter, unknownUserId }) {
      await adapter.deleteUser(unknownUserId());
    },
  },
];
