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
  INVITATION_COLUMNS,
  MEMBER_COLUMNS,
  ORGANIZATION_COLUMNS,
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
  AdapterInvitation,
  AdapterMember,
  AdapterMemberWithUser,
  AdapterOrganization,
  AdapterSession,
  AdapterUser,
  VerificationToken,
} from "../types.js";

type Row = Record<string, unknown>;

const USER_RELATIONS = new Set([
  "accounts",
  "sessions",
  "authenticators",
  "twoFactor",
  "recoveryCodes",
  "memberships",
]);

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

/** Each listed column of the row, an absent one as null; relation fields and `_id` stay behind. */
function columnsOf(row: unknown, columns: readonly string[]): Row {
  const record: Row = {};
  for (const column of columns) record[column] = (row as Row)[column] ?? null;
  return record;
}

/**
 * Every column, nullable ones written as an explicit null: on MongoDB a filter on `null` does
 * not match a field that was never set.
 */
export function organizationData(organization: AdapterOrganization): Row {
  return columnsOf(organization, ORGANIZATION_COLUMNS);
}

export function memberData(member: AdapterMember): Row {
  return columnsOf(member, MEMBER_COLUMNS);
}

export function invitationData(invitation: AdapterInvitation): Row {
  return columnsOf(invitation, INVITATION_COLUMNS);
}

export function toAdapterOrganization(row: unknown): AdapterOrganization {
  return columnsOf(row, ORGANIZATION_COLUMNS) as unknown as AdapterOrganization;
}

export function toAdapterMember(row: unknown): AdapterMember {
  return columnsOf(row, MEMBER_COLUMNS) as unknown as AdapterMember;
}

/** A member row read with `include: { user: { select: MEMBER_USER_FIELDS } }`. */
export function toAdapterMemberWithUser(row: unknown): AdapterMemberWithUser {
  const user = columnsOf((row as Row).user, Object.keys(MEMBER_USER_FIELDS));
  return { ...toAdapterMember(row), user } as unknown as AdapterMemberWithUser;
}

/** The user fields a member list shows (AdapterMemberWithUser), as a Prisma `select`. */
export const MEMBER_USER_FIELDS = { id: true, email: true, name: true, image: true } as const;

export function toAdapterInvitation(row: unknown): AdapterInvitation {
  return columnsOf(row, INVITATION_COLUMNS) as unknown as AdapterInvitation;
}
