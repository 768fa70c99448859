/**
 * The storage contract. latchkey reaches users, accounts, sessions, verification tokens and
 * authenticators only through an {@link Adapter}; every method is optional, and a feature whose
 * method is missing fails with an error naming it. The records and methods are Auth.js's adapter
 * contract, so Auth.js adapters plug in unchanged; the latchkey extensions at the end are optional
 * (see `missingExtensions` and docs/adapter-conformance.md).
 */
import type { User } from "../provider-types.js";

/** A value, or a promise of it: adapters may be synchronous or asynchronous. */
export type Awaitable<T> = T | PromiseLike<T>;

/**
 * A user as storage keeps it: a {@link User} with an id and an e-mail address. Fields added to `User`
 * by declaration merging appear here too.
 */
export interface AdapterUser extends User {
  id: string;
  email: string;
  /** When the user first proved the address by an e-mail sign-in; null until then. */
  emailVerified: Date | null;
}

/** Auth.js uses email, webauthn, oidc and oauth; latchkey adds "credentials" for credentials users with database sessions. */
export type AdapterAccountType = "email" | "webauthn" | "oidc" | "oauth" | "credentials";

/** A link between a user and a way of signing in (an OAuth/OIDC identity, an e-mail address, a passkey). */
export interface AdapterAccount {
  userId: string;
  type: AdapterAccountType;
  /** The provider's id. */
  provider: string;
  /** oauth/oidc: the provider's user id; email: the address; credentials: the id `authorize` returned. */
  providerAccountId: string;
  access_token?: string;
  refresh_token?: string;
  id_token?: string;
  scope?: string;
  /** Always lowercase: "bearer", "dpop", … */
  token_type?: Lowercase<string>;
  /** Absolute expiry of the access token, in seconds since the epoch. */
  expires_at?: number;
  expires_in?: number;
  session_state?: string | null;
  [extra: string]: unknown;
}

export interface AdapterSession {
  /** Random lookup value kept in the HTTP-only session cookie. */
  sessionToken: string;
  userId: string;
  expires: Date;
  /**
   * latchkey extension, optional (nullable columns, see prisma/README.md): when the session was
   * issued. Absent or null on rows written by Auth.js or by a schema without the column.
   */
  createdAt?: Date | null;
  /** latchkey extension, optional: when the session was last used, written at most once per `updateAge`. */
  lastSeenAt?: Date | null;
  /** latchkey extension, optional: the browser's `User-Agent` at sign-in (at most 512 characters). */
  userAgent?: string | null;
  /** latchkey extension, optional: the client's address at sign-in. */
  ipAddress?: string | null;
}

export interface VerificationToken {
  /** The e-mail address the token was sent to. */
  identifier: string;
  /** The token as stored: sha256hex(token + secret), never the raw token. */
  token: string;
  expires: Date;
}

export interface AdapterAuthenticator {
  /** base64url credential id. */
  credentialID: string;
  /** base64 COSE public key. */
  credentialPublicKey: string;
  counter: number;
  credentialDeviceType: string;
  credentialBackedUp: boolean;
  providerAccountId: string;
  /** Transports joined with commas, e.g. "internal,hybrid". */
  transports?: string | null;
  userId: string;
}

/**
 * latchkey extension: one user's two-factor settings, one record per user (see the two-factor
 * methods on {@link Adapter}). latchkey writes `totpSecret` sealed (AES-256-GCM under a key derived
 * from the auth secret), never the shared secret itself.
 */
export interface AdapterTwoFactor {
  userId: string;
  /** The sealed RFC 6238 shared secret; null when the user has no authenticator app. */
  totpSecret: string | null;
  /** When the user confirmed the authenticator with a first valid code; null while enrolment is pending. */
  totpEnabledAt: Date | null;
  /**
   * The last RFC 6238 time step accepted for this user. A code for this step or an earlier one is
   * refused, so a code seen once is spent (RFC 6238 §5.2 asks verifiers not to accept a code twice).
   */
  lastTotpStep: number | null;
  /** Trusted-device cookies issued before this instant are void; set when the user's sessions are revoked. */
  trustedDevicesSince: Date | null;
}

