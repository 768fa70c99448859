import { SESSION_COLUMNS, USER_COLUMNS } from "../../columns.js";
import type { AdapterUser } from "../../types.js";
import type { CheckDefinition } from "../context.js";
import { daysFromNow, newSession, newUser } from "../fixtures.js";

const USER_FIELDS = ["id", ...USER_COLUMNS] as const;

function tamperWithUser(user: AdapterUser): void {
  user.name = "Mallory";
  user.emailVerified?.setFullYear(1970);
}

export const isolationChecks: CheckDefinition[] = [
  {
    name: "returned records are copies: mutating them changes nothing stored",
    level: "latchkey",
    requires: ["createUser", "getUser", "createSession", "getSessionAndUser"],
    async run({ adapter, expect }) {
      const created = await adapter.createUser(newUser());
      const user = structuredClone(created);
      tamperWithUser(created);
      const read = expect.present(
        await adapter.getUser(user.id),
        "getUser should find the user just created",
      );
      expect.equalFields(read, user, USER_FIELDS, "stored user after mutating the createUser result");
      tamperWithUser(read);
      expect.equalFields(
        (await adapter.getUser(user.id)) ?? {},
        user,
        USER_FIELDS,
        "stored user after mutating a getUser result",
      );

      const session = newSession(user.id);
      await adapter.createSession(session);
      const found = await adapter.getSessionAndUser(session.sessionToken);
      if (found) {
        found.session.expires.setFullYear(1970);
        tamperWithUser(found.user);
      }
      const again = expect.present(
        await adapter.getSessionAndUser(session.sessionToken),
        "getSessionAndUser should find the session",
      );
      expect.equalFields(
        again.session,
        session,
        SESSION_COLUMNS,
        "stored session after mutating a getSessionAndUser result",
      );
      expect.equalFields(
        again.user,
        user,
        USER_FIELDS,
        "stored user after mutating a getSessionAndUser result",
      );
    },
  },
  {
    name: "inputs are copied: mutating an object after passing it changes nothing stored",
    level: "latchkey",
    requires: ["createUser", "getUser", "createSession", "getSessionAndUser"],
    async run({ adapter, expect }) {
      const input = newUser();
      const user = await adapter.createUser(input);
      const snapshot = structuredClone(user);
      input.name = "Mallory";
      input.emailVerified?.setFullYear(1970);
      const session = newSession(user.id, { expires: daysFromNow(3) });
      const expected = structuredClone(session);
      await adapter.createSession(session);
      session.expires.setFullYear(1970);
      expect.equalFields(
        (await adapter.getUser(user.id)) ?? {},
        snapshot,
        USER_FIELDS,
        "stored user after mutating the input",
      );
      expect.equalFields(
        (await adapter.getSessionAndUser(expected.sessionToken))?.session ?? {},
        expected,
        SESSION_COLUMNS,
        "stored session after mutating the input",
      );
    },
  },
];
