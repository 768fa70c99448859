/**
 * A sealed cookie bound to the request's database session: its claims carry the session's id (a
 * hash of the token, never the token), so beside another session's token it proves nothing. The
 * cookie cache (cookie-cache.ts) and the recorded sign-in (stored-authentication.ts) are two.
 */
import type { CookieToSet } from "../cookie/header.js";
import { expiredCookie } from "../cookie/header.js";
import type { CookieSpec } from "../cookie/names.js";
import type { ServerContext } from "../core/context.js";
import type { JWT } from "../jwt/types.js";
import { requestSessionToken, sessionIdOfToken } from "./session-token.js";

/** `claims` sealed for the session with this token, valid for `maxAge` seconds. */
export async function sealBoundCookie(
  ctx: ServerContext,
  name: string,
  sessionToken: string,
  claims: JWT,
  maxAge: number,
): Promise<string> {
  return ctx.codec.encode({
    token: { sid: await sessionIdOfToken(sessionToken), ...claims },
    secret: ctx.config.secrets,
    salt: name,
    maxAge,
  });
}

/** What the request's bound cookie holds, when it is there, opens with `open` and names the request's session. */
export async function openBoundCookie(
  ctx: ServerContext,
  name: string,
  open: (value: string) => Promise<JWT | null>,
): Promise<{ claims: JWT; sessionId: string; sessionToken: string } | undefined> {
  const value = ctx.requestCookies[name];
  const sessionToken = requestSessionToken(ctx);
  if (!value || sessionToken === undefined) return undefined;
  const claims = await open(value);
  if (!claims) return undefined;
  const sessionId = await sessionIdOfToken(sessionToken);
  return claims.sid === sessionId ? { claims, sessionId, sessionToken } : undefined;
}

/** Clears the cookie, when the request carries one. */
export function clearBoundCookie(ctx: ServerContext, { name, options }: CookieSpec): CookieToSet[] {
  return ctx.requestCookies[name] === undefined ? [] : [expiredCookie(name, options)];
}
