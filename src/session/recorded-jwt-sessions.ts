/**
 * The JWT sessions a user has, as the app's shared store (`config.store`) records them: a JWT lives
 * only in its cookie, so without a record a "your devices" page has nothing to list. Each issue and
 * re-issue of a session records its id (`sid`), sign-in time, expiry, last use, User-Agent and
 * client address under one entry per user, which expires with the user's last session. The record
 * is for listing only: what ends a session is its revocation marker (revocation-markers.ts), which
 * every read checks whether or not the session was recorded.
 *
 * The store has get/set-if-absent/delete but no compare-and-set, so the entry is rewritten under a
 * store lock; a writer that cannot get the lock in time writes anyway (at worst a concurrent
 * change to the same user's list is lost, and the session's next re-issue records it again).
 */
import type { ServerContext } from "../core/context.js";
import type { ResolvedConfig } from "../core/resolved-config.js";
import { nowInSeconds } from "../jwt/claims.js";
import type { JWT } from "../jwt/types.js";
import type { ShortLivedStore } from "../store/types.js";
import { sessionIdOf, signedInAtOf } from "./session-claims.js";
import { signInMetadata } from "./session-metadata.js";
import type { ManagedSession } from "./types.js";

/**
 * At most this many sessions are recorded per user, the most recently used kept. A session beyond
 * it is not listed, but still ends with "sign out everywhere else" (a user-wide marker).
 */
export const MAX_RECORDED_SESSIONS = 50;

/** How long a rewrite may hold the lock, and how long a writer waits for it. */
const LOCK_TTL_MS = 5_000;
const LOCK_WAIT_MS = 1_000;
const LOCK_RETRY_MS = 20;

/** One recorded session; times in seconds since the epoch. */
export interface RecordedSession {
  id: string;
  createdAt: number | null;
  lastSeenAt: number;
  expires: number;
  userAgent: string | null;
  ipAddress: string | null;
}

const recordKey = (userId: string) => `jwt-sessions:${userId}`;
const lockKey = (userId: string) => `lock:jwt-sessions:${userId}`;

/** The live records of `userId`; an entry that does not parse is treated as empty. */
async function readRecords(store: ShortLivedStore, userId: string, now: number): Promise<RecordedSession[]> {
  const value = await store.get(recordKey(userId));
  try {
    const parsed: unknown = JSON.parse(value ?? "[]");
    // Only latchkey writes the entry: checking the fields it filters and sorts by is enough.
    return (Array.isArray(parsed) ? (parsed as RecordedSession[]) : []).filter(
      (entry) => typeof entry?.id === "string" && entry.expires > now,
    );
  } catch {
    return [];
  }
}

async function writeRecords(store: ShortLivedStore, userId: string, records: RecordedSession[], now: number) {
  const key = recordKey(userId);
  await store.delete(key);
  const lastExpiry = Math.max(...records.map((entry) => entry.expires));
  if (records.length > 0 && lastExpiry > now) {
    await store.setIfAbsent(key, JSON.stringify(records), (lastExpiry - now) * 1000);
  }
}

/** Rewrites the user's records with `change`, under the user's lock; resolves to what `change` returns. */
async function rewrite<T>(
  store: ShortLivedStore,
  userId: string,
  change: (records: RecordedSession[], now: number) => { records: RecordedSession[]; result: T },
): Promise<T> {
  const owner = globalThis.crypto.randomUUID();
  let locked = false;
  for (let waited = 0; !locked && waited <= LOCK_WAIT_MS; waited += LOCK_RETRY_MS) {
    locked = await store.acquireLock(lockKey(userId), owner, LOCK_TTL_MS);
    if (!locked) await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
  }
  try {
    const now = nowInSeconds();
    const { records, result } = change(await readRecords(store, userId, now), now);
    await writeRecords(store, userId, records, now);
    return result;
  } finally {
    if (locked) await store.releaseLock(lockKey(userId), owner);
  }
}

/**
 * Records the JWT session `token` (just issued or re-issued, valid until `expires`, in seconds) for
 * its user: a new record with this request's User-Agent and address, or the standing one with its
 * last use and expiry moved on. Does nothing without a store, or for a token that names no user.
 */
export async function recordJwtSession(ctx: ServerContext, token: JWT, expires: number): Promise<void> {
  const store = ctx.config.revocationStore;
  const userId = token.sub;
  const id = sessionIdOf(token);
  if (!store || typeof userId !== "string" || userId === "" || id === "") return;
  await rewrite(store, userId, (records, now) => {
    const standing = records.find((entry) => entry.id === id);
    const metadata = standing ?? signInMetadata(ctx, new Date(now * 1000));
    const recorded: RecordedSession = {
      id,
      createdAt: signedInAtOf(token) ?? null,
      lastSeenAt: now,
      expires,
      userAgent: metadata.userAgent ?? null,
      ipAddress: metadata.ipAddress ?? null,
    };
    const others = records.filter((entry) => entry.id !== id);
    const kept = others.sort((a, b) => b.lastSeenAt - a.lastSeenAt).slice(0, MAX_RECORDED_SESSIONS - 1);
    return { records: [...kept, recorded], result: undefined };
  });
}

const dateOf = (seconds: number) => new Date(seconds * 1000);

/** The user's recorded live sessions, soonest expiry first; [] without a store. */
export async function recordedJwtSessions(config: ResolvedConfig, userId: string): Promise<ManagedSession[]> {
  const store = config.revocationStore;
  if (!store) return [];
  const records = await readRecords(store, userId, nowInSeconds());
  return records
    .sort((a, b) => a.expires - b.expires)
    .map((entry) => ({
      id: entry.id,
      userId,
      expires: dateOf(entry.expires),
      createdAt: entry.createdAt === null ? null : dateOf(entry.createdAt),
      lastSeenAt: dateOf(entry.lastSeenAt),
      userAgent: entry.userAgent,
      ipAddress: entry.ipAddress,
    }));
}

/**
 * Removes the user's records that `ends` picks; resolves to those (live ones only) and to the ones
 * left, whose sign-in times a marker that must spare one of them needs.
 */
export async function forgetJwtSessions(
  config: ResolvedConfig,
  userId: string,
  ends: (id: string) => boolean,
): Promise<{ ended: RecordedSession[]; remaining: RecordedSession[] }> {
  const store = config.revocationStore;
  if (!store) return { ended: [], remaining: [] };
  return rewrite(store, userId, (records) => {
    const remaining = records.filter((entry) => !ends(entry.id));
    return { records: remaining, result: { ended: records.filter((entry) => ends(entry.id)), remaining } };
  });
}
