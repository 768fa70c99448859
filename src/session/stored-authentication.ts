/**
 * How the user of a database session signed in (`amr`, `auth_time`), without a new column: a
 * sealed cookie beside the session cookie (encrypted and authenticated like a session JWT), bound
 * to the session by its id, a hash of the token. Written only for sign-ins and step-ups with a
 * second factor; otherwise the row's `createdAt` (session metadata) is the sign-in time. Beside another session's token it is ignored, so
 * a cookie copied from a session that stepped up proves nothing for another one. Lost or expired,
 * the session simply records nothing, and `requireRecentAuth` asks for a step-up.
 */
import type { AdapterSession } from "../adapters/types.js";
import type { CookieToSet } from "../cookie/header.js";
import type { ServerContext } from "../core/context.js";
import type { SessionAuthentication } from "../core/session-strategy.js";
import { clearBoundCookie, openBoundCookie, sealBoundCookie } from "./bound-cookie.js";
import { authenticationClaims, authenticationOf } from "./session-claims.js";

/** The cookie that records `authentication` for the session with this token, until `expires`. */
export async function authenticationCookie(
  ctx: ServerContext,
  sessionToken: string,
  authentication: SessionAuthentication,
  expires: Date,
): Promise<CookieToSet> {
  const { name, options } = ctx.cookies.sessionAuthentication;
  const maxAge = Math.max(1, Math.floor((expires.valueOf() - Date.now()) / 1000));
  const value = await sealBoundCookie(ctx, name, sessionToken, authenticationClaims(authentication), maxAge);
  return { name, value, options: { ...options, expires } };
}

/**
 * Whether a sign-in's authentication is worth a cookie: one with a second factor (RFC 8176 "mfa").
 * A first factor alone is what every session had, and the row's creation time says when.
 */
export function recordsAuthentication(
  authentication: SessionAuthentication | undefined,
): authentication is SessionAuthentication {
  return authentication?.amr.includes("mfa") === true;
}

/**
 * How the request's database session was signed in: its cookie when there and naming this session;
 * else, when the adapter stores it, the row's creation time with no `amr`; else null.
 */
export async function requestAuthentication(
  ctx: ServerContext,
  row: AdapterSession,
): Promise<SessionAuthentication | null> {
  const recorded = await recordedAuthentication(ctx);
  if (recorded !== null) return recorded;
  return row.createdAt instanceof Date
    ? { amr: [], authTime: Math.floor(row.createdAt.valueOf() / 1000) }
    : null;
}

async function recordedAuthentication(ctx: ServerContext): Promise<SessionAuthentication | null> {
  const { name } = ctx.cookies.sessionAuthentication;
  const opened = await openBoundCookie(ctx, name, (value) =>
    ctx.codec.decode({ token: value, secret: ctx.config.secrets, salt: name }),
  );
  return opened ? authenticationOf(opened.claims) : null;
}

/** Clears the cookie when the request carries one (sign-out, a new sign-in without a record). */
export const clearAuthentication = (ctx: ServerContext): CookieToSet[] =>
  clearBoundCookie(ctx, ctx.cookies.sessionAuthentication);
