import { USER_COLUMNS } from "../../columns.js";
import type { CheckDefinition } from "../context.js";
import { newAccount, newAuthenticator, newSession, newUser } from "../fixtures.js";

/** The contract's user fields. A store may return more (its own columns), which these checks ignore. */
const USER_FIELDS = ["id", ...USER_COLUMNS] as const;

export const userChecks: CheckDefinition[] = [
  {
    name: "createUser stores the user and returns it with the id it is stored under",
    level: "authjs",
    requires: ["createUser"],
    async run({ adapter, db, expect }) {
      const input = newUser();
      const created = await adapter.createUser(input);
      expect.that(
        typeof created.id === "string" && created.id.length > 0,
        `createUser should return a non-empty string id, got ${JSON.stringify(created.id)} (${typeof created.id})`,
      );
      expect.equalFields(created, input, USER_COLUMNS, "createUser result");
      const stored = expect.present(
        await db.user(created.id),
        `a stored user under the returned id ${created.id}`,
      );
      expect.equalFields(stored, input, USER_COLUMNS, "stored user");
    },
  },
  {
    name: "createUser drops profile fields the user model has no column for",
    level: "latchkey",
    requires: ["createUser"],
    async run({ adapter, db, expect }) {
      const input = { ...newUser(), locale: "en-GB", nickname: "ada", email_verified: true };
      const created = await adapter.createUser(input);
      for (const extra of ["locale", "nickname", "email_verified"]) {
        expect.that(!(extra in created), `createUser result should not carry the profile field ${extra}`);
      }
      const stored = expect.present(await db.user(created.id), "the created user should be stored");
      expect.that(!("nickname" in stored), "the profile field nickname should not be stored");
    },
  },
  {
    name: "createUser accepts undefined optional fields and stores them as empty",
    level: "authjs",
    requires: ["createUser", "getUser"],
    async run({ adapter, setup, expect }) {
      const created = await adapter.createUser(
        newUser({ name: undefined, image: undefined, emailVerified: null }),
      );
      const found = expect.present(
        await setup.getUser(created.id),
        "getUser should find the user just created",
      );
      expect.equal(found.name ?? null, null, "user.name");
      expect.equal(found.image ?? null, null, "user.image");
      expect.equal(found.emailVerified, null, "user.emailVerified");
    },
  },
  {
    name: "createUser rejects a second user with the same e-mail address",
    level: "authjs",
    requires: ["createUser"],
    async run({ adapter, createUser, expect }) {
      const first = await createUser();
      await expect.rejects(
        () => adapter.createUser(newUser({ email: first.email })),
        "createUser with a taken e-mail",
      );
    },
  },
  {
    name: "getUser returns the user with emailVerified as a Date, and null for an unknown id",
    level: "authjs",
    requires: ["createUser", "getUser"],
    async run({ adapter, createUser, unknownUserId, expect }) {
      const created = await createUser();
      const found = expect.present(
        await adapter.getUser(created.id),
        "getUser should find the user just created",
      );
      expect.that(found.emailVerified instanceof Date, "getUser should return emailVerified as a Date");
      expect.equalFields(found, created, USER_FIELDS, "getUser result");
      expect.equal(await adapter.getUser(unknownUserId()), null, "getUser(unknown id)");
    },
  },
  {
    name: "getUserByEmail returns the user, and null for an unknown address",
    level: "authjs",
    requires: ["createUser", "getUserByEmail"],
    async run({ adapter, createUser, expect }) {
      const created = await createUser();
      const found = expect.present(
        await adapter.getUserByEmail(created.email),
        "getUserByEmail should find the user",
      );
      expect.equalFields(found, created, USER_FIELDS, "getUserByEmail result");
      expect.equal(
        await adapter.getUserByEmail(`nobody-${crypto.randomUUID()}@conformance.example`),
        null,
        "getUserByEmail(unknown address)",
      );
    },
  },
  {
    name: "getUserByAccount returns the user an account is linked to, and null for an unknown account",
    level: "authjs",
    requires: ["createUser", "linkAccount", "getUserByAccount"],
    async run({ adapter, setup, createUser, expect }) {
      const created = await createUser();
      const account = newAccount(created.id);
      await setup.linkAccount(account);
      const { provider, providerAccountId } = account;
      const found = expect.present(
        await adapter.getUserByAccount({ provider, providerAccountId }),
        "getUserByAccount should find the linked user",
      );
      expect.equalFields(found, created, USER_FIELDS, "getUserByAccount result");
      expect.equal(
        await adapter.getUserByAccount({ provider, providerAccountId: crypto.randomUUID() }),
        null,
        "getUserByAccount(unknown account)",
      );
    },
  },
  {
    name: "updateUser changes the given fields, leaves undefined ones alone, and returns the whole user",
    level: "authjs",
    requires: ["createUser", "updateUser"],
    async run({ adapter, db, createUser, expect }) {
      const created = await createUser({ emailVerified: null });
      const verifiedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
      const updated = await adapter.updateUser({
        id: created.id,
        emailVerified: verifiedAt,
        name: undefined,
      });
      expect.equalFields(
        updated,
        { ...created, emailVerified: verifiedAt },
        USER_FIELDS,
        "updateUser result",
      );
      const stored = expect.present(await db.user(created.id), "the updated user should still be stored");
      expect.equal(stored.emailVerified, verifiedAt, "stored emailVerified");
      expect.equal(stored.name, created.name, "stored name");
    },
  },
  {
    name: "updateUser clears a field set to null",
    level: "authjs",
    requires: ["createUser", "updateUser"],
    async run({ adapter, db, createUser, expect }) {
      const created = await createUser();
      const updated = await adapter.updateUser({ id: created.id, image: null });
      expect.equal(updated.image ?? null, null, "updateUser result image");
      expect.equal((await db.user(created.id))?.image ?? null, null, "stored image");
    },
  },
  {
    name: "deleteUser removes the user and, by cascade, their accounts, sessions and authenticators",
    level: "authjs",
    requires: ["createUser", "deleteUser", "linkAccount", "createSession"],
    async run({ adapter, setup, db, has, createUser, expect }) {
      const doomed = await createUser();
      const bystander = await createUser();
      const account = newAccount(doomed.id);
      await setup.linkAccount(account);
      const keptAccount = newAccount(bystander.id);
      await setup.linkAccount(keptAccount);
      const session = newSession(doomed.id);
      await setup.createSession(session);
      const keptSession = newSession(bystander.id);
      await setup.createSession(keptSession);
      const authenticator =
        has("createAuthenticator") && db.authenticator ? newAuthenticator(doomed.id) : null;
      if (authenticator) await setup.createAuthenticator(authenticator);

      await adapter.deleteUser(doomed.id);

      expect.equal(await db.user(doomed.id), null, "stored user after deleteUser");
      expect.equal(
        await db.account(account.provider, account.providerAccountId),
        null,
        "the deleted user's account",
      );
      expect.equal(await db.session(session.sessionToken), null, "the deleted user's session");
      if (authenticator) {
        expect.equal(
          await db.authenticator?.(authenticator.credentialID),
          null,
          "the deleted user's authenticator",
        );
      }
      expect.that(await db.user(bystander.id), "deleteUser removed another user");
      expect.that(
        await db.account(keptAccount.provider, keptAccount.providerAccountId),
        "deleteUser removed another user's account",
      );
      expect.that(await db.session(keptSession.sessionToken), "deleteUser removed another user's session");
    },
  },
  {
    name: "deleteUser of an unknown user does not throw",
    level: "latchkey",
    requires: ["deleteUser"],
    async run({ adapter, unknownUserId }) {
      await adapter.deleteUser(unknownUserId());
    },
  },
];