/**
 * latchkey extension: an organization (a workspace users belong to, see docs/organizations.md).
 * `slug` is unique across organizations (a unique index in the store).
 */
export interface AdapterOrganization {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  /** The app's own data as JSON text, or null; latchkey parses and serializes it. */
  metadata: string | null;
  createdAt: Date;
}

/**
 * latchkey extension: one user's membership of one organization, unique per
 * (`organizationId`, `userId`). `role` is `"owner"`, `"admin"`, `"member"` or a role the app defines.
 */
export interface AdapterMember {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: Date;
  /** When the user last made this organization their active one; null if never. Picks it at the next sign-in. */
  lastActiveAt: Date | null;
}

/** A member with the user it is, as an organization's member list shows it. */
export interface AdapterMemberWithUser extends AdapterMember {
  user: Pick<AdapterUser, "id" | "email" | "name" | "image">;
}

/** Where an invitation stands; only a `"pending"` one can be accepted, rejected, cancelled or resent. */
export type AdapterInvitationStatus = "pending" | "accepted" | "rejected" | "canceled";

/**
 * latchkey extension: an invitation to join an organization with a role, bound to one e-mail
 * address. `id` is a random value latchkey generates (it is the secret in the invitation link).
 */
export interface AdapterInvitation {
  id: string;
  organizationId: string;
  /** The invited address, lowercased. */
  email: string;
  role: string;
  status: AdapterInvitationStatus;
  /** The member who sent it. */
  inviterId: string;
  expires: Date;
  createdAt: Date;
}

/**
 * What a conditional membership write did (see {@link Adapter.updateMemberRole} and
 * {@link Adapter.removeMember}): `"done"` carries the member as it was before the write;
 * `"roleMoved"` means the member's current role is not among the roles the caller allowed (someone
 * changed it in between), `"lastOwner"` that the write would leave the organization without an owner.
 */
export type AdapterMemberChange =
  | { outcome: "done"; before: AdapterMember }
  | { outcome: "notMember" }
  | { outcome: "roleMoved"; member: AdapterMember }
  | { outcome: "lastOwner" };

/** What {@link Adapter.acceptInvitation} did. */
export type AdapterInvitationAcceptance =
  | { outcome: "accepted"; invitation: AdapterInvitation; member: AdapterMember }
  /** No pending, unexpired invitation with this id: unknown, already used, rejected, cancelled or expired. */
  | { outcome: "unavailable" }
  /** The user is already a member; the invitation is left pending. */
  | { outcome: "alreadyMember"; member: AdapterMember };

export interface Adapter {
  createUser?(user: AdapterUser): Awaitable<AdapterUser>;
  getUser?(id: string): Awaitable<AdapterUser | null>;
  getUserByEmail?(email: string): Awaitable<AdapterUser | null>;
  getUserByAccount?(
    providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">,
  ): Awaitable<AdapterUser | null>;
  updateUser?(user: Partial<AdapterUser> & Pick<AdapterUser, "id">): Awaitable<AdapterUser>;
  /** Deletes the user and, by cascade, their accounts, sessions and authenticators. */
  deleteUser?(userId: string): Promise<void> | Awaitable<AdapterUser | null | undefined>;
  linkAccount?(account: AdapterAccount): Promise<void> | Awaitable<AdapterAccount | null | undefined>;
  unlinkAccount?(
    providerAccountId: Pick<AdapterAccount, "provider" | "providerAccountId">,
  ): Promise<void> | Awaitable<AdapterAccount | undefined>;
  getAccount?(providerAccountId: string, provider: string): Awaitable<AdapterAccount | null>;
  createSession?(session: AdapterSession): Awaitable<AdapterSession>;
  /** Both records in one call; a single joined query where the store can. */
  getSessionAndUser?(sessionToken: string): Awaitable<{ session: AdapterSession; user: AdapterUser } | null>;
  updateSession?(
    session: Partial<AdapterSession> & Pick<AdapterSession, "sessionToken">,
  ): Awaitable<AdapterSession | null | undefined>;
  /** Returning the deleted session is preferred, for logging. */
  deleteSession?(sessionToken: string): Promise<void> | Awaitable<AdapterSession | null | undefined>;
  createVerificationToken?(
    verificationToken: VerificationToken,
  ): Awaitable<VerificationToken | null | undefined>;
  /** Returns the token and deletes it, atomically: of concurrent uses exactly one gets it. */
  useVerificationToken?(params: { identifier: string; token: string }): Awaitable<VerificationToken | null>;
  /** Must throw on failure. */
  createAuthenticator?(authenticator: AdapterAuthenticator): Awaitable<AdapterAuthenticator>;
  getAuthenticator?(credentialID: string): Awaitable<AdapterAuthenticator | null>;
  /** [] for an unknown user; throws on any other failure. */
  listAuthenticatorsByUserId?(userId: string): Awaitable<AdapterAuthenticator[]>;
  /** Must throw on failure. */
  updateAuthenticatorCounter?(credentialID: string, newCounter: number): Awaitable<AdapterAuthenticator>;

