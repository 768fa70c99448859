export {
  CHECK_COOKIE_MAX_AGE_SECONDS,
  type CheckKind,
  clearCheckCookie,
  openCheckCookie,
  sealCheckCookie,
} from "./check-cookies.js";
export { COOKIE_CHUNK_SIZE, clearChunkedCookie, readChunkedCookie, writeChunkedCookie } from "./chunks.js";
export {
  type CookieToSet,
  expiredCookie,
  parseCookieHeader,
  type RequestCookies,
  serializeCookie,
} from "./header.js";
export {
  type CookieOptions,
  type CookieRole,
  type CookieSpec,
  type CookiesConfig,
  type CookiesOverrides,
  defaultCookies,
  sessionCookieName,
} from "./names.js";
