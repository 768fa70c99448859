/**
 * The pending cookie: what a proven first factor leaves in the browser while the second is asked
 * for. It is sealed like a session JWT (encrypted and authenticated with a key derived from the
 * auth secret, salted with the cookie's name), lives `pendingMaxAge` seconds, and holds no session:
 * only what issuing one later needs (the user as the first factor saw it, the account, the session's
 * marks whole, what the first factor stood on, where to go).
 *
 * Bound to this browser: it carries a hash of the browser's CSRF token (a `__Host-` cookie over
 * https), and is honoured only beside that token, so a pending cookie copied on its own (a log, a
 * proxy, another device) proves nothing. Single use: its `jti` is marked spent in `config.store`
 * when the second factor succeeds, so a copy replayed after that, even beside the CSRF cookie, is
 * refused; a failed code does not spend it, so a typo does not send the user back to the start.
 */

import type { Account } from "../config.js";
import { clearChunkedCookie, readChunkedCookie, writeChunkedCookie } from "../cookie/chunks.js";
import type { CookieToSet } from "../cookie/header.js";
import type { AuthContext, ProvenFirstFactor } from "../core/context.js";
import { InvalidCheck, StoreUnavailable } from "../core/errors.js";
import { marksClaims, marksOfClaims } from "../core/session-marks.js";
import type { SignInSession } from "../core/session-strategy.js";
import type { JWT } from "../jwt/types.js";
import type { FirstFactorStanding } from "../login/first-factor.js";
import type { Profile, User } from "../provider-types.js";

/** What the second step is for: proving an enrolled factor, or enrolling one that is required. */
type PendingPurpose = "verify" | "enrol";

/** A pending cookie that opened, was minted for this browser, and has not been spent. */
export interface PendingSignIn {
  /** The codec's `jti`: the key that marks this pending sign-in spent. */
  jti: string;
  /** Seconds since the epoch when it expires. */
  exp: number;
  userId: string;
  purpose: PendingPurpose;
  /** The sign-in as its first factor left it, its marks whole. */
  signIn: SignInSession;
  /** What the first factor stood on, to judge again before the sign-in goes on (login/first-factor.ts). */
  standing: FirstFactorStanding;
  providerId: string;
  callbackUrl: string;
}

/** The user as the first factor saw it; `emailVerified` (when it has one) as text, as JSON keeps it. */
type SealedUser = User & { emailVerified?: string | null };

interface PendingClaims {
  sub: string;
  purpose: PendingPurpose;
  /** SHA-256 of the browser's CSRF token (see above). */
  bind: string;
  user: SealedUser;
  account: Account | null;
  profile?: Profile;
  isNewUser: boolean;
  /** The session's marks, as a session's claims record them (core/session-marks.ts). */
  marks: JWT;
  linked: boolean;
  provider: string;
  callbackUrl: string;
}

/**
 * The user with its `emailVerified` kept as it was, null included: whether the user had the field
 * at all (a stored user) and whether it was set are what the first factor saw of the address.
 */
function sealedUser(user: User): SealedUser {
  const { emailVerified, ...rest } = user as User & { emailVerified?: unknown };
  if (!("emailVerified" in user)) return rest;
  const sealed = emailVerified instanceof Date ? emailVerified.toISOString() : emailVerified;
  return { ...rest, emailVerified: typeof sealed === "string" ? sealed : null };
}

function openedUser(user: SealedUser): User & { emailVerified?: Date | null } {
  const { emailVerified, ...rest } = user;
  if (!("emailVerified" in user)) return rest;
  return { ...rest, emailVerified: typeof emailVerified === "string" ? new Date(emailVerified) : null };
}

const SPENT_PREFIX = "2fa-spent:";
/** Keeps the binding hash apart from the CSRF cookie's own hash of the same token. */
const BINDING_PREFIX = "latchkey.two-factor-binding:";

async function binding(ctx: AuthContext): Promise<string> {
  const { token } = await ctx.csrf();
  return ctx.runtime.sha256Hex(`${BINDING_PREFIX}${token}`);
}

