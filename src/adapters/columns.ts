/**
 * The columns of the stored schema (`prisma/`) that adapter records carry: the one list every
 * adapter and the conformance kit read. Anything else (an OAuth token set's `expires_in`, a profile's
 * `locale`, a surrogate `id`) is not part of a record.
 */

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
