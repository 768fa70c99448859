import { SESSION_COLUMNS, SESSION_METADATA_COLUMNS, USER_COLUMNS } from "../../columns.js";
import { fieldsOf } from "../assert.js";
import type { CheckDefinition } from "../context.js";
import { daysFromNow, newSession } from "../fixtures.js";

const USER_FIELDS = ["id", ...USER_COLUMNS] as const;

export const sessionChecks: CheckDefinition[] = [
  {
    name: "createSession stores the session and returns it, expires as a Date",
    level: "authjs",
    requires: ["createUser", "createSession"],
    async run({ adapter, db, createUser, expect }) {
      const user = await createUser();
      const session = newSession(user.id);
      const created = expect.present(
        await adapter.createSession(session),
        "createSession should return the session",
      );
      expect.equalFields(created, session, SESSION_COLUMNS, "createSession result");
      const stored = expect.present(await db.session(session.sessionToken), "the session should be stored");
      expect.equal(stored.expires, session.expires, "stored expires");
    },
  },
  {
    name: "createSession rejects a duplicate sessionToken",
    level: "authjs",
    requires: ["createUser", "createSession"],
    async run({ adapter, setup, createUser, expect }) {
      const user = await createUser();
      const session = newSession(user.id);
      await setup.createSession(session);
      await expect.rejects(() => adapter.createSession(session), "createSession with a taken sessionToken");
    },
  },
  {
    name: "getSessionAndUser returns the session with its user, and null for an unknown token",
    level: "authjs",
    requires: ["createUser", "createSession", "getSessionAndUser"],
    async run({ adapter, setup, createUser, expect }) {
      const user = await createUser();
      const session = newSession(user.id);
      await setup.createSession(session);
      const found = expect.present(
        await adapter.getSessionAndUser(session.sessionToken),
        "getSessionAndUser should find the session just created",
      );
      expect.equalFields(found.session ?? {}, session, SESSION_COLUMNS, "getSessionAndUser session");
      expect.equalFields(found.user ?? {}, user, USER_FIELDS, "getSessionAndUser user");
      expect.equal(
        await adapter.getSessionAndUser(crypto.randomUUID()),
        null,
        "getSessionAndUser(unknown token)",
      );
    },
  },
  {
    name: "getSessionAndUser reads the session and its user in one query",
    level: "latchkey",
    requires: ["createUser", "createSession", "getSessionAndUser"],
    countsQueries: true,
    async run({ adapter, setup, db, createUser, maxSessionLookupQueries, expect }) {
      const countQueries = expect.present(db.countQueries, "db.countQueries is required for this check");
      const user = await createUser();
      const session = newSession(user.id);
      await setup.createSession(session);
      const queries = await countQueries(() => adapter.getSessionAndUser(session.sessionToken));
      expect.that(
        queries <= maxSessionLookupQueries,
        `getSessionAndUser took ${queries} queries, at most ${maxSessionLookupQueries} expected`,
      );
    },
  },
  {
    name: "updateSession stores the new expires; its result, if any, is the updated session",
    level: "authjs",
    requires: ["createUser", "createSession", "updateSession"],
    async run({ adapter, setup, db, createUser, expect }) {
      const user = await createUser();
      const session = newSession(user.id, { expires: daysFromNow(1) });
      await setup.createSession(session);
      const extended = { ...session, expires: daysFromNow(30) };
      const updated = await adapter.updateSession({
        sessionToken: session.sessionToken,
        expires: extended.expires,
      });
      if (updated) expect.equalFields(updated, extended, SESSION_COLUMNS, "updateSession result");
      expect.equal((await db.session(session.sessionToken))?.expires, extended.expires, "stored expires");
    },
  },
  {
    name: "updateSession of an unknown token returns null or undefined",
    level: "latchkey",
    requires: ["updateSession"],
    async run({ adapter, expect }) {
      const updated = await adapter.updateSession({
        sessionToken: crypto.randomUUID(),
        expires: daysFromNow(1),
      });
      expect.that(updated == null, "updateSession(unknown token) should return null or undefined");
    },
  },
  {
    name: "deleteSession removes the session and keeps the user; its result, if any, is the session",
    level: "authjs",
    requires: ["createUser", "createSession", "deleteSession"],
    async run({ adapter, setup, db, createUser, expect }) {
      const user = await createUser();
      const session = newSession(user.id);
      await setup.createSession(session);
      // Auth.js prefers that deleteSession return the deleted session, for logging; it need not.
      const deleted = await adapter.deleteSession(session.sessionToken);
      if (deleted) expect.equalFields(deleted, session, SESSION_COLUMNS, "deleteSession result");
      expect.equal(await db.session(session.sessionToken), null, "stored session after deleteSession");
      expect.that(await db.user(user.id), "deleteSession should not delete the user");
    },
  },
  {
    name: "deleteSession of an unknown token does not throw",
    level: "latchkey",
    requires: ["deleteSession"],
    async run({ adapter }) {
      await adapter.deleteSession(crypto.randomUUID());
    },
  },
  {
    name: "listSessionsByUserId lists exactly the user's sessions, and [] for a user without any",
    level: "latchkey",
    requires: ["createUser", "createSession", "listSessionsByUserId"],
    async run({ adapter, setup, createUser, unknownUserId, expect }) {
      const user = await createUser();
      const other = await createUser();
      const sessions = [
        newSession(user.id, { expires: daysFromNow(2) }),
        newSession(user.id, { expires: daysFromNow(1) }),
      ];
      for (const session of sessions) await setup.createSession(session);
      await setup.createSession(newSession(other.id));
      const listed = [...(await adapter.listSessionsByUserId(user.id))]
        .sort((a, b) => a.expires.getTime() - b.expires.getTime())
        .map((session) => fieldsOf(session, SESSION_COLUMNS));
      expect.equal(listed, [sessions[1], sessions[0]], "listSessionsByUserId result");
      expect.equal(
        await adapter.listSessionsByUserId(unknownUserId()),
        [],
        "listSessionsByUserId(unknown user)",
      );
    },
  },
  {
    name: "session metadata: createSession and updateSession store the columns the schema has, and reads return them",
    level: "latchkey",
    requires: ["createUser", "createSession", "updateSession", "getSessionAndUser", "listSessionsByUserId"],
    async run({ adapter, db, createUser, expect }) {
      const user = await createUser();
      // Whole seconds: every database keeps at least millisecond precision.
      const createdAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
      const metadata = {
        createdAt,
        lastSeenAt: createdAt,
        userAgent: "Mozilla/5.0 (conformance)",
        ipAddress: "2001:db8::7",
      };
      const session = newSession(user.id, metadata);
      // An adapter whose schema lacks the columns ignores the fields instead of failing.
      await adapter.createSession(session);
      const stored = expect.present(await db.session(session.sessionToken), "the session should be stored");
      const columns = SESSION_METADATA_COLUMNS.filter((column) => column in stored);
      if (columns.length === 0) return; // a schema without the columns (Auth.js's): nothing more to check
      expect.equalFields(stored, metadata, columns, "stored session metadata");

      const lastSeenAt = new Date(createdAt.valueOf() + 30_000);
      await adapter.updateSession({ sessionToken: session.sessionToken, lastSeenAt });
      const expected = { ...metadata, lastSeenAt };
      const updated = expect.present(
        await db.session(session.sessionToken),
        "the session should still be stored",
      );
      expect.equalFields(updated, expected, columns, "stored metadata after updateSession");

      const found = await adapter.getSessionAndUser(session.sessionToken);
      expect.equalFields(found?.session ?? {}, expected, columns, "getSessionAndUser session metadata");
      const [listed] = await adapter.listSessionsByUserId(user.id);
      expect.equalFields(listed ?? {}, expected, columns, "listSessionsByUserId session metadata");
    },
  },
];
