/**
 * The one place that knows which schema columns each adapter record reads and writes.
 *
 * Writes pick the model's columns and skip `undefined`: an OAuth token set or a provider profile
 * carries fields the schema has no column for (expires_in, locale, …), and Prisma rejects unknown
 * fields, and rejects `undefined` outright under `strictUndefinedChecks`.
 * Reads rebuild each record from its columns so that database-only fields (surrogate `id`s,
 * relation fields) never reach callers.
 */

import {
  ACCOUNT_COLUMNS,
  ACCOUNT_TOKEN_COLUMNS,
  AUTHENTICATOR_COLUMNS,
  pickDefined,
  SESSION_COLUMNS,
  SESSION_METADATA_COLUMNS,
  USER_COLUMNS,
  VERIFICATION_TOKEN_COLUMNS,
} from "../columns.js";
import type {
  AdapterAccount,
  AdapterAccountTokens,
  AdapterAuthenticator,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "../types.js";

type Row = Record<string, unknown>;

const USER_RELATIONS = new Set(["accounts", "sessions", "authenticators", "twoFactor", "recoveryCodes"]);

/**
 * The user's columns, without `id`: the database assigns ids (cuid on SQL, ObjectId on MongoDB),
 * so callers must use the id of the returned user.
 */
export function userData(user: Partial<AdapterUser>): Row {
  return pickDefined(user, USER_COLUMNS);
}

export function accountData(account: Partial<AdapterAccount>): Row {
  return pickDefined(account, ACCOUNT_COLUMNS);
}

/** The token columns to change: `null` clears a column, an absent field leaves it as stored. */
export function accountTokenData(tokens: AdapterAccountTokens): Row {
  return pickDefined(tokens, ACCOUNT_TOKEN_COLUMNS);
}

/** The session's columns, and those of its metadata the schema has (`metadataColumns`). */
export function sessionData(
  session: Partial<AdapterSession>,
  metadataColumns: ReadonlyArray<(typeof SESSION_METADATA_COLUMNS)[number]>,
): Row {
  return { ...pickDefined(session, SESSION_COLUMNS), ...pickDefined(session, metadataColumns) };
}

export function verificationTokenData(token: VerificationToken): Row {
  return pickDefined(token, VERIFICATION_TOKEN_COLUMNS);
}

export function authenticatorData(authenticator: AdapterAuthenticator): Row {
  return pickDefined(authenticator, AUTHENTICATOR_COLUMNS);
}

/**
 * Every column of the user row, so columns an application added to its User model (a role, a
 * locale) reach its callbacks; only relation fields are left out.
 */
export function toAdapterUser(row: unknown): AdapterUser {
  const user: Row = {};
  for (const [field, value] of Object.entries(row as Row)) {
    if (!USER_RELATIONS.has(field)) user[field] = value;
  }
  return user as unknown as AdapterUser;
}

/** Token columns the row leaves empty are omitted, matching AdapterAccount's optional fields. */
export function toAdapterAccount(row: unknown): AdapterAccount {
  const account: Row = {};
  for (const column of ACCOUNT_COLUMNS) {
    const value = (row as Row)[column];
    if (value !== null && value !== undefined) account[column] = value;
  }
  return account as AdapterAccount;
}

/** The session, with the metadata columns the row has (a schema without them yields none). */
export function toAdapterSession(row: unknown): AdapterSession {
  const { sessionToken, userId, expires } = row as AdapterSession;
  const session: Row = { sessionToken, userId, expires };
  for (const column of SESSION_METADATA_COLUMNS) {
    if (column in (row as Row)) session[column] = (row as Row)[column] ?? null;
  }
  return session as unknown as AdapterSession;
}

export function toVerificationToken(row: unknown): VerificationToken {
  const { identifier, token, expires } = row as VerificationToken;
  return { identifier, token, expires };
}

export function toAdapterAuthenticator(row: unknown): AdapterAuthenticator {
  const authenticator: Row = {};
  for (const column of AUTHENTICATOR_COLUMNS) authenticator[column] = (row as Row)[column] ?? null;
  return authenticator as unknown as AdapterAuthenticator;
}
