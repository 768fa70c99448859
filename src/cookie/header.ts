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

export function parseCookieHeader(header: string | null | undefined): RequestCookies {
  return header ? parse(header) : {};
}

export function serializeCookie(cookie: CookieToSet): string {
  return serialize(cookie.name, cookie.value, cookie.options);
}

export function expiredCookie(name: string, options: CookieOptions): CookieToSet {
  const { expires: _expires, maxAge: _maxAge, ...rest } = options;
  return { name, value: "", options: { ...rest, maxAge: 0 } };
}