  /**
   * latchkey extension, optional: every session of one user, for session management
   * (`listSessions`, `revokeSession`, `revokeOtherSessions`, `revokeUserSessions`). Without it those
   * functions fail with an error naming this method. An adapter with this method also takes the
   * session metadata fields (`createdAt`, `lastSeenAt`, `userAgent`, `ipAddress`) in createSession
   * and updateSession, stores those its schema has columns for, ignores the others, and returns
   * the stored ones with the session.
   */
  listSessionsByUserId?(userId: string): Awaitable<AdapterSession[]>;
  /**
   * latchkey extension, optional: every account linked to one user, `[]` for a user without any.
   * `getAccessToken` with database sessions needs it (it knows the user, not their id at the
   * provider), and so does the pre-hijack defence: when an e-mail sign-in first proves a user's
   * address, the accounts linked before anyone proved it are unlinked. Without it, that sign-in is
   * refused.
   */
  listAccountsByUserId?(userId: string): Awaitable<AdapterAccount[]>;
  /**
   * latchkey extension, optional: creates the user and links the account in one transaction, so a
   * failed link never leaves a user without a way to sign in. latchkey falls back to
   * createUser + linkAccount (with a compensating deleteUser) when it is absent.
   */
  createUserAndLinkAccount?(
    user: AdapterUser,
    account: AdapterAccountWithoutUserId,
  ): Awaitable<{ user: AdapterUser; account: AdapterAccount }>;
  /**
   * latchkey extension, optional: stores the tokens a provider issued at a re-login or a token
   * refresh on the account identified by `provider` + `providerAccountId`. A token field that is
   * given replaces the stored one, `null` clears it, and an absent one is kept (a refresh response
   * need not repeat the refresh token, RFC 6749 §6). Returns the updated account, or `null` when no
   * such account exists. Without it, new provider tokens are not stored.
   */
  updateAccount?(
    account: Pick<AdapterAccount, "provider" | "providerAccountId"> & AdapterAccountTokens,
  ): Awaitable<AdapterAccount | null>;
  /**
   * latchkey extension, optional: deletes one authenticator, for `deleteAuthenticator` (a "your
   * passkeys" page). Returns the deleted authenticator, or `null` when none has that credentialID.
   * Without it, `deleteAuthenticator` fails with an error naming this method.
   */
  deleteAuthenticator?(credentialID: string): Awaitable<AdapterAuthenticator | null>;

