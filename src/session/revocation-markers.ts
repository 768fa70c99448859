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

const sessionKey = (userId: string, sessionId: string) => `revoked:session:${userId}:${sessionId}`;
const userKey = (userId: string) => `revoked:user:${userId}`;

/** Whether markers are kept at all (the app configured a shared store). */
export const keepsMarkers = (config: ResolvedConfig): boolean => config.revocationStore !== undefined;

/** Marks sessions of `userId` revoked for `ttlMs` (how long a copy of them could still be presented). */
export async function markSessionsRevoked(
  config: ResolvedConfig,
  userId: string,
  sessionIds: readonly string[],
  ttlMs: number,
): Promise<void> {
  const store = config.revocationStore;
  if (!store || ttlMs <= 0) return;
  await Promise.all(sessionIds.map((id) => store.setIfAbsent(sessionKey(userId, id), "1", Math.ceil(ttlMs))));
}

/**
 * Marks every session of `userId` signed in before `beforeSeconds` revoked, for `ttlMs`. A later
 * marker replaces an earlier one (it covers more); the store has no compare-and-set, so this keeps
 * the later of two racing writes by retrying, and at worst a marker milliseconds older survives.
 */
export async function markUserRevoked(
  config: ResolvedConfig,
  userId: string,
  beforeSeconds: number,
  ttlMs: number,
): Promise<void> {
  const store = config.revocationStore;
  if (!store || ttlMs <= 0) return;
  const key = userKey(userId);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await store.setIfAbsent(key, String(beforeSeconds), Math.ceil(ttlMs))) return;
    const standing = Number(await store.get(key));
    if (Number.isFinite(standing) && standing >= beforeSeconds) return;
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
  if (user === undefined) return false;
  const before = Number(user);
  return !Number.isFinite(before) || signedInAt === undefined || signedInAt < before;
}
