/**
 * Revocation markers: small entries in the app's shared store (`config.store`, e.g. Redis) saying
 * "this session is revoked" or "every session of this user signed in before T is revoked". A
 * session whose data a cookie carries (a cookie-cache entry, a JWT) cannot be deleted; reads check
 * the markers instead, so a revoked browser is signed out on its next request on every instance.
 * A marker lives only as long as the sessions it covers could. Without a configured store there
 * are no markers, and the documented bound is the cookie's own lifetime.
 *
 * Keys are scoped by user id, so a request that may act only on its own user's sessions can mark
 * nothing of anyone else's.
 */
import type { ResolvedConfig } from "../core/resolved-config.js";
import { nowInSeconds } from "../jwt/claims.js";
import type { ShortLivedStore } from "../store/types.js";

const sessionKey = (userId: string, sessionId: string) => `revoked:session:${userId}:${sessionId}`;
const userKey = (userId: string) => `revoked:user:${userId}`;

/** Whether markers are kept at all (the app configured a shared store). */
export const keepsMarkers = (config: ResolvedConfig): boolean => config.revocationStore !== undefined;

/** A marker must outlive any flood of anonymous entries, or the session it ends comes back. */
const AS_RECORD = { kind: "record" } as const;

/**
 * At most this many per-session markers are written for one user in one marker lifetime, so a
 * user's markers never grow without bound, whatever that user does (signing in again and again in
 * a browser that holds a session ends that session each time). Past it, a user-wide marker takes
 * their place: it covers every session of the user signed in before now, the ones past the bound
 * included. A user thus holds at most twice this many per-session markers (those of this lifetime
 * and of the one before), plus the count and one user-wide marker.
 */
export const MAX_SESSION_MARKERS_PER_USER = 20;

/** How many per-session markers the user has been given in the current marker lifetime. */
const markerCountKey = (userId: string) => `revoked:count:${userId}`;

/**
 * Takes one of the user's per-session markers for this lifetime; false once they are spent. The
 * count is a record (set first, then incremented where it lies), so no flood of counters or
 * challenges can drop it and hand the user a fresh allowance.
 */
async function takeMarkerSlot(store: ShortLivedStore, userId: string, ttlMs: number): Promise<boolean> {
  const key = markerCountKey(userId);
  await store.setIfAbsent(key, "0", ttlMs, AS_RECORD);
  const { count } = await store.increment(key, ttlMs);
  return count <= MAX_SESSION_MARKERS_PER_USER;
}

/**
 * Marks sessions of `userId` revoked for `ttlMs` (how long a copy of them could still be
 * presented): one marker per session while the user's allowance lasts, else a user-wide marker
 * that covers every session of the user signed in before this second, but `keep` (the session
 * that "sign out everywhere else" keeps) while no standing marker covers it.
 */
export async function markSessionsRevoked(
  config: ResolvedConfig,
  userId: string,
  sessionIds: readonly string[],
  ttlMs: number,
  keep?: KeptSession,
): Promise<void> {
  const store = config.revocationStore;
  if (!store || ttlMs <= 0 || sessionIds.length === 0) return;
  const lifetime = Math.ceil(ttlMs);
  let spent = false;
  for (const id of sessionIds) {
    if (await takeMarkerSlot(store, userId, lifetime)) {
      await store.setIfAbsent(sessionKey(userId, id), "1", lifetime, AS_RECORD);
    } else {
      spent = true;
    }
  }
  if (spent) await markUserRevoked(config, userId, nowInSeconds(), lifetime, keep);
}

/** A session to keep out of a user-wide marker: its id, and when it was signed in to (seconds). */
export interface KeptSession {
  id: string;
  signedInAt: number | undefined;
}

/** A user-wide marker: every session signed in before `before` (seconds) is revoked, but `except`. */
interface UserMarker {
  before: number;
  except: string | undefined;
}

// "<before>" or "<before> <session id>"; session ids are base64url or hex, never a space.
const writeUserMarker = ({ before, except }: UserMarker) =>
  except === undefined ? String(before) : `${before} ${except}`;

/** The stored marker; a value that does not parse covers everything (fail closed). */
function readUserMarker(value: string): UserMarker {
  const [before, except] = value.split(" ", 2);
  const seconds = Number(before);
  return { before: Number.isFinite(seconds) ? seconds : Number.POSITIVE_INFINITY, except };
}

function coveredBy(marker: UserMarker, sessionId: string, signedInAt: number | undefined): boolean {
  if (marker.except !== undefined && marker.except === sessionId) return false;
  return signedInAt === undefined || signedInAt < marker.before;
}

/**
 * One marker covering everything `standing` and `next` cover. The session `next` keeps stays out
 * only when `standing` does not cover it; `standing`'s own kept session has no known sign-in time
 * here, so `next` covers it (failing closed: at worst that browser is signed out as well) unless
 * `next` keeps the same one, which the first rule already decides.
 */
function union(standing: UserMarker, next: UserMarker, kept: KeptSession | undefined): UserMarker {
  const stillKept = kept !== undefined && !coveredBy(standing, kept.id, kept.signedInAt);
  return { before: Math.max(standing.before, next.before), except: stillKept ? kept.id : undefined };
}

/**
 * Marks every session of `userId` signed in before `beforeSeconds` revoked, for `ttlMs`, but `keep`
 * ("sign out everywhere else"). A standing marker is replaced by the union of both, so no session
 * it covered comes back (naming a revoked session as the one to keep keeps nothing). The store has
 * no compare-and-set: racing writes are settled by retrying, and at worst a marker milliseconds
 * older survives, never none.
 */
export async function markUserRevoked(
  config: ResolvedConfig,
  userId: string,
  beforeSeconds: number,
  ttlMs: number,
  keep?: KeptSession,
): Promise<void> {
  const store = config.revocationStore;
  if (!store || ttlMs <= 0) return;
  const key = userKey(userId);
  const kept =
    keep !== undefined && (await store.get(sessionKey(userId, keep.id))) === undefined ? keep : undefined;
  const next: UserMarker = { before: beforeSeconds, except: kept?.id };
  let marker = next;
  for (let attempt = 0; attempt < 4; attempt++) {
    if (await store.setIfAbsent(key, writeUserMarker(marker), Math.ceil(ttlMs), AS_RECORD)) return;
    const value = await store.get(key);
    if (value === undefined) continue;
    marker = union(readUserMarker(value), next, kept);
    // Each removal is followed by another try, so a merge never leaves the key empty (every session
    // the marker covered would be live again); the last try keeps what another write put there.
    if (writeUserMarker(marker) === value || attempt >= 3) return;
    await store.delete(key);
  }
}

/**
 * Whether a marker revokes the session `sessionId` of `userId`, signed in at `signedInAt` (seconds;
 * undefined when unknown, which a user-wide marker then covers). Both keys are read at once, so
 * the check costs one store round trip.
 */
export async function isRevoked(
  config: ResolvedConfig,
  userId: string,
  sessionId: string,
  signedInAt: number | undefined,
): Promise<boolean> {
  const store = config.revocationStore;
  if (!store) return false;
  const [session, user] = await Promise.all([
    store.get(sessionKey(userId, sessionId)),
    store.get(userKey(userId)),
  ]);
  if (session !== undefined) return true;
  return user !== undefined && coveredBy(readUserMarker(user), sessionId, signedInAt);
}
