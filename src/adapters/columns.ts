/**
 * The columns of the stored schema (prisma/README.md) that adapter records carry: the one list every
 * adapter and the conformance kit read. Anything else (an OAuth token set's `expires_in`, a profile's
 * `locale`, a surrogate `id`) is not part of a record.
 */

import type { AdapterAccountTokenField, AdapterTwoFactor } from "./types.js";

export const USER_COLUMNS = ["name", "email", "emailVerified", "image"] as const;

export const ACCOUNT_COLUMNS = [
  "userId",
  "type",
  "provider",
  "providerAccountId",
  "refresh_token",
  "access_token",
  "expires_at",
  "token_type",
  "scope",
  "id_token",
  "session_state",
] as const;

/** The account columns a provider's token response fills, which a re-login or a refresh replaces. */
export const ACCOUNT_TOKEN_COLUMNS = [
  "access_token",
  "refresh_token",
  "id_token",
  "expires_at",
  "scope",
  "token_type",
  "session_state",
] as const satisfies readonly AdapterAccountTokenField[];

export const SESSION_COLUMNS = ["sessionToken", "userId", "expires"] as const;

/**
 * latchkey's optional session metadata (prisma/README.md): nullable columns a schema may lack,
 * written and read only where it has them.
 */
export const SESSION_METADATA_COLUMNS = ["createdAt", "lastSeenAt", "userAgent", "ipAddress"] as const;

export const VERIFICATION_TOKEN_COLUMNS = ["identifier", "token", "expires"] as const;

export const AUTHENTICATOR_COLUMNS = [
  "credentialID",
  "userId",
  "providerAccountId",
  "credentialPublicKey",
  "counter",
  "credentialDeviceType",
  "credentialBackedUp",
  "transports",
] as const;

/** The two-factor record's fields (AdapterTwoFactor), every one a column of the TwoFactor model. */
export const TWO_FACTOR_COLUMNS = [
  "userId",
  "totpSecret",
  "totpEnabledAt",
  "lastTotpStep",
  "trustedDevicesSince",
] as const;

/**
 * Every field of a two-factor record, an absent one as null, and nothing else (a row's `_id` or
 * relation fields stay behind): setTwoFactor replaces the whole record.
 */
export function twoFactorFields(source: unknown): AdapterTwoFactor {
  const record: Record<string, unknown> = {};
  for (const column of TWO_FACTOR_COLUMNS)
    record[column] = (source as Record<string, unknown>)[column] ?? null;
  return record as unknown as AdapterTwoFactor;
}

/**
 * The listed columns of `source` that hold a value: `undefined` means "not given", which a store
 * must not write (Prisma's strictest clients refuse it).
 */
export function pickDefined<T extends object, K extends keyof T>(
  source: T,
  columns: readonly K[],
): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {};
  for (const column of columns) {
    if (source[column] !== undefined) picked[column] = source[column];
  }
  return picked;
}

/** An organization's fields (AdapterOrganization), every one a column of the Organization model. */
export const ORGANIZATION_COLUMNS = ["id", "name", "slug", "logo", "metadata", "createdAt"] as const;

/** A membership's fields (AdapterMember), every one a column of the Member model. */
export const MEMBER_COLUMNS = [
  "id",
  "organizationId",
  "userId",
  "role",
  "createdAt",
  "lastActiveAt",
] as const;

/** An invitation's fields (AdapterInvitation), every one a column of the Invitation model. */
export const INVITATION_COLUMNS = [
  "id",
  "organizationId",
  "email",
  "role",
  "status",
  "inviterId",
  "expires",
  "createdAt",
] as const;
