/**
 * Database sessions with the cookie cache (`session.cookieCache`): `GET /session` and `getSession`
 * answer from the sealed copy in the cache cookie (cookie-cache.ts) and reach the adapter only when
 * it is missing, expired, revoked by a marker, or the session is due its `updateAge` extension.
 * Everything else (sign-in, who is signed in, listing, revoking) is the database strategy's, plus
 * the cache cookie written or cleared and, with a shared store, revocation markers for the cached
 * copies of every session that ends.
 */
import type { AdapterUser } from "../adapters/types.js";
import type { CookieToSet } from "../cookie/header.js";
import type { ServerContext } from "../core/context.js";
import type { ResolvedConfig } from "../core/resolved-config.js";
import { clearCookieCache, openCookieCache, writeCookieCache } from "./cookie-cache.js";
import {
  clearSession,
  databaseSessions,
  endRequestSession,
  extensionDue,
  featureMarksOfSession,
  issueStoredSession,
  readStoredSession,
  sessionThroughCallbacks,
} from "./database.js";
import { endDatabaseSessions } from "./manage.js";
import { isRevoked, keepsMarkers, markSessionsRevoked } from "./revocation-markers.js";
import { requestSessionToken, sessionIdOfToken } from "./session-token.js";
import type { SessionResult, SessionStrategyImpl } from "./types.js";

/** How long a cached copy of an ended session could still be presented: what its marker must cover. */
const markerLifetimeMs = (config: ResolvedConfig) => ((config.session.cookieCacheMaxAge ?? 0) + 1) * 1000;

const secondsOf = (date: unknown) => (date instanceof Date ? Math.floor(date.valueOf() / 1000) : undefined);

async function readCached(ctx: ServerContext, update: { data: unknown } | undefined): Promise<SessionResult> {
  // An update goes to the adapter: the callbacks decide from the stored session, and re-cache it.
  const cached = update ? undefined : await openCookieCache(ctx);
  if (cached && !extensionDue(ctx, cached.row.expires, Date.now())) {
    const { row, user, sessionId } = cached;
    const revoked =
      keepsMarkers(ctx.config) &&
      (await isRevoked(ctx.config, row.userId, sessionId, secondsOf(row.createdAt)));
    if (!revoked) {
      const cookies: CookieToSet[] = [];
      const features = await featureMarksOfSession(ctx, row.sessionToken, row, cookies);
      const session = await sessionThroughCallbacks(ctx, row, user, undefined, features);
      return { session, cookies, features };
    }
  }
  const { result, live } = await readStoredSession(ctx, update);
  const cache = live ? await writeCookieCache(ctx, live.row, live.user) : clearCookieCache(ctx);
  return { ...result, cookies: [...result.cookies, ...cache] };
}

export const cachedDatabaseSessions: SessionStrategyImpl = {
  ...databaseSessions,

  read: (ctx) => readCached(ctx, undefined),
  update: (ctx, data) => readCached(ctx, { data }),

  async issue(ctx, signIn) {
    const { cookies, row } = await issueStoredSession(ctx, signIn);
    return [...cookies, ...(await writeCookieCache(ctx, row, signIn.user as AdapterUser))];
  },

  async signOut(ctx) {
    const ended = await endRequestSession(ctx);
    const sessionToken = requestSessionToken(ctx);
    // Another copy of this browser's cache cookie (a stolen one) must not outlive the sign-out:
    // with a shared store, a marker ends it (the cache names the user when the row was gone).
    if (keepsMarkers(ctx.config) && sessionToken !== undefined) {
      const cached = ended === undefined ? await openCookieCache(ctx) : undefined;
      const userId = ended?.userId ?? cached?.row.userId;
      const sessionId = cached?.sessionId ?? (await sessionIdOfToken(sessionToken));
      if (userId !== undefined) {
        await markSessionsRevoked(ctx.config, userId, [sessionId], markerLifetimeMs(ctx.config));
      }
    }
    return [...clearSession(ctx), ...clearCookieCache(ctx)];
  },

  async revoke(config, userId, scope, reason) {
    const ended = await endDatabaseSessions(config, userId, scope, reason);
    await markSessionsRevoked(config, userId, ended, markerLifetimeMs(config));
    return ended.length;
  },
};
