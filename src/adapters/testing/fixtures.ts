/**
 * Fresh, unique records for each check, so checks never collide even when they share one
 * database or run concurrently. Dates are whole seconds: a store may keep less than millisecond
 * precision, and the contract does not ask for more.
 */

import type {
  AdapterAccount,
  AdapterAuthenticator,
  AdapterSession,
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

/** A string of `length` characters: real ID tokens exceed the 191-character default VARCHAR of MySQL schemas. */
function longToken(prefix: string, length: number): string {
  return `${prefix}.${unique()}`.padEnd(length, "x");
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

/** An OAuth account with a full, realistic token set. */
export function newAccount(userId: string, overrides: Partial<AdapterAccount> = {}): AdapterAccount {
  return {
    userId,
    type: "oidc",
    provider: "conformance-oidc",
    providerAccountId: unique(),
    access_token: longToken("access", 1_500),
    refresh_token: longToken("refresh", 600),
    id_token: longToken("eyJhbGciOiJSUzI1NiJ9", 2_000),
    expires_at: Math.floor(daysFromNow(1).getTime() / 1000),
    scope: "openid email profile",
    token_type: "bearer",
    session_state: unique(),
    ...overrides,
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