  /**
   * latchkey extension, optional, with the six below (two-factor sign-in, `twoFactor` in the
   * config, which fails at startup naming any that is missing): the user's two-factor record, or
   * `null` when they have none.
   */
  getTwoFactor?(userId: string): Awaitable<AdapterTwoFactor | null>;
  /**
   * Creates the user's two-factor record or replaces every field of it, except that `lastTotpStep`
   * never moves back: a stored step greater than the given one (or given as null) is kept, in the
   * same write or a conditional one after it. Callers write back records they read earlier (to turn
   * two-factor on, or to void trusted devices); a code spent in between must stay spent. Returns the
   * record as stored.
   */
  setTwoFactor?(record: AdapterTwoFactor): Awaitable<AdapterTwoFactor>;
  /** Deletes the user's two-factor record and recovery codes, in one transaction where the store allows. */
  deleteTwoFactor?(userId: string): Awaitable<void>;
  /**
   * Accepts `step` only when it is greater than the stored `lastTotpStep`, and stores it, in one
   * atomic conditional write: of concurrent calls with the same step exactly one returns `true`.
   * `false` when the step is spent or the user has no record.
   */
  spendTotpStep?(userId: string, step: number): Awaitable<boolean>;
  /** Replaces the user's recovery codes with these hashes (an empty list removes them), in one transaction. */
  replaceRecoveryCodes?(userId: string, codeHashes: string[]): Awaitable<void>;
  /**
   * Spends the unused recovery code with this hash, atomically (of concurrent uses exactly one
   * succeeds), and returns how many unused codes remain; `null` when no unused code has the hash.
   */
  useRecoveryCode?(userId: string, codeHash: string): Awaitable<{ remaining: number } | null>;
  /** How many unused recovery codes the user has (0 for a user without any). */
  countRecoveryCodes?(userId: string): Awaitable<number>;

  /**
   * latchkey extension, optional, with the organization methods below (`organizations` in the
   * config fails at startup naming any that is missing; see ORGANIZATION_METHODS): creates the
   * organization and its first member (the owner) in one transaction. The slug is unique: latchkey
   * checks it first, so a unique-index violation here only happens under a race, and must throw.
   */
  createOrganization?(
    organization: AdapterOrganization,
    owner: AdapterMember,
  ): Awaitable<{ organization: AdapterOrganization; member: AdapterMember }>;
  /** The organization with this id, or null. */
  getOrganization?(id: string): Awaitable<AdapterOrganization | null>;
  /** The organization with this slug, or null. */
  getOrganizationBySlug?(slug: string): Awaitable<AdapterOrganization | null>;
  /**
   * Changes the given fields (`name`, `slug`, `logo`, `metadata`; absent keeps); returns the updated
   * organization, or null when none has the id. A slug taken under a race must throw.
   */
  updateOrganization?(
    changes: Partial<Omit<AdapterOrganization, "id" | "createdAt">> & Pick<AdapterOrganization, "id">,
  ): Awaitable<AdapterOrganization | null>;
  /**
   * Deletes the organization with its members and invitations, in one transaction (a cascade), and
   * returns it with the members it had, so latchkey can update their sessions; null when none has the id.
   */
  deleteOrganization?(
    id: string,
  ): Awaitable<{ organization: AdapterOrganization; members: AdapterMember[] } | null>;
  /** Every organization `userId` is a member of, each with that membership; [] for none. */
  listOrganizationsByUserId?(
    userId: string,
  ): Awaitable<Array<{ organization: AdapterOrganization; member: AdapterMember }>>;
  /** The membership of `userId` in the organization, or null. */
  getMember?(organizationId: string, userId: string): Awaitable<AdapterMember | null>;
  /** The organization's members, each with its user, oldest first; [] for none. */
  listMembers?(organizationId: string): Awaitable<AdapterMemberWithUser[]>;
  /**
   * Adds a member; returns null, writing nothing, when the user already is one (the unique
   * (`organizationId`, `userId`) index). Throws when the organization or the user does not exist.
   */
  addMember?(member: AdapterMember): Awaitable<AdapterMember | null>;
  /**
   * Sets the member's role, atomically and only when (1) their current role is one of `fromRoles`
   * and (2) the organization keeps at least one `"owner"` afterwards. Both conditions are checked
   * in the same transaction as the write (a conditional update, or a row lock on the
   * organization's owners): of two concurrent demotions of the last two owners, one must return
   * `"lastOwner"`. `fromRoles` is how latchkey makes "an admin cannot touch an owner" hold when a
   * promotion races the change.
   */
  updateMemberRole?(change: {
    organizationId: string;
    userId: string;
    role: string;
    fromRoles: readonly string[];
  }): Awaitable<AdapterMemberChange>;
  /**
   * Removes the member, atomically and only under the same two conditions as `updateMemberRole`:
   * their current role is one of `fromRoles`, and an `"owner"` remains.
   */
  removeMember?(target: {
    organizationId: string;
    userId: string;
    fromRoles: readonly string[];
  }): Awaitable<AdapterMemberChange>;
  /** Records that the member made the organization active at `at`; a no-op when they are not a member. */
  markMemberActive?(organizationId: string, userId: string, at: Date): Awaitable<void>;
  /** Stores a new invitation; throws when the organization does not exist or the id is taken. */
  createInvitation?(invitation: AdapterInvitation): Awaitable<AdapterInvitation>;
  /** The invitation with this id (in any status), or null. */
  getInvitation?(id: string): Awaitable<AdapterInvitation | null>;
  /** The organization's invitations in every status, newest first. */
  listInvitations?(organizationId: string): Awaitable<AdapterInvitation[]>;
  /** The invitations sent to this address (lowercased) in every status, newest first. */
  listInvitationsByEmail?(email: string): Awaitable<AdapterInvitation[]>;
  /**
   * Sets the status (and `expires`, when given) of a `"pending"` invitation, in one conditional
   * write: returns the updated invitation, or null, writing nothing, when it is not pending (used,
   * rejected, cancelled) or unknown. Cancel, reject and resend go through it, so none revives a
   * used invitation.
   */
  updatePendingInvitation?(change: {
    id: string;
    status: AdapterInvitationStatus;
    expires?: Date;
  }): Awaitable<AdapterInvitation | null>;
  /**
   * Accepts the invitation and adds `member`, in one transaction: only a `"pending"` invitation
   * whose `expires` is after `now` is accepted, and its status becomes `"accepted"` in the same
   * conditional write (`UPDATE … WHERE status = 'pending'` counting the rows), so of any number of
   * concurrent acceptances exactly one adds a member. When the user already is a member nothing is
   * written. latchkey has already checked that the user proved the invited address.
   */
  acceptInvitation?(acceptance: {
    invitationId: string;
    member: AdapterMember;
    now: Date;
  }): Awaitable<AdapterInvitationAcceptance>;
}

