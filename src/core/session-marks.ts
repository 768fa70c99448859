/**
 * A session's marks: what a session records about how it came to be, beside whose it is. They are
 * made once, when the first factor is proven, and handed on whole from there: through the pending
 * two-factor cookie, the second factor (which moves only the authentication on), the session's
 * issue, every re-issue, a step-up. No path picks marks apart and builds them again, so none can
 * drop one; a new mark (an active organization) is one more field here and one more claim below.
 *
 * As claims (a JWT session, the pending cookie, a database session's sealed side cookie) they are
 * `amr` (RFC 8176 values) and `auth_time` (OpenID Connect Core 1.0 §2) for how the user proved who
 * they are, and the private claim (RFC 7519 §4.3) `emailUnverified` for an address nobody had
 * proven when the session was issued (the pre-hijack defence ends such a session once it is).
 */
import { nowInSeconds } from "../jwt/claims.js";
import type { JWT } from "../jwt/types.js";
import type { ResolvedConfig } from "./resolved-config.js";

/**
 * How the user proved who they are, as the session records it: the RFC 8176 Authentication Method
 * Reference values (`amr`, e.g. `["pwd", "otp", "mfa"]`) and when they last proved it, in seconds
 * (`auth_time`, OpenID Connect Core §2). Two-factor sign-in and step-up (`requireRecentAuth`) read it.
 */
export interface SessionAuthentication {
  amr: string[];
  authTime: number;
}

/** Everything a session records beside its user: one value, handed on whole (see above). */
export interface SessionMarks {
  /** How and when the user proved who they are; a second factor or a step-up moves it on. */
  authentication: SessionAuthentication;
  /**
   * The user's e-mail address was one nobody had proven when the session was issued: whoever set
   * the user up may not own it, so the session ends once the address is proven (README, "The
   * pre-hijack defence").
   */
  unprovenAddress: boolean;
  /**
   * The organization the user works in (docs/organizations.md), with their role there as it was
   * when `checkedAt` was read: absent or null when none is active.
   */
  organization?: ActiveOrganizationMark | null;
}

/** The active organization as a session records it: the member's role there, and when it was read. */
export interface ActiveOrganizationMark {
  id: string;
  slug: string;
  role: string;
  /** When the role was read from the adapter, in milliseconds since the epoch. */
  checkedAt: number;
}

/**
 * Where a session's active organization comes from and how it stays true (the `organizations`
 * feature supplies it): the one active at sign-in, and whether a recorded one still stands. Session
 * strategies ask it; they know nothing else of organizations.
 */
export interface ActiveOrganizationSource {
  /** The organization to make active when `userId` signs in: the one last used, or none. */
  atSignIn(config: ResolvedConfig, userId: string): Promise<ActiveOrganizationMark | null>;
  /**
   * The mark as it stands now: `mark` itself (the same object) when nothing may have changed since
   * it was read, else the member's current role there, or null when they are no longer a member
   * (or `mark` is not a mark at all: a claim is checked here, not where it is read).
   */
  current(config: ResolvedConfig, userId: unknown, mark: unknown): Promise<ActiveOrganizationMark | null>;
}

export const AUTH_TIME_CLAIM = "auth_time";
export const AMR_CLAIM = "amr";
export const UNPROVEN_ADDRESS_CLAIM = "emailUnverified";
/** A private claim (RFC 7519 §4.3): the active organization, `{ id, slug, role, checkedAt }`. */
export const ORGANIZATION_CLAIM = "org";

/** The claims the marks are recorded as; a re-issue keeps exactly these (and the session id). */
export const MARK_CLAIMS: readonly string[] = [
  AUTH_TIME_CLAIM,
  AMR_CLAIM,
  UNPROVEN_ADDRESS_CLAIM,
  ORGANIZATION_CLAIM,
];

/** What a session shows of its active organization: which one, and the role. */
export const publicOrganizationMark = (mark: ActiveOrganizationMark | null | undefined) =>
  mark ? { id: mark.id, slug: mark.slug, role: mark.role } : null;

/** Whether `user` is a stored user with an address that nobody has proven yet. */
export function hasUnprovenAddress(user: object): boolean {
  const { email, emailVerified } = user as { email?: unknown; emailVerified?: unknown };
  return typeof email === "string" && email !== "" && "emailVerified" in user && !emailVerified;
}

/**
 * The marks of a sign-in whose first factor (`amr`, as its flow names it) was just proven for
 * `user`: the address mark is decided here, from the user as the sign-in found it, and never again.
 */
export function firstFactorMarks(user: object, amr: readonly string[]): SessionMarks {
  return {
    authentication: { amr: [...amr], authTime: nowInSeconds() },
    unprovenAddress: hasUnprovenAddress(user),
  };
}

/** How the user signed in, as claims. */
export function authenticationClaims(authentication: SessionAuthentication): JWT {
  return { [AMR_CLAIM]: [...authentication.amr], [AUTH_TIME_CLAIM]: authentication.authTime };
}

/** The marks as claims: the authentication, and the address mark only when set. */
export function marksClaims(marks: SessionMarks): JWT {
  return {
    ...authenticationClaims(marks.authentication),
    ...(marks.unprovenAddress ? { [UNPROVEN_ADDRESS_CLAIM]: true } : {}),
    // The mark as it is: it only ever comes from the adapter, and the claims are sealed.
    ...(marks.organization ? { [ORGANIZATION_CLAIM]: marks.organization } : {}),
  };
}

/** Seconds of clock skew between servers that a recorded sign-in time may be ahead of this one's clock. */
const AUTH_TIME_SKEW_SECONDS = 60;

/**
 * An `amr` (RFC 8176 values) and `auth_time` (OpenID Connect Core 1.0 §2) as recorded, checked:
 * null unless `amr` is a list of strings and `auth_time` a time not in the future, so a record
 * cannot claim a sign-in still to come and count as recent for longer.
 */
export function parseAuthentication(amr: unknown, authTime: unknown): SessionAuthentication | null {
  if (!Array.isArray(amr) || !amr.every((value) => typeof value === "string")) return null;
  if (typeof authTime !== "number" || !Number.isFinite(authTime)) return null;
  if (authTime > nowInSeconds() + AUTH_TIME_SKEW_SECONDS) return null;
  return { amr: [...amr], authTime };
}

/** The marks that `claims` record (see {@link marksClaims}), or null when they record no authentication. */
export function marksOfClaims(claims: JWT): SessionMarks | null {
  const authentication = parseAuthentication(claims[AMR_CLAIM], claims[AUTH_TIME_CLAIM]);
  if (authentication === null) return null;
  return {
    authentication,
    unprovenAddress: claims[UNPROVEN_ADDRESS_CLAIM] === true,
    // Checked by the organizations feature before any use (ActiveOrganizationSource.current).
    organization: (claims[ORGANIZATION_CLAIM] as ActiveOrganizationMark | undefined) ?? null,
  };
}
