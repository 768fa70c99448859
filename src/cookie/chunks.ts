/**
 * Cookies larger than a browser keeps (~4096 bytes with attributes) are split into `<name>.0`,
 * `<name>.1`, …; reading joins them in index order.
 */
import { type CookieToSet, expiredCookie, type RequestCookies } from "./header.js";
import type { CookieOptions } from "./names.js";

/** 4096 bytes per cookie minus ~160 for the name and attributes, as Auth.js chunks. */
export const COOKIE_CHUNK_SIZE = 3936;

/** Refuses to join more than this many chunks, bounding what one forged header can make us concatenate. */
const MAX_CHUNKS = 64;

const chunkName = (name: string, index: number) => `${name}.${index}`;

/**
 * Reads a possibly chunked cookie. An unchunked `<name>` wins; otherwise `<name>.0`, `<name>.1`, …
 * are joined up to the first gap. Returns undefined when neither is present.
 */
export function readChunkedCookie(cookies: RequestCookies, name: string): string | undefined {
  const whole = cookies[name];
  if (whole !== undefined) return whole;
  let value: string | undefined;
  for (let index = 0; index < MAX_CHUNKS; index++) {
    const chunk = cookies[chunkName(name, index)];
    if (chunk === undefined) break;
    value = (value ?? "") + chunk;
  }
  return value;
}

/** Names of every cookie the request carries that belongs to `name`: the whole one and its chunks. */
function existingParts(cookies: RequestCookies, name: string): string[] {
  const chunkPattern = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.\\d+$`);
  return Object.keys(cookies).filter((key) => key === name || chunkPattern.test(key));
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
