import type { AdapterSession } from "../../types.js";
import { assert, assertEqual, assertKeysWithin, assertRejects } from "../assert.js";
import type { CheckDefinition } from "../context.js";
import { daysFromNow, newSession } from "../fixtures.js";

const SESSION_FIELDS = ["sessionToken", "userId", "expires"];

function assertSession(
  actual: AdapterSession | null | undefined,
  expected: AdapterSession,
  what: string,
): void {
  assert(actual, `${what} should be the session, got ${String(actual)}`);
  assertKeysWithin(actual, SESSION_FIELDS, what);
  assertEqual(actual, expected, what);
}

export const sessionChecks: CheckDefinition[] = [
  {
    name: "createSession stores the session and returns it, expires as a Date",
    requires: ["createUser", "createSession"],
    async run({ adapter, db, createUser }) {
      const user = await createUser();
      const session = newSession(user.id);
      assertSession(await adapter.createSession(session), session, "createSession result");
      const stored = await db.session(session.sessionToken);
      assert(stored, "the session should be stored");
      assertEqual(stored.expires, session.expires, "stored expires");
    },
  },
  {
    name: "createSession rejects a duplicate sessionToken",
    requires: ["createUser", "createSession"],
    async run({ adapter, createUser }) {
      const user = await createUser();
      const session = newSession(user.id);
      await adapter.createSession(session);
      await assertRejects(() => adapter.createSession(session), "createSession with a taken sessionToken");
    },
  },
  {
    name: "getSessionAndUser returns the session with its user, and null for an unknown token",
    requires: ["createUser", "createSession", "getSessionAndUser"],
    async run({ adapter, createUser }) {
      const user = await createUser();
      const session = newSession(user.id);
      await adapter.createSession(session);
      const found = await adapter.getSessionAndUser(session.sessionToken);
      assert(found, "getSessionAndUser should find the session just created");
      assertKeysWithin(found, ["session", "user"], "getSessionAndUser result");
      assertSession(found.session, session, "getSessionAndUser session");
      assertEqual(found.user, user, "getSessionAndUser user");
      assertEqual(
        await adapter.getSessionAndUser(crypto.randomUUID()),
        null,
        "getSessionAndUser(unknown token)",
      );
    },
  },
  {
    name: "getSessionAndUser reads the session and its user in one query",
    requires: ["createUser", "createSession", "getSessionAndUser"],
    countsQueries: true,
    async run({ adapter, db, createUser, maxSessionLookupQueries }) {
      assert(db.countQueries, "db.countQueries is required for this check");
      const user = await createUser();
      const session = newSession(user.id);
      await adapter.createSession(session);
      const queries = await db.countQueries(() =>
        Promise.resolve(adapter.getSessionAndUser(session.sessionToken)),
      );
      assert(
        queries <= maxSessionLookupQueries,
        `getSessionAndUser took ${queries} queries, at most ${maxSessionLookupQueries} expected`,
      );
    },
  },
  {
    name: "updateSession moves expires and returns the updated session",
    requires: ["createUser", "createSession", "updateSession"],
    async run({ adapter, db, createUser }) {
      const user = await createUser();
      const session = newSession(user.id, { expires: daysFromNow(1) });
      await adapter.createSession(session);
      const extended = { ...session, expires: daysFromNow(30) };
      const updated = await adapter.updateSession({
        sessionToken: session.sessionToken,
        expires: extended.expires,
      });
      if (updated) assertSession(updated, extended, "updateSession result");
      assertEqual((await db.session(session.sessionToken))?.expires, extended.expires, "stored expires");
    },
  },
  {
    name: "updateSession of an unknown token returns null or undefined",
    requires: ["updateSession"],
    async run({ adapter }) {
      const updated = await adapter.updateSession({
        sessionToken: crypto.randomUUID(),
        expires: daysFromNow(1),
      });
      assert(updated == null, "updateSession(unknown token) should return null or undefined");
    },
  },
  {
    name: "deleteSession removes the session and returns it",
    requires: ["createUser", "createSession", "deleteSession"],
    async run({ adapter, db, createUser }) {
      const user = await createUser();
      const session = newSession(user.id);
      await adapter.createSession(session);
      const deleted = await adapter.deleteSession(session.sessionToken);
      // Returning the deleted session is preferred (as in Auth.js), not required.
      if (deleted) assertSession(deleted, session, "deleteSession result");
      assertEqual(await db.session(session.sessionToken), null, "stored session after deleteSession");
      assert(await db.user(user.id), "deleteSession should not delete the user");
    },
  },
  {
    name: "deleteSession of an unknown token does not throw",
    requires: ["deleteSession"],
    async run({ adapter }) {
      await adapter.deleteSession(crypto.randomUUID());
    },
  },
  {
    name: "listSessionsByUserId lists exactly the user's sessions, and [] for a user without any",
    requires: ["createUser", "createSession", "listSessionsByUserId"],
    async run({ adapter, createUser, unknownUserId }) {
      const user = await createUser();
      const other = await createUser();
      const sessions = [
        newSession(user.id, { expires: daysFromNow(2) }),
        newSession(user.id, { expires: daysFromNow(1) }),
      ];
      for (const session of sessions) await adapter.createSession(session);
      await adapter.createSession(newSession(other.id));
      const listed = [...(await adapter.listSessionsByUserId(user.id))].sort(
        (a, b) => a.expires.getTime() - b.expires.getTime(),
      );
      assertEqual(listed, [sessions[1], sessions[0]], "listSessionsByUserId result");
      assertEqual(
        await adapter.listSessionsByUserId(unknownUserId()),
        [],
        "listSessionsByUserId(unknown user)",
      );
    },
  },
];
