/**
 * A cache of verified JWT session tokens: GET /session with a JWT otherwise decrypts the same
 * cookie on every request (and, with database sessions, the sealed cookie-cache copy). An entry maps
 * the exact token string to a private copy of its claims, so only a token that verified in full can
 * hit, and a changed byte misses and is verified afresh.
 *
 * - Keyed per secret set (the resolved config's array: a rotation is a new config, a new cache)
 *   and per salt (the cookie name).
 * - Bounded: at most {@link MAX_ENTRIES} tokens per secret set and salt, the oldest dropped first.
 * - The time claims are checked on every hit as `decode` checks them, so an entry never outlives
 *   its token; revocation markers are checked by the caller on every read, hit or miss.
 * - Each hit returns a fresh copy, and the entry is a copy too: callbacks may mutate the token they
 *   are given. Claims are JSON values, so a copy walks plain objects and arrays (a third of the
 *   cost of parsing them back from JSON on every hit).
 * - Looked up by the token's last characters, and a hit only when the whole token is equal: a Map
 *   hashes its key in full on every lookup, and the cookie is a new string of a few hundred
 *   characters on every request. A compact JWE ends with its authentication tag (RFC 7516 §7.1),
 *   which differs from token to token; two tokens sharing an ending just take turns in one slot.
 */
import { hasValidTimeClaims } from "../jwt/claims.js";
import type { JWT } from "../jwt/types.js";

/** Enough for the active sessions of a busy instance; about 1.5 KB each for a typical token. */
export const MAX_ENTRIES = 10_000;

/** How many of a token's last characters it is looked up by: a JWE's whole 128-bit tag, base64url. */
const KEY_LENGTH = 22;

interface Entry {
  token: string;
  claims: JWT;
}

const caches = new WeakMap<readonly string[], Map<string, Map<string, Entry>>>();

const lookupKey = (token: string) => token.slice(-KEY_LENGTH);

/** A deep copy of a JSON value (what a decoded token's claims are). */
function freshCopy<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(freshCopy) as T;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = freshCopy((value as Record<string, unknown>)[key]);
  return copy as T;
}

function entriesFor(secrets: readonly string[], salt: string): Map<string, Entry> {
  let bySalt = caches.get(secrets);
  if (bySalt === undefined) {
    bySalt = new Map();
    caches.set(secrets, bySalt);
  }
  let entries = bySalt.get(salt);
  if (entries === undefined) {
    entries = new Map();
    bySalt.set(salt, entries);
  }
  return entries;
}

/** The claims of a token verified before under these secrets and salt, still within its time claims. */
export function cachedClaims(secrets: readonly string[], salt: string, token: string): JWT | undefined {
  const entries = caches.get(secrets)?.get(salt);
  const key = lookupKey(token);
  const entry = entries?.get(key);
  if (entry === undefined || entry.token !== token) return undefined;
  if (hasValidTimeClaims(entry.claims)) return freshCopy(entry.claims);
  entries?.delete(key);
  return undefined;
}

/** Remembers the claims of a token that just verified. */
export function rememberClaims(secrets: readonly string[], salt: string, token: string, claims: JWT): void {
  const entries = entriesFor(secrets, salt);
  const key = lookupKey(token);
  // Re-inserted, not overwritten in place: the Map's order is the eviction order.
  entries.delete(key);
  if (entries.size >= MAX_ENTRIES) {
    const oldest = entries.keys().next();
    if (!oldest.done) entries.delete(oldest.value);
  }
  entries.set(key, { token, claims: freshCopy(claims) });
}
