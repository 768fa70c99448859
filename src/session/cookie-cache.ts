/**
 * The cookie cache of database sessions (`session.cookieCache`): a copy of the session row and its
 * user, sealed like a session JWT (encrypted and authenticated with the newest secret, so rotating
 * the secret drops every cached copy) in a short-lived cookie. It is bound to the session token by
 * the session's id (a hash of the token): beside another session's token it is ignored. It never
 * outlives the session, and it is never trusted once it expires, to the second.
 */
import type { AdapterSession, AdapterUser } from "../adapters/types.js";
import { COOKIE_CHUNK_SIZE } from "../cookie/chunks.js";
import type { CookieToSet } from "../cookie/header.js";
import type { ServerContext } from "../core/context.js";
import type { JWT } from "../jwt/types.js";
import { clearBoundCookie, openBoundCookie, sealBoundCookie } from "./bound-cookie.js";
import { cachedClaims, rememberClaims } from "./token-cache.js";

/** Dates survive JSON as tagged epoch milliseconds. */
type Sealed = Record<string, unknown>;
const DATE_TAG = "$date";

function seal(record: object): Sealed {
  const sealed: Sealed = {};
  for (const [field, value] of Object.entries(record)) {
    sealed[field] = value instanceof Date ? { [DATE_TAG]: value.valueOf() } : value;
  }
  return sealed;
}

function unseal(sealed: unknown): Record<string, unknown> | undefined {
  if (typeof sealed !== "object" || sealed === null) return undefined;
  const record: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(sealed)) {
    const time = (value as Record<string, unknown> | null)?.[DATE_TAG];
    record[field] = typeof time === "number" ? new Date(time) : value;
  }
  return record;
}

/** A live session read from the cache: the row (with the request's token) and its user. */
export interface CachedSession {
  sessionId: string;
  row: AdapterSession;
  user: AdapterUser;
}

/**
 * The claims of the sealed cookie, verified under the newest secret, through the cache of verified
 * tokens (token-cache.ts): a browser sends the same cache cookie on every request, and opening it
 * costs a decryption otherwise. Keyed by the whole secret set, which a rotation replaces.
 */
async function verifiedPayload(ctx: ServerContext, name: string, value: string): Promise<JWT | null> {
  const cached = cachedClaims(ctx.config.secrets, name, value);
  if (cached) return cached;
  const payload = await ctx.codec.decode<JWT>({
    token: value,
    secret: ctx.config.secrets.slice(0, 1),
    salt: name,
  });
  if (payload) rememberClaims(ctx.config.secrets, name, value, payload);
  return payload;
}

/** The request's cached session, when the cookie is there, intact, unexpired and this token's. */
export async function openCookieCache(ctx: ServerContext): Promise<CachedSession | undefined> {
  const { name } = ctx.cookies.sessionCache;
  const opened = await openBoundCookie(ctx, name, async (value) => {
    const payload = await verifiedPayload(ctx, name, value);
    // decode forgives 15 s of clock skew; a cache is trusted for not one second past its expiry.
    return payload && typeof payload.exp === "number" && payload.exp * 1000 > Date.now() ? payload : null;
  });
  if (!opened) return undefined;
  const { claims, sessionId, sessionToken } = opened;
  const row = unseal(claims.session);
  const user = unseal(claims.user);
  if (!row || !user || !(row.expires instanceof Date) || typeof row.userId !== "string") return undefined;
  if (row.expires.valueOf() <= Date.now() || user.id !== row.userId) return undefined;
  return {
    sessionId,
    row: { ...(row as unknown as AdapterSession), sessionToken },
    user: user as unknown as AdapterUser,
  };
}

/** The cookie that caches `row` and `user` for `maxAge` seconds, or none when the session ends sooner or they are too big. */
export async function writeCookieCache(
  ctx: ServerContext,
  row: AdapterSession,
  user: AdapterUser,
): Promise<CookieToSet[]> {
  const { name, options } = ctx.cookies.sessionCache;
  const maxAge = Math.min(
    ctx.config.session.cookieCacheMaxAge ?? 0,
    (row.expires.valueOf() - Date.now()) / 1000,
  );
  if (maxAge < 1) return clearCookieCache(ctx);
  // The token stays out: the cookie beside this one carries it, and the id binds the two.
  const { sessionToken, ...session } = row;
  const value = await sealBoundCookie(
    ctx,
    name,
    sessionToken,
    { session: seal(session), user: seal(user) },
    Math.floor(maxAge),
  );
  // A bigger copy would need chunks (cookie/chunks.ts); the cache simply stays off for this session.
  if (value.length > COOKIE_CHUNK_SIZE) return clearCookieCache(ctx);
  return [
    { name, value, options: { ...options, expires: new Date(Date.now() + Math.floor(maxAge) * 1000) } },
  ];
}

/** Clears the cache cookie, when the request carries one. */
export const clearCookieCache = (ctx: ServerContext): CookieToSet[] =>
  clearBoundCookie(ctx, ctx.cookies.sessionCache);