/** The cookies that hold the pending sign-in for `signIn`, to complete at `callbackUrl`. */
export async function issuePendingCookie(
  ctx: AuthContext,
  signIn: ProvenFirstFactor,
  standing: FirstFactorStanding,
  purpose: PendingPurpose,
  callbackUrl: string,
  maxAge: number,
): Promise<CookieToSet[]> {
  const claims: PendingClaims = {
    sub: signIn.user.id as string,
    purpose,
    bind: await binding(ctx),
    user: sealedUser(signIn.user),
    account: signIn.account,
    ...(signIn.profile ? { profile: signIn.profile } : {}),
    isNewUser: signIn.isNewUser,
    marks: marksClaims(signIn.marks),
    linked: standing.accountLinked,
    provider: signIn.providerId,
    callbackUrl,
  };
  const { name, options } = ctx.cookies.twoFactorPending;
  const value = await ctx.codec.encode({
    token: claims as unknown as JWT,
    secret: ctx.config.secrets,
    salt: name,
    maxAge,
  });
  return writeChunkedCookie(name, value, { ...options, maxAge }, ctx.requestCookies);
}

/**
 * The request's pending sign-in, or null when there is none that counts: missing, expired, forged,
 * minted beside another CSRF token (another browser), or for another purpose. Reading it does not
 * spend it; {@link spendPendingSignIn} does.
 */
export async function openPendingCookie(
  ctx: AuthContext,
  purpose: PendingPurpose,
): Promise<PendingSignIn | null> {
  const { name } = ctx.cookies.twoFactorPending;
  const sealed = readChunkedCookie(ctx.requestCookies, name);
  if (!sealed) return null;
  const claims = await ctx.codec.decode<Partial<PendingClaims> & { jti?: unknown; exp?: unknown }>({
    token: sealed,
    secret: ctx.config.secrets,
    salt: name,
  });
  if (claims === null || claims.purpose !== purpose) return null;
  const { jti, exp, sub, user } = claims;
  if (typeof jti !== "string" || typeof exp !== "number" || typeof sub !== "string" || sub === "")
    return null;
  if (typeof user !== "object" || user === null || user.id !== sub) return null;
  const marks =
    typeof claims.marks === "object" && claims.marks !== null ? marksOfClaims(claims.marks) : null;
  if (marks === null) return null;
  // Only beside the CSRF cookie of the browser it was minted in; the comparison is of two hashes.
  if (
    !ctx.runtime.equalInConstantTime(
      ctx.runtime.utf8Encode(String(claims.bind)),
      ctx.runtime.utf8Encode(await binding(ctx)),
    )
  ) {
    return null;
  }
  return {
    jti,
    exp,
    userId: sub,
    purpose,
    providerId: String(claims.provider),
    callbackUrl: String(claims.callbackUrl),
    signIn: {
      user: openedUser(user),
      account: claims.account ?? null,
      ...(claims.profile ? { profile: claims.profile } : {}),
      isNewUser: claims.isNewUser === true,
      marks,
    },
    standing: { accountLinked: claims.linked === true },
  };
}

/**
 * Marks the pending sign-in spent, once: of two requests that both proved a second factor with one
 * pending cookie (a replay, a race), only the first gets a session. One store round trip.
 */
export async function spendPendingSignIn(ctx: AuthContext, pending: PendingSignIn): Promise<void> {
  const ttlMs = Math.max(1000, (pending.exp + 60) * 1000 - Date.now());
  let first: boolean;
  try {
    // A record: evicted early (a flood of anonymous challenges in a MemoryStore), the mark would
    // let this pending cookie be completed a second time.
    first = await ctx.config.store.setIfAbsent(`${SPENT_PREFIX}${pending.jti}`, "1", ttlMs, {
      kind: "record",
    });
  } catch (error) {
    throw new StoreUnavailable("The store failed while spending a pending two-factor sign-in.", {
      cause: error,
    });
  }
  if (!first) throw new InvalidCheck("This pending two-factor sign-in was already completed.");
}

/** Clears the pending cookie (and its chunks) when the request carries it. */
export function clearPendingCookie(ctx: AuthContext): CookieToSet[] {
  const { name, options } = ctx.cookies.twoFactorPending;
  if (readChunkedCookie(ctx.requestCookies, name) === undefined) return [];
  return clearChunkedCookie(name, options, ctx.requestCookies);
}
