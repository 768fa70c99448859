/**
 * Step-up: whether the signed-in user proved who they are recently enough, and with the factors a
 * sensitive action asks for, judged from the session's `amr` and `auth_time` (RFC 8176, OpenID
 * Connect Core §2), never from anything the request says. When not, the answer carries where to
 * send the user: the two-factor page, which asks for the second factor again and refreshes the
 * session's `amr` and `auth_time`, or the sign-in page when nobody is signed in.
 */
import type { AdapterUser } from "../adapters/types.js";
import type { ServerContext } from "../core/context.js";
import type { CurrentSession, SessionAuthentication } from "../core/session-strategy.js";
import { CHALLENGE_ROUTE } from "./route-names.js";

export interface RecentAuthOptions {
  /** Seconds since the user last proved who they are. Default 300. */
  maxAge?: number;
  /**
   * RFC 8176 values the session must record, e.g. `["mfa"]` for a second factor, `["otp"]` for a
   * code. Default: none (any recent sign-in counts).
   */
  factors?: readonly string[];
  /** Where the step-up page returns to afterwards; checked as any callbackUrl. */
  callbackUrl?: string;
}

/** The verdict of {@link recentAuthentication}. */
export type RecentAuth =
  | { ok: true; userId: string; amr: string[]; authTime: number }
  | {
      ok: false;
      /** Nobody is signed in; the proof is older than `maxAge`; or it lacks one of `factors`. */
      reason: "signedOut" | "stale" | "missingFactors";
      /** Where to send the user to prove it again (the step-up page, or the sign-in page). */
      stepUpUrl: string;
    };

const DEFAULT_MAX_AGE = 300;

/** The request's session, its user, and how they last proved who they are. */
export interface SignedInSession {
  current: CurrentSession;
  user: AdapterUser;
  authentication: SessionAuthentication | null;
}

/** The request's {@link SignedInSession}; null when nobody is signed in. */
export async function readSignedInSession(ctx: ServerContext): Promise<SignedInSession | null> {
  const current = await ctx.sessions.current(ctx);
  const user = current ? await current.user() : null;
  if (current === null || user === null) return null;
  return { current, user, authentication: await current.authentication() };
}

/** What {@link recentAuthenticationOf} judges against: {@link RecentAuthOptions} with its defaults applied. */
export interface RecentAuthRule {
  maxAge: number;
  factors: readonly string[];
  callbackUrl?: string;
}

/** `url` with `callbackUrl` in its query, when there is one. */
export function withCallback(url: string, callbackUrl: string | undefined): string {
  if (callbackUrl === undefined) return url;
  const target = new URL(url);
  target.searchParams.set("callbackUrl", callbackUrl);
  return target.href;
}

export async function recentAuthentication(
  ctx: ServerContext,
  options: RecentAuthOptions = {},
): Promise<RecentAuth> {
  const maxAge = options.maxAge ?? DEFAULT_MAX_AGE;
  if (!Number.isFinite(maxAge) || maxAge <= 0)
    throw new RangeError("requireRecentAuth: maxAge must be positive seconds.");
  const rule = { maxAge, factors: options.factors ?? [], callbackUrl: options.callbackUrl };
  return recentAuthenticationOf(ctx, await readSignedInSession(ctx), rule);
}

/**
 * {@link recentAuthentication}'s verdict on a session the caller has already read (null when
 * nobody is signed in), so a request that needs the session for more than this reads it once.
 */
export function recentAuthenticationOf(
  ctx: ServerContext,
  signedIn: SignedInSession | null,
  rule: RecentAuthRule,
): RecentAuth {
  if (signedIn === null) {
    return {
      ok: false,
      reason: "signedOut",
      stepUpUrl: withCallback(ctx.actionUrl("signin"), rule.callbackUrl),
    };
  }
  const stepUpUrl = withCallback(ctx.actionUrl(CHALLENGE_ROUTE), rule.callbackUrl);
  const { authentication } = signedIn;
  if (authentication === null || authentication.authTime < Math.floor(Date.now() / 1000) - rule.maxAge) {
    return { ok: false, reason: "stale", stepUpUrl };
  }
  if (!rule.factors.every((factor) => authentication.amr.includes(factor))) {
    return { ok: false, reason: "missingFactors", stepUpUrl };
  }
  return { ok: true, userId: signedIn.user.id, amr: authentication.amr, authTime: authentication.authTime };
}
