import { AUTHENTICATOR_COLUMNS } from "../../columns.js";
import type { AdapterAuthenticator } from "../../types.js";
import type { Findings } from "../assert.js";
import type { CheckDefinition } from "../context.js";
import { newAuthenticator } from "../fixtures.js";

function expectAuthenticator(
  expect: Findings,
  actual: AdapterAuthenticator | null | undefined,
  expected: AdapterAuthenticator,
  what: string,
): void {
  const found = expect.present(actual, `${what} should be the authenticator`);
  expect.that(
    typeof found.counter === "number",
    `${what}.counter should be a number, got ${typeof found.counter}`,
  );
  expect.that(
    typeof found.credentialBackedUp === "boolean",
    `${what}.credentialBackedUp should be a boolean, got ${typeof found.credentialBackedUp}`,
  );
  expect.equalFields(found, expected, AUTHENTICATOR_COLUMNS, what);
}

export const authenticatorChecks: CheckDefinition[] = [
  {
    name: "createAuthenticator stores the authenticator and returns it",
    level: "authjs",
    requires: ["createUser", "createAuthenticator"],
    async run({ adapter, db, createUser, expect }) {
      const user = await createUser();
      const authenticator = newAuthenticator(user.id);
      expectAuthenticator(
        expect,
        await adapter.createAuthenticator(authenticator),
        authenticator,
        "createAuthenticator result",
      );
      if (db.authenticator)
        expect.that(await db.authenticator(authenticator.credentialID), "the authenticator should be stored");
    },
  },
  {
    name: "createAuthenticator throws for a credentialID that is already registered",
    level: "authjs",
    requires: ["createUser", "createAuthenticator"],
    async run({ adapter, setup, createUser, expect }) {
      const user = await createUser();
      const authenticator = newAuthenticator(user.id);
      await setup.createAuthenticator(authenticator);
      await expect.rejects(
        () => adapter.createAuthenticator(authenticator),
        "createAuthenticator of a taken credentialID",
      );
    },
  },
  {
    name: "getAuthenticator returns the authenticator, and null for an unknown credentialID",
    level: "authjs",
    requires: ["createUser", "createAuthenticator", "getAuthenticator"],
    async run({ adapter, setup, createUser, expect }) {
      const user = await createUser();
      const authenticator = newAuthenticator(user.id, { transports: undefined, credentialBackedUp: false });
      await setup.createAuthenticator(authenticator);
      expectAuthenticator(
        expect,
        await adapter.getAuthenticator(authenticator.credentialID),
        authenticator,
        "getAuthenticator result",
      );
      expect.equal(await adapter.getAuthenticator(crypto.randomUUID()), null, "getAuthenticator(unknown)");
    },
  },
  {
    name: "listAuthenticatorsByUserId lists the user's authenticators, and [] for an unknown user",
    level: "authjs",
    requires: ["createUser", "createAuthenticator", "listAuthenticatorsByUserId"],
    async run({ adapter, setup, createUser, unknownUserId, expect }) {
      const user = await createUser();
      const other = await createUser();
      const mine = [newAuthenticator(user.id), newAuthenticator(user.id)];
      for (const authenticator of mine) await setup.createAuthenticator(authenticator);
      await setup.createAuthenticator(newAuthenticator(other.id));
      const listed = await adapter.listAuthenticatorsByUserId(user.id);
      expect.equal(
        listed.map((authenticator) => authenticator.credentialID).sort(),
        mine.map((authenticator) => authenticator.credentialID).sort(),
        "listed credentialIDs",
      );
      for (const authenticator of listed) {
        const expected = mine.find((candidate) => candidate.credentialID === authenticator.credentialID);
        if (expected) expectAuthenticator(expect, authenticator, expected, "listed authenticator");
      }
      expect.equal(
        await adapter.listAuthenticatorsByUserId(unknownUserId()),
        [],
        "listAuthenticatorsByUserId(unknown)",
      );
    },
  },
  {
    name: "updateAuthenticatorCounter stores and returns the new counter",
    level: "authjs",
    requires: ["createUser", "createAuthenticator", "updateAuthenticatorCounter"],
    async run({ adapter, setup, db, createUser, expect }) {
      const user = await createUser();
      const authenticator = newAuthenticator(user.id, { counter: 3 });
      await setup.createAuthenticator(authenticator);
      const updated = await adapter.updateAuthenticatorCounter(authenticator.credentialID, 4);
      expectAuthenticator(
        expect,
        updated,
        { ...authenticator, counter: 4 },
        "updateAuthenticatorCounter result",
      );
      if (db.authenticator) {
        expect.equal((await db.authenticator(authenticator.credentialID))?.counter, 4, "stored counter");
      }
    },
  },
  {
    name: "updateAuthenticatorCounter throws for an unknown credentialID",
    level: "authjs",
    requires: ["updateAuthenticatorCounter"],
    async run({ adapter, expect }) {
      await expect.rejects(
        () => adapter.updateAuthenticatorCounter(crypto.randomUUID(), 1),
        "updateAuthenticatorCounter(unknown)",
      );
    },
  },
  {
    name: "deleteAuthenticator deletes only that authenticator and returns it, and null for an unknown credentialID",
    level: "latchkey",
    requires: ["createUser", "createAuthenticator", "deleteAuthenticator"],
    async run({ adapter, setup, db, createUser, expect }) {
      const user = await createUser();
      const doomed = newAuthenticator(user.id);
      const kept = newAuthenticator(user.id);
      await setup.createAuthenticator(doomed);
      await setup.createAuthenticator(kept);
      expectAuthenticator(
        expect,
        await adapter.deleteAuthenticator(doomed.credentialID),
        doomed,
        "deleteAuthenticator result",
      );
      if (db.authenticator) {
        expect.equal(await db.authenticator(doomed.credentialID), null, "the deleted authenticator");
        expect.that(
          await db.authenticator(kept.credentialID),
          "the user's other authenticator should be kept",
        );
      }
      expect.equal(
        await adapter.deleteAuthenticator(crypto.randomUUID()),
        null,
        "deleteAuthenticator(unknown)",
      );
    },
  },
];
