/** Reading `Cookie` and writing `Set-Cookie` headers. */
import { parse, serialize } from "cookie";
import type { CookieOptions } from "./names.js";

/** A cookie to send back to the client. `value: ""` with `maxAge: 0` clears it. */
export interface CookieToSet {
  name: string;
  value: string;
  options: CookieOptions;
}

export type RequestCookies = Record<string, string | undefined>;

/**
 * The request's cookies by name. A name the header carries twice is ambiguous: another site on a
 * parent or sibling domain can add a cookie of the same name with a longer path, which browsers send
 * first (RFC 6265 §5.4, §8.6). Such a name is treated as absent rather than letting the first copy
 * win, so a tossed session or CSRF cookie can never stand in for ours.
 */
export function parseCookieHeader(header: string | null | undefined): RequestCookies {
  if (!header) return {};
  const cookies: RequestCookies = parse(header);
  // Only a header with more pairs than distinct names can hold a name twice; most hold none.
  if (pairsIn(header) > Object.keys(cookies).length) forgetRepeatedNames(header, cookies);
  return cookies;
}

/** How many `;`-separated pairs `header` has, at most (a pair without `=` counts too). */
function pairsIn(header: string): number {
  let pairs = 1;
  for (let at = header.indexOf(";"); at !== -1; at = header.indexOf(";", at + 1)) pairs++;
  return pairs;
}

function forgetRepeatedNames(header: string, cookies: RequestCookies): void {
  const seen = new Set<string>();
  for (const pair of header.split(";")) {
    const separator = pair.indexOf("=");
    if (separator === -1) continue;
    const name = pair.slice(0, separator).trim();
    if (seen.has(name)) cookies[name] = undefined;
    else seen.add(name);
  }
}

export function serializeCookie(cookie: CookieToSet): string {
  return serialize(cookie.name, cookie.value, cookie.options);
}

export function expiredCookie(name: string, options: CookieOptions): CookieToSet {
  const { expires: _expires, maxAge: _maxAge, ...rest } = options;
  return { name, value: "", options: { ...rest, maxAge: 0 } };
}
