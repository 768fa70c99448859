/**
 * Fresh, unique records for each check, so checks never collide even when they share one
 * database or run concurrently. Dates are whole seconds: a store may keep less than millisecond
 * precision, and the contract does not ask for more.
 */

import type {
  AdapterAccount,
  AdapterAuthenticator,
  AdapterInvitation,
  AdapterMember,
  AdapterOrganization,
  AdapterSession,
  AdapterTwoFactor,
  AdapterUser,
  VerificationToken,
} from "../types.js";

const DAY_MS = 86_400_000;

function unique(): string {
  return crypto.randomUUID();
}

/** A Date `days` from now, truncated to whole seconds. */
export function daysFromNow(days: number): Date {
  return new Date(Math.floor((Date.now() + days * DAY_MS) / 1000) * 1000);
}

/** A string of exactly `length` characters, unique, starting with `prefix`. */
function tokenOfLength(prefix: string, length: number): string {
  return `${prefix}${unique().replaceAll("-", "")}`.padEnd(length, "x").slice(0, length);
}

export function newUser(overrides: Partial<AdapterUser> = {}): AdapterUser {
  const id = unique();
  return {
    id,
    email: `user-${id}@conformance.example`,
    emailVerified: daysFromNow(-1),
    name: "Ada Lovelace",
    image: `https://images.example/${id}.png`,
    ...overrides,
  };
}

/**
 * An OAuth account with a full token set of realistic, modest lengths (an opaque access token of
 * 72 characters, a refresh token of 64, a short ID token of 150), which fit any column a schema
 * would reasonably declare: only the long-token check uses {@link longTokens}, so a narrow
 * column fails that one check and not every account check.
 */
export function newAccount(userId: string, overrides: Partial<AdapterAccount> = {}): AdapterAccount {
  return {
    userId,
    type: "oidc",
    provider: "conformance-oidc",
    providerAccountId: unique(),
    access_token: tokenOfLength("at_", 72),
    refresh_token: tokenOfLength("rt_", 64),
    id_token: tokenOfLength("eyJhbGciOiJFUzI1NiJ9.", 150),
    expires_at: Math.floor(daysFromNow(1).getTime() / 1000),
    scope: "openid email profile",
    token_type: "bearer",
    session_state: unique(),
    ...overrides,
  };
}

/**
 * Tokens as large as real providers issue: JWT access tokens with group claims pass 1,500
 * characters, ID tokens 2,000; both exceed the VARCHAR(191)/(255) some MySQL schemas default to.
 */
export function longTokens(): Pick<AdapterAccount, "access_token" | "refresh_token" | "id_token"> {
  return {
    access_token: tokenOfLength("eyJhbGciOiJSUzI1NiJ9.", 1_500),
    refresh_token: tokenOfLength("rt_", 600),
    id_token: tokenOfLength("eyJhbGciOiJSUzI1NiJ9.", 2_000),
  };
}

export function newSession(userId: string, overrides: Partial<AdapterSession> = {}): AdapterSession {
  return { sessionToken: unique(), userId, expires: daysFromNow(30), ...overrides };
}

export function newVerificationToken(overrides: Partial<VerificationToken> = {}): VerificationToken {
  return {
    identifier: `signin-${unique()}@conformance.example`,
    token: `${unique()}${unique()}`.replaceAll("-", ""),
    expires: daysFromNow(1),
    ...overrides,
  };
}

export function newAuthenticator(
  userId: string,
  overrides: Partial<AdapterAuthenticator> = {},
): AdapterAuthenticator {
  const credentialID = unique().replaceAll("-", "");
  return {
    credentialID,
    userId,
    providerAccountId: credentialID,
    credentialPublicKey: "pQECAyYgASFYIPmNq5Yoc0RJnwJyQr6n7w8SvTP1mL0u9Bv0aGq3DIrzIlggWg",
    counter: 0,
    credentialDeviceType: "multiDevice",
    credentialBackedUp: true,
    transports: "internal,hybrid",
    ...overrides,
  };
}

/** An enrolled user's two-factor record; `totpSecret` has the shape of a sealed secret. */
export function newTwoFactor(userId: string, overrides: Partial<AdapterTwoFactor> = {}): AdapterTwoFactor {
  return {
    userId,
    totpSecret: `v1.${unique().replaceAll("-", "").slice(0, 16)}.${unique().replaceAll("-", "")}${unique().replaceAll("-", "").slice(0, 16)}`,
    totpEnabledAt: daysFromNow(-2),
    lastTotpStep: 59_000_000,
    trustedDevicesSince: daysFromNow(-1),
    ...overrides,
  };
}

/** `count` distinct values shaped like SHA-256 hex digests, as recovery codes are stored. */
export function newRecoveryCodeHashes(count: number): string[] {
  return Array.from({ length: count }, () => `${unique()}${unique()}`.replaceAll("-", ""));
}

/** An organization with a unique slug, created three days ago. */
export function newOrganization(overrides: Partial<AdapterOrganization> = {}): AdapterOrganization {
  const id = unique();
  return {
    id,
    name: "Analytical Engines Ltd",
    slug: `engines-${id}`,
    logo: `https://images.example/${id}.png`,
    metadata: JSON.stringify({ plan: "team" }),
    createdAt: daysFromNow(-3),
    ...overrides,
  };
}

/** A membership of `userId` in `organizationId`, as a plain member unless overridden. */
export function newMember(
  organizationId: string,
  userId: string,
  overrides: Partial<AdapterMember> = {},
): AdapterMember {
  return {
    id: unique(),
    organizationId,
    userId,
    role: "member",
    createdAt: daysFromNow(-2),
    lastActiveAt: null,
    ...overrides,
  };
}

/** A pending invitation to `organizationId`, expiring in a week; its id is a random secret. */
export function newInvitation(
  organizationId: string,
  inviterId: string,
  overrides: Partial<AdapterInvitation> = {},
): AdapterInvitation {
  return {
    id: `${unique()}${unique()}`.replaceAll("-", ""),
    organizationId,
    email: `invited-${unique()}@conformance.example`,
    role: "member",
    status: "pending",
    inviterId,
    expires: daysFromNow(7),
    createdAt: daysFromNow(-1),
    ...overrides,
  };
}
