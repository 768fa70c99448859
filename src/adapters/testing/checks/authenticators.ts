import { AUTHENTICATOR_COLUMNS } from "../../columns.js";
import type { AdapterAuthenticator } from "../../types.js";
import { assert, assertEqual, assertKeysWithin, assertRejects, withoutEmpty } from "../assert.js";
import type { CheckDefinition } from "../context.js";
import { newAuthenticator } from "../fixtures.js";

function assertAuthenticator(
  actual: AdapterAuthenticator | null | undefined,
  expected: AdapterAuthenticator,
  what: string,
): void {
  assert(actual, `${what} should be the authenticator, got ${String(actual)}`);
  assertKeysWithin(actual, AUTHENTICATOR_COLUMNS, what);
  assert(typeof actual.counter === "number", `${what}.counter should be a number`);
  assert(typeof actual.credentialBackedUp === "boolean", `${what}.credentialBackedUp should be a boolean`);
  assertEqual(withoutEmpty(actual), withoutEmpty(expected), what);
}

export const authenticatorChecks: CheckDefinition[] = [
  {
    name: "createAuthenticator stores the authenticator and returns it without database-only fields",
    requires: ["createUser", "createAuthenticator"],
    async run({ adapter, db, createUser }) {
      const user = await createUser();
      const authenticator = newAuthenticator(user.id);
      assertAuthenticator(
        await adapter.createAuthenticator(authenticator),
        authenticator,
        "createAuthenticator result",
      );
      if (db.authenticator)
        assert(await db.authenticator(authenticator.credentialID), "the authenticator should be stored");
    },
  },
  {
    name: "createAuthenticator throws for a credentialID that is already registered",
    requires: ["createUser", "createAuthenticator"],
    async run({ adapter, createUser }) {
      const user = await createUser();
      const authenticator = newAuthenticator(user.id);
      await adapter.createAuthenticator(authenticator);
      await assertRejects(
        () => adapter.createAuthenticator(authenticator),
        "createAuthenticator of a taken credentialID",
      );
    },
  },
  {
    name: "getAuthenticator returns the authenticator, and null for an unknown credentialID",
    requires: ["createUser", "createAuthenticator", "getAuthenticator"],
    async run({ adapter, createUser }) {
      const user = await createUser();
      const authenticator = newAuthenticator(user.id, { transports: undefined, credentialBackedUp: false });
      await adapter.createAuthenticator(authenticator);
      assertAuthenticator(
        await adapter.getAuthenticator(authenticator.credentialID),
        authenticator,
        "getAuthenticator result",
      );
      assertEqual(await adapter.getAuthenticator(crypto.randomUUID()), null, "getAuthenticator(unknown)");
    },
  },
  {
    name: "listAuthenticatorsByUserId lists the user's authenticators, and [] for an unknown user",
    requires: ["createUser", "createAuthenticator", "listAuthenticatorsByUserId"],
    async run({ adapter, createUser, unknownUserId }) {
      const user = await createUser();
      const other = await createUser();
      const mine = [newAuthenticator(user.id), newAuthenticator(user.id)];
      for (const authenticator of mine) await adapter.createAuthenticator(authenticator);
      await adapter.createAuthenticator(newAuthenticator(other.id));
      const listed = await adapter.listAuthenticatorsByUserId(user.id);
      assertEqual(
        listed.map((authenticator) => authenticator.credentialID).sort(),
        mine.map((authenticator) => authenticator.credentialID).sort(),
        "listed credentialIDs",
      );
      for (const authenticator of listed) {
        const expected = mine.find((candidate) => candidate.credentialID === authenticator.credentialID);
        assertAuthenticator(authenticator, expected as AdapterAuthenticator, "listed authenticator");
      }
      assertEqual(
        await adapter.listAuthenticatorsByUserId(unknownUserId()),
        [],
        "listAuthenticatorsByUserId(unknown)",
      );
    },
  },
  {
    name: "updateAuthenticatorCounter stores and returns the new counter",
    requires: ["createUser", "createAuthenticator", "updateAuthenticatorCounter"],
    async run({ adapter, db, createUser }) {
      const user = await createUser();
      const authenticator = newAuthenticator(user.id, { counter: 3 });
      await adapter.createAuthenticator(authenticator);
      const updated = await adapter.updateAuthenticatorCounter(authenticator.credentialID, 4);
      assertAuthenticator(updated, { ...authenticator, counter: 4 }, "updateAuthenticatorCounter result");
      if (db.authenticator) {
        assertEqual((await db.authenticator(authenticator.credentialID))?.counter, 4, "stored counter");
      }
    },
  },
  {
    name: "updateAuthenticatorCounter throws for an unknown credentialID",
    requires: ["updateAuthenticatorCounter"],
    async run({ adapter }) {
      await assertRejects(
        () => adapter.updateAuthenticatorCounter(crypto.randomUUID(), 1),
        "updateAuthenticatorCounter(unknown)",
      );
    },
  },
];
