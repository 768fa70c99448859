/**
 * A database session's marks (core/session-marks.ts: how and when the user signed in, `amr` and
 * `auth_time`), without a new column: a sealed cookie beside the session cookie (encrypted and
 * authenticated like a session JWT), bound to the session by its id, a hash of the token. Written
 * at every sign-in and step-up, as a JWT session records them in its claims, so both strategies
 * know the first factor and judge a step-up alike (a mailed code after an e-mail sign-in is no
 * second factor on either). Beside another session's token it is ignored, so a cookie copied from
 * a session that stepped up proves nothing for another one. A session without one (issued before
 * latchkey wrote it, or the cookie lost) counts as signed in when its row was created, with no
 * `amr`; without that either, it records nothing and `requireRecentAuth` asks for a step-up.
 */
import type { AdapterSession } from "../adapters/types.js";
import type { CookieToSet } from "../cookie/header.js";
import type { ServerContext } from "../core/context.js";
import {
  marksClaims,
  marksOfClaims,
  type SessionAuthentication,
  type SessionMarks,
} from "../core/session-marks.js";
import { clearBoundCookie, openBoundCookie, sealBoundCookie } from "./bound-cookie.js";

/** The cookie that records `marks` for the session with this token, until `expires`. */
export async function marksCookie(
  ctx: ServerContext,
  sessionToken: string,
  marks: SessionMarks,
  expires: Date,
): Promise<CookieToSet> {
  const { name, options } = ctx.cookies.sessionAuthentication;
  const maxAge = Math.max(1, Math.floor((expires.valueOf() - Date.now()) / 1000));
  const value = await sealBoundCookie(ctx, name, sessionToken, marksClaims(marks), maxAge);
  return { name, value, options: { ...options, expires } };
}

/**
 * How the request's database session was signed in: its cookie when there and naming this session;
 * else, when the adapter stores it, the row's creation time with no `amr`; else null.
 */
export async function requestAuthentication(
  ctx: ServerContext,
  row: AdapterSession,
): Promise<SessionAuthentication | null> {
  const recorded = await recordedMarks(ctx);
  if (recorded !== null) return recorded.authentication;
  return row.createdAt instanceof Date
    ? { amr: [], authTime: Math.floor(row.createdAt.valueOf() / 1000) }
    : null;
}

/** The marks the request's cookie records for its session, or null when there is none that counts. */
export async function recordedMarks(ctx: ServerContext): Promise<SessionMarks | null> {
  const { name } = ctx.cookies.sessionAuthentication;
  const opened = await openBoundCookie(ctx, name, (value) =>
    ctx.codec.decode({ token: value, secret: ctx.config.secrets, salt: name }),
  );
  return opened ? marksOfClaims(opened.claims) : null;
}

/** Clears the cookie when the request carries one (sign-out). */
export const clearAuthentication = (ctx: ServerContext): CookieToSet[] =>
  clearBoundCookie(ctx, ctx.cookies.sessionAuthentication);
