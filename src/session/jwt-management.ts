/**
 * Session management for JWT sessions, which live only in their cookies: with a shared store
 * (`config.store`) the sessions are listed from their records (recorded-jwt-sessions.ts) and ended
 * by revocation markers (revocation-markers.ts), which every read checks. Without one, only "every
 * session of a user" has a meaning (the pre-hijack defence's own mark covers it); the rest says a
 * store is needed. Every call is scoped to one user: markers and records are keyed by user id.
 */
import type { SignOutReason } from "../config.js";
import { UnsupportedStrategy } from "../core/errors.js";
import { emitEvent } from "../core/events.js";
import type { ResolvedConfig } from "../core/resolved-config.js";
import { inScope } from "../core/session-strategy.js";
import { nowInSeconds } from "../jwt/claims.js";
import type { JWT } from "../jwt/types.js";
import { forgetJwtSessions, recordedJwtSessions } from "./recorded-jwt-sessions.js";
import { keepsMarkers, markSessionsRevoked, markUserRevoked } from "./revocation-markers.js";
import { sessionIdOf } from "./session-claims.js";
import type { ManagedSession, RevocationScope } from "./types.js";

const WITHOUT_STORE =
  'Listing or revoking JWT sessions needs config.store (e.g. RedisStore) to record them; or use session.strategy "database".';

/**
 * How long a revoked session's marker must last: its latest token expires at most `maxAge` after
 * its last re-issue, and a revoked session is never re-issued.
 */
const markerLifetimeMs = (config: ResolvedConfig) => config.jwt.maxAge * 1000;

/** The user's recorded live sessions, soonest expiry first. */
export async function listJwtSessions(config: ResolvedConfig, userId: string): Promise<ManagedSession[]> {
  if (!keepsMarkers(config)) throw new UnsupportedStrategy(WITHOUT_STORE);
  return recordedJwtSessions(config, userId);
}

/** Ends the user's sessions in `scope`; resolves to how many recorded sessions ended. */
export async function endJwtSessions(
  config: ResolvedConfig,
  userId: string,
  scope: RevocationScope,
  reason: SignOutReason,
): Promise<number> {
  const userWide = "allExcept" in scope;
  const keepId = userWide ? scope.allExcept : undefined;
  const everySession = userWide && keepId === undefined;
  if (!keepsMarkers(config)) {
    // Without a store only the pre-hijack defence's own mark (unproven-address.ts) ends anything,
    // and only for it: any other caller (an admin's "end every session") would end nothing, so it
    // is told a store is needed rather than answered 0.
    if (everySession && reason === "addressProven") return 0;
    throw new UnsupportedStrategy(WITHOUT_STORE);
  }
  // One session: only one this user's records hold (an id from elsewhere ends nothing).
  const { ended, remaining } = await forgetJwtSessions(config, userId, inScope(scope));
  const signedInAt = remaining.find((session) => session.id === keepId)?.createdAt ?? undefined;
  const kept = keepId === undefined ? undefined : { id: keepId, signedInAt };
  if (userWide) {
    // A user-wide marker (sparing the one kept, while no standing marker covers it), so that
    // sessions never recorded end too.
    await markUserRevoked(config, userId, nowInSeconds(), markerLifetimeMs(config), kept);
  }
  // And one per recorded session, which also ends one signed in within the user-wide marker's second.
  const ids = ended.map((session) => session.id);
  await markSessionsRevoked(config, userId, ids, markerLifetimeMs(config), kept);
  if (everySession && ids.length === 0) await emitEvent(config, "signOut", { token: null, reason, userId });
  for (const sessionId of ids) await emitEvent(config, "signOut", { token: null, reason, userId, sessionId });
  return ids.length;
}

/**
 * A session its browser no longer holds (signed out, or replaced by a new sign-in, as a database
 * session's row is): a copy of its cookie (a stolen one) must not outlive it, nor its listing.
 */
export async function endReleasedJwtSession(config: ResolvedConfig, token: JWT): Promise<void> {
  const userId = token.sub;
  if (!keepsMarkers(config) || typeof userId !== "string" || userId === "") return;
  const id = sessionIdOf(token);
  await markSessionsRevoked(config, userId, [id], markerLifetimeMs(config));
  await forgetJwtSessions(config, userId, (recorded) => recorded === id);
}
