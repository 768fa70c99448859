/**
 * A session's marks: what a session records about how it came to be, beside whose it is. They are
 * made once, when the first factor is proven, and handed on whole from there: through the pending
 * two-factor cookie, the second factor (which moves only the authentication on), the session's
 * issue, every re-issue, a step-up. No path picks marks apart and builds them again, so none can
 * drop one. A feature keeps its own mark (organizations: the active organization) through a
 * {@link SessionMarkHook}: the marks carry it whole, under one claim, and know nothing else of it.
 *
 * As claims (a JWT session, the pending cookie, a database session's sealed side cookie) they are
 * `amr` (RFC 8176 values) and `auth_time` (OpenID Connect Core 1.0 §2) for how the user proved who
 * they are, and the private claim (RFC 7519 §4.3) `emailUnverified` for an address nobody had
 * proven when the session was issued (the pre-hijack defence ends such a session once it is).
 */

import type { Session } from "../callbacks.js";
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
  /** The marks the configured features keep, each under its own key (see {@link SessionMarkHook}). */
  features?: FeatureMarks;
}

/** The features' marks, each under the key its feature chose (organizations: `org`). */
export type FeatureMarks = Record<string, unknown>;

/**
 * A mark a feature keeps on every session (organizations: the active organization), the one way a
 * feature meets the session strategies: kept true on every read, and shown on the session the
 * `session` callback gets (the feature sets it at sign-in through its `SignInGate`, and when it
 * changes through the strategy's `reissue` or `recordFeatureMarks`). The strategies ask the hooks
 * of the resolved configuration (`sessionMarks`) and never look inside a mark.
 */
export interface SessionMarkHook {
  /**
   * The features' marks with its own as it stands now: `features` itself (the same object) when
   * its own may not have changed since it was recorded. A recorded mark is checked here, not
   * where it is read.
   */
  current(
    config: ResolvedConfig,
    userId: unknown,
    features: FeatureMarks | undefined,
  ): Promise<FeatureMarks | undefined>;
  /** Adds what the session shows of its mark (organizations: `activeOrganization`) to `session`. */
  show(session: Session, features: FeatureMarks | undefined): void;
}

export const AUTH_TIME_CLAIM = "auth_time";
export const AMR_CLAIM = "amr";
export const UNPROVEN_ADDRESS_CLAIM = "emailUnverified";
/**
 * A private claim (RFC 7519 §4.3): the features' marks, `{ [key]: mark }` (SessionMarkHook).
 * Named so that no app's own claim meets it: apps put claims of their own (a `features` list of
 * feature flags, say) in the token through the `jwt` callback, and a re-issue keeps latchkey's
 * claims over theirs.
 */
export const FEATURE_MARKS_CLAIM = "latchkey.features";

/** The claims the marks are recorded as; a re-issue keeps exactly these (and the session id). */
export const MARK_CLAIMS: readonly string[] = [
  AUTH_TIME_CLAIM,
  AMR_CLAIM,
  UNPROVEN_ADDRESS_CLAIM,
  FEATURE_MARKS_CLAIM,
];

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
    // As they are: each hook checks its own mark when it reads it (SessionMarkHook.current).
    ...(marks.features ? { [FEATURE_MARKS_CLAIM]: marks.features } : {}),
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
    // Checked by each hook before any use (SessionMarkHook.current).
    features: claims[FEATURE_MARKS_CLAIM] as FeatureMarks | undefined,
  };
}

/**
 * The features' marks as they stand (each hook's {@link SessionMarkHook.current}): `recorded`
 * itself when none moved, so a caller re-records them only when one did.
 */
export async function currentFeatureMarks(
  config: ResolvedConfig & { sessionMarks: readonly SessionMarkHook[] },
  userId: unknown,
  recorded: FeatureMarks | undefined,
): Promise<FeatureMarks | undefined> {
  let marks = recorded;
  for (const hook of config.sessionMarks) marks = await hook.current(config, userId, marks);
  return marks;
}

/** `session` with what each hook shows of its mark (before the `session` callback sees it). */
export function showFeatureMarks(
  config: { sessionMarks: readonly SessionMarkHook[] },
  session: Session,
  marks: FeatureMarks | undefined,
): Session {
  for (const hook of config.sessionMarks) hook.show(session, marks);
  return session;
}
