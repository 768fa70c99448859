/**
 * latchkey's rule that records carry the contract's fields and nothing else: no surrogate `id`,
 * no relation fields, no `undefined` values. One check per record type, each naming every method
 * that returned an extra field, so one cause (a surrogate key on a table) fails one check instead
 * of hiding what every other check tests.
 */

import {
  ACCOUNT_COLUMNS,
  AUTHENTICATOR_COLUMNS,
  SESSION_COLUMNS,
  SESSION_METADATA_COLUMNS,
  VERIFICATION_TOKEN_COLUMNS,
} from "../../columns.js";
import type { CheckDefinition } from "../context.js";
import {
  daysFromNow,
  newAccount,
  newAuthenticator,
  newSession,
  newUser,
  newVerificationToken,
} from "../fixtures.js";

/** A session record's fields: the contract's, and latchkey's optional metadata. */
const SESSION_FIELDS = [...SESSION_COLUMNS, ...SESSION_METADATA_COLUMNS];

/** Results a method may leave out (void) are checked only when it returns a record. */
function isRecord(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

export const recordFieldChecks: CheckDefinition[] = [
  {
    name: "user records carry no undefined values",
    level: "latchkey",
    requires: ["createUser", "getUser"],
    async run({ adapter, expect }) {
      const created = await adapter.createUser(newUser({ name: undefined, image: undefined }));
      const undefinedIn = (record: object) =>
        Object.entries(record)
          .filter(([, value]) => value === undefined)
          .map(([key]) => key);
      expect.equal(undefinedIn(created), [], "createUser result's undefined fields");
      const found = expect.present(
        await adapter.getUser(created.id),
        "getUser should find the user just created",
      );
      expect.equal(undefinedIn(found), [], "getUser result's undefined fields");
    },
  },
  {
    name: "account records carry only the contract's fields",
    level: "latchkey",
    requires: ["createUser", "linkAccount", "getAccount"],
    async run({ adapter, createUser, has, expect }) {
      const user = await createUser();
      const account = newAccount(user.id);
      const linked = await adapter.linkAccount(account);
      if (isRecord(linked)) expect.onlyFields(linked, ACCOUNT_COLUMNS, "linkAccount result");
      const found = expect.present(
        await adapter.getAccount(account.providerAccountId, account.provider),
        "getAccount should find the account just linked",
      );
      expect.onlyFields(found, ACCOUNT_COLUMNS, "getAccount result");
      const { provider, providerAccountId } = account;
      if (has("updateAccount")) {
        const updated = await adapter.updateAccount({
          provider,
          providerAccountId,
          access_token: "at_updated",
        });
        if (isRecord(updated)) expect.onlyFields(updated, ACCOUNT_COLUMNS, "updateAccount result");
      }
      if (has("unlinkAccount")) {
        const unlinked = await adapter.unlinkAccount({ provider, providerAccountId });
        if (isRecord(unlinked)) expect.onlyFields(unlinked, ACCOUNT_COLUMNS, "unlinkAccount result");
      }
    },
  },
  {
    name: "session records carry only sessionToken, userId, expires and the session metadata columns",
    level: "latchkey",
    requires: ["createUser", "createSession", "getSessionAndUser"],
    async run({ adapter, createUser, has, expect }) {
      const user = await createUser();
      const session = newSession(user.id);
      const created = await adapter.createSession(session);
      if (isRecord(created)) expect.onlyFields(created, SESSION_FIELDS, "createSession result");
      const found = expect.present(
        await adapter.getSessionAndUser(session.sessionToken),
        "getSessionAndUser should find the session just created",
      );
      expect.onlyFields(found, ["session", "user"], "getSessionAndUser result");
      if (isRecord(found.session))
        expect.onlyFields(found.session, SESSION_FIELDS, "getSessionAndUser session");
      if (has("updateSession")) {
        const updated = await adapter.updateSession({
          sessionToken: session.sessionToken,
          expires: daysFromNow(2),
        });
        if (isRecord(updated)) expect.onlyFields(updated, SESSION_FIELDS, "updateSession result");
      }
      if (has("listSessionsByUserId")) {
        for (const listed of await adapter.listSessionsByUserId(user.id)) {
          expect.onlyFields(listed, SESSION_FIELDS, "listSessionsByUserId item");
        }
      }
      if (has("deleteSession")) {
        const deleted = await adapter.deleteSession(session.sessionToken);
        if (isRecord(deleted)) expect.onlyFields(deleted, SESSION_FIELDS, "deleteSession result");
      }
    },
  },
  {
    name: "verification-token records carry only identifier, token and expires",
    level: "latchkey",
    requires: ["createVerificationToken", "useVerificationToken"],
    async run({ adapter, expect }) {
      const token = newVerificationToken();
      const created = await adapter.createVerificationToken(token);
      if (isRecord(created))
        expect.onlyFields(created, VERIFICATION_TOKEN_COLUMNS, "createVerificationToken result");
      const used = expect.present(
        await adapter.useVerificationToken({ identifier: token.identifier, token: token.token }),
        "useVerificationToken should return the token",
      );
      expect.onlyFields(used, VERIFICATION_TOKEN_COLUMNS, "useVerificationToken result");
    },
  },
  {
    name: "authenticator records carry only the contract's fields",
    level: "latchkey",
    requires: ["createUser", "createAuthenticator"],
    async run({ adapter, createUser, has, expect }) {
      const user = await createUser();
      const authenticator = newAuthenticator(user.id);
      const { credentialID } = authenticator;
      expect.onlyFields(
        await adapter.createAuthenticator(authenticator),
        AUTHENTICATOR_COLUMNS,
        "createAuthenticator result",
      );
      if (has("getAuthenticator")) {
        const found = await adapter.getAuthenticator(credentialID);
        if (isRecord(found)) expect.onlyFields(found, AUTHENTICATOR_COLUMNS, "getAuthenticator result");
      }
      if (has("listAuthenticatorsByUserId")) {
        for (const listed of await adapter.listAuthenticatorsByUserId(user.id)) {
          expect.onlyFields(listed, AUTHENTICATOR_COLUMNS, "listAuthenticatorsByUserId item");
        }
      }
      if (has("updateAuthenticatorCounter")) {
        const updated = await adapter.updateAuthenticatorCounter(credentialID, 1);
        expect.onlyFields(updated, AUTHENTICATOR_COLUMNS, "updateAuthenticatorCounter result");
      }
    },
  },
];
