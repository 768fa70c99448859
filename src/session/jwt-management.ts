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
import { nowInSeconds } from "../jwt/claims.js";
import type { JWT } from "../jwt/types.js";
import { forgetJwtSessions, type RecordedSession, recordedJwtSessions } from "./recorded-jwt-sessions.js";
import { keepsMarkers, markSessionsRevoked, markUserRevoked } from "./revocation-markers.js";
import { sessionIdOf } from "./session-claims.js";
import type { ManagedSession, RevocationScope } from "./types.js";

const WITHOUT_STORE =
  'Listing JWT sessions, or revoking one or all but one, needs config.store (e.g. RedisStore) to record them; or use session.strategy "database".';

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

/** Tells `events.signOut` of each recorded session that ended, or once for the user when none was recorded. */
async function announce(
  config: ResolvedConfig,
  userId: string,
  ended: readonly RecordedSession[],
  reason: SignOutReason,
): Promise<void> {
  if (ended.length === 0) return emitEvent(config, "signOut", { token: null, reason, userId });
  for (const session of ended) {
    await emitEvent(config, "signOut", { token: null, reason, userId, sessionId: session.id });
  }
}

/** Ends the user's sessions in `scope`; resolves to how many recorded sessions ended. */
export async function endJwtSessions(
  config: ResolvedConfig,
  userId: string,
  scope: RevocationScope,
  reason: SignOutReason,
): Promise<number> {
  const now = nowInSeconds();
  if ("session" in scope) {
    if (!keepsMarkers(config)) throw new UnsupportedStrategy(WITHOUT_STORE);
    // Only a session this user's records hold: an id from elsewhere ends nothing.
    const { ended } = await forgetJwtSessions(config, userId, (id) => id === scope.session);
    if (ended.length === 0) return 0;
    await markSessionsRevoked(config, userId, [scope.session], markerLifetimeMs(config));
    await announce(config, userId, ended, reason);
    return 1;
  }
  const keepId = scope.allExcept;
  if (keepId !== undefined && !keepsMarkers(config)) throw new UnsupportedStrategy(WITHOUT_STORE);
  const { ended, remaining } = await forgetJwtSessions(config, userId, (id) => id !== keepId);
  const signedInAt = remaining.find((session) => session.id === keepId)?.createdAt ?? undefined;
  // A user-wide marker (sparing the one kept), so sessions never recorded end too; one per recorded
  // session as well, which ends even one signed in within the same second as the marker's time.
  const kept = keepId === undefined ? undefined : { id: keepId, signedInAt };
  await markUserRevoked(config, userId, now, markerLifetimeMs(config), kept);
  await markSessionsRevoked(
    config,
    userId,
    ended.map((session) => session.id),
    markerLifetimeMs(config),
  );
  // Without a store only the pre-hijack defence's own mark (unproven-address.ts) ends anything.
  if (!keepsMarkers(config)) return 0;
  await announce(config, userId, ended, reason);
  return ended.length;
}

/** After a sign-out: a copy of the cookie (a stolen one) must not outlive it, nor its listing. */
export async function endSignedOutJwtSession(config: ResolvedConfig, token: JWT): Promise<void> {
  const userId = token.sub;
  if (!keepsMarkers(config) || typeof userId !== "string" || userId === "") return;
  const id = sessionIdOf(token);
  await markSessionsRevoked(config, userId, [id], markerLifetimeMs(config));
  await forgetJwtSessions(config, userId, (recorded) => recorded === id);
}
