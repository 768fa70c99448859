import type { AdapterUser } from "../../types.js";
import { assertEqual } from "../assert.js";
import type { CheckDefinition } from "../context.js";
import { daysFromNow, newSession, newUser } from "../fixtures.js";

function tamperWithUser(user: AdapterUser): void {
  user.name = "Mallory";
  user.emailVerified?.setFullYear(1970);
}

export const isolationChecks: CheckDefinition[] = [
  {
    name: "returned records are copies: mutating them changes nothing stored",
    requires: ["createUser", "getUser", "createSession", "getSessionAndUser"],
    async run({ adapter }) {
      const created = await adapter.createUser(newUser());
      const user = structuredClone(created);
      tamperWithUser(created);
      const read = await adapter.getUser(user.id);
      assertEqual(read, user, "stored user after mutating the createUser result");
      if (read) tamperWithUser(read);
      assertEqual(await adapter.getUser(user.id), user, "stored user after mutating a getUser result");

      const session = newSession(user.id);
      await adapter.createSession(session);
      const found = await adapter.getSessionAndUser(session.sessionToken);
      if (found) {
        found.session.expires.setFullYear(1970);
        tamperWithUser(found.user);
      }
      assertEqual(
        await adapter.getSessionAndUser(session.sessionToken),
        { session, user },
        "stored session after mutating a getSessionAndUser result",
      );
    },
  },
  {
    name: "inputs are copied: mutating an object after passing it changes nothing stored",
    requires: ["createUser", "getUser", "createSession", "getSessionAndUser"],
    async run({ adapter }) {
      const input = newUser();
      const user = await adapter.createUser(input);
      const snapshot = structuredClone(user);
      input.name = "Mallory";
      input.emailVerified?.setFullYear(1970);
      const session = newSession(user.id, { expires: daysFromNow(3) });
      const expected = structuredClone(session);
      await adapter.createSession(session);
      session.expires.setFullYear(1970);
      assertEqual(await adapter.getUser(user.id), snapshot, "stored user after mutating the input");
      assertEqual(
        (await adapter.getSessionAndUser(expected.sessionToken))?.session,
        expected,
        "stored session after mutating the input",
      );
    },
  },
];