/** The optional adapter methods organizations need, all of them. */
export type OrganizationMethod =
  | "createOrganization"
  | "getOrganization"
  | "getOrganizationBySlug"
  | "updateOrganization"
  | "deleteOrganization"
  | "listOrganizationsByUserId"
  | "getMember"
  | "listMembers"
  | "addMember"
  | "updateMemberRole"
  | "removeMember"
  | "markMemberActive"
  | "createInvitation"
  | "getInvitation"
  | "listInvitations"
  | "listInvitationsByEmail"
  | "updatePendingInvitation"
  | "acceptInvitation";

/** The optional adapter methods two-factor sign-in needs, all of them. */
export type TwoFactorMethod =
  | "getTwoFactor"
  | "setTwoFactor"
  | "deleteTwoFactor"
  | "spendTotpStep"
  | "replaceRecoveryCodes"
  | "useRecoveryCode"
  | "countRecoveryCodes";

/** The fields of an account that hold what the provider's token endpoint issued. */
export type AdapterAccountTokenField =
  | "access_token"
  | "refresh_token"
  | "id_token"
  | "expires_at"
  | "scope"
  | "token_type"
  | "session_state";

/** New token values for {@link Adapter.updateAccount}: a value replaces, `null` clears, absent keeps. */
export type AdapterAccountTokens = {
  [K in AdapterAccountTokenField]?: NonNullable<AdapterAccount[K]> | null;
};

/**
 * AdapterAccount minus userId. `Omit<AdapterAccount, "userId">` would not do: Omit maps over
 * `keyof`, which the index signature widens to `string`, so every named field became `unknown`.
 */
export type AdapterAccountWithoutUserId = {
  [K in keyof AdapterAccount as K extends "userId" ? never : K]: AdapterAccount[K];
};
