/**
 * Cookies larger than a browser keeps (~4096 bytes with attributes) are split into `<name>.0`,
 * `<name>.1`, …; reading joins them in index order.
 *
 * Reading fails closed. Another site on a parent domain can set cookies for this one (RFC 6265
 * §8.6), so any set of parts our writer could not have produced (a gap, a second spelling of an
 * index such as `.01`, chunks beside a whole cookie, too many chunks) reads as no cookie at all:
 * picking one of them would let a single planted cookie choose whose session is read.
 */
import { type CookieToSet, expiredCookie, type RequestCookies } from "./header.js";
import type { CookieOptions } from "./names.js";

/** 4096 bytes per cookie minus ~160 for the name and attributes, as Auth.js chunks. */
export const COOKIE_CHUNK_SIZE = 3936;

/** Refuses to join more than this many chunks, bounding what one forged header can make us concatenate. */
export const MAX_CHUNKS = 64;

const chunkName = (name: string, index: number) => `${name}.${index}`;

/** A suffix that names a chunk, however spelled; only the canonical spelling is one we write. */
const CHUNK_SUFFIX = /^\d+$/;
const CANONICAL_INDEX = /^(?:0|[1-9]\d*)$/;

/** The chunk suffix of `key` when it is `<name>.<digits>`, else undefined (a cookie of its own). */
function chunkSuffix(key: string, name: string): string | undefined {
  if (key.length <= name.length + 1 || !key.startsWith(name) || key[name.length] !== ".") return undefined;
  const suffix = key.slice(name.length + 1);
  return CHUNK_SUFFIX.test(suffix) ? suffix : undefined;
}

/**
 * Reads a possibly chunked cookie: the whole `<name>`, or `<name>.0` … `<name>.<n-1>` joined.
 * Returns undefined when neither is present, and also when the parts are not exactly one of those
 * shapes: a gap in the indices, an index spelled two ways or not canonically (`.01`), chunks next to
 * a whole cookie, or an index of {@link MAX_CHUNKS} or more.
 *
 * @example
 * ```ts
 * readChunkedCookie({ "authjs.session-token.0": "ab", "authjs.session-token.1": "cd" }, "authjs.session-token"); // "abcd"
 * readChunkedCookie({ "authjs.session-token.0": "ab", "authjs.session-token.2": "ef" }, "authjs.session-token"); // undefined
 * ```
 */
export function readChunkedCookie(cookies: RequestCookies, name: string): string | undefined {
  const chunks: string[] = [];
  let count = 0;
  for (const key of Object.keys(cookies)) {
    const value = cookies[key];
    if (value === undefined) continue;
    const suffix = chunkSuffix(key, name);
    if (suffix === undefined) continue;
    if (!CANONICAL_INDEX.test(suffix)) return undefined;
    const index = Number(suffix);
    if (index >= MAX_CHUNKS) return undefined;
    chunks[index] = value;
    count++;
  }
  const whole = cookies[name];
  if (count === 0) return whole;
  if (whole !== undefined) return undefined;
  // Canonical indices are distinct numbers, so `count` of them fill 0..count-1 only when there is no gap.
  if (chunks.length !== count) return undefined;
  return chunks.join("");
}

/**
 * Names of every cookie the request carries that belongs to `name`: the whole one and its chunks,
 * including ones the reader refuses (a non-canonical or out-of-range index), so a write clears them.
 */
function existingParts(cookies: RequestCookies, name: string): string[] {
  return Object.keys(cookies).filter((key) => key === name || chunkSuffix(key, name) !== undefined);
}

/**
 * Whether the request carries any part of `name`, readable or not: a set that {@link readChunkedCookie}
 * refuses still deserves to be cleared.
 *
 * @example
 * ```ts
 * if (readChunkedCookie(cookies, name) === undefined && carriesChunkedCookie(cookies, name)) {
 *   setCookies.push(...clearChunkedCookie(name, options, cookies));
 * }
 * ```
 */
export function carriesChunkedCookie(cookies: RequestCookies, name: string): boolean {
  return existingParts(cookies, name).length > 0;
}

/**
 * The Set-Cookie entries that store `value` under `name`, split when too long, plus expiries for any
 * part the request carried that the new value no longer uses (a stale `.2` would corrupt the join).
 */
export function writeChunkedCookie(
  name: string,
  value: string,
  options: CookieOptions,
  requestCookies: RequestCookies = {},
): CookieToSet[] {
  const written: CookieToSet[] = [];
  if (value.length <= COOKIE_CHUNK_SIZE) {
    written.push({ name, value, options });
  } else {
    for (let index = 0; index * COOKIE_CHUNK_SIZE < value.length; index++) {
      const start = index * COOKIE_CHUNK_SIZE;
      written.push({
        name: chunkName(name, index),
        value: value.slice(start, start + COOKIE_CHUNK_SIZE),
        options,
      });
    }
  }
  const writtenNames = new Set(written.map((cookie) => cookie.name));
  for (const stale of existingParts(requestCookies, name)) {
    if (!writtenNames.has(stale)) written.push(expiredCookie(stale, options));
  }
  return written;
}

/** Expires a cookie and every chunk of it the request carried. */
export function clearChunkedCookie(
  name: string,
  options: CookieOptions,
  requestCookies: RequestCookies,
): CookieToSet[] {
  const parts = existingParts(requestCookies, name);
  return (parts.length > 0 ? parts : [name]).map((part) => expiredCookie(part, options));
}
