import { readChunkedCookie } from "../cookie/chunks.js";
import { parseCookieHeader } from "../cookie/header.js";
import { sessionCookieName } from "../cookie/names.js";
import { envValue } from "../env-value.js";
import type { JwtCodec } from "./codec.js";
import { normalizeSecrets } from "./keys.js";
import type { GetTokenParams, HeaderRecord, JWT } from "./types.js";

/** Reads one header from a `Headers` object or a plain (possibly Node-style) record. */
function readHeader(headers: Headers | HeaderRecord, name: string): string | null {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name);
  const record = headers as HeaderRecord;
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  if (Array.isArray(value)) return value.join(name === "cookie" ? "; " : ", ");
  return typeof value === "string" ? value : null;
}

/** `Authorization: Bearer <token>`, percent-decoded as Auth.js clients send it; null when absent or malformed. */
function bearerToken(authorization: string | null): string | null {
  const match = authorization === null ? null : /^Bearer +(\S+)\s*$/.exec(authorization);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1] as string);
  } catch {
    return null;
  }
}

/**
 * AUTH_URL (or NEXTAUTH_URL, next-auth v4's name for it, as the handler reads it: core/env.ts),
 * read from the process environment here rather than through the handler's config, so
 * `latchkey/jwt` stands alone; runtimes without `process` (edge) simply have none.
 */
function authUrlFromEnv(): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  // An empty AUTH_URL counts as unset, as the handler reads it.
  return (env === undefined ? undefined : envValue(env, "AUTH_URL")) || undefined;
}

const HTTPS_URL = /^https:\/\//i;

/**
 * Whether the app is served over https, as far as a bare function can tell: AUTH_URL's scheme when
 * it is set (it names the public URL, whatever a proxy in front forwarded), else the request URL's.
 * A Node request's `url` is only a path and says nothing, so it reads as http.
 */
function servedOverHttps(req: GetTokenParams["req"]): boolean {
  const appUrl = authUrlFromEnv();
  if (appUrl !== undefined) return HTTPS_URL.test(appUrl);
  const url = (req as { url?: unknown }).url;
  return typeof url === "string" && HTTPS_URL.test(url);
}

export function createGetToken(codec: JwtCodec) {
  /**
   * Reads the session JWT from a request's (possibly chunked) session cookie, or else from
   * `Authorization: Bearer`, and decodes it. Returns null when there is no token or it does not verify.
   * It has no config and so no store: a revoked session's token (revocation markers live in
   * `config.store`) still decodes here until its `exp`. `getSessionToken(request, config)` from
   * `latchkey` checks the markers (README, "Session tokens in middleware").
   */
  return async function getToken<R extends boolean = false>(
    params: GetTokenParams<R>,
  ): Promise<(R extends true ? string : JWT) | null> {
    const { req, raw, logger = console } = params;
    if (!req || typeof req !== "object" || !req.headers) {
      throw new TypeError("getToken needs `req`: a Request, or an object with `headers`.");
    }
    // Validated here so a missing secret fails loudly, but passed on as given: a custom `decode`
    // written for Auth.js receives the string (or array) the application configured.
    normalizeSecrets(params.secret);
    const secret = params.secret;
    const cookieName = params.cookieName ?? sessionCookieName(params.secureCookie ?? servedOverHttps(req));
    const salt = params.salt ?? cookieName;

    const cookies = parseCookieHeader(readHeader(req.headers, "cookie"));
    const token =
      readChunkedCookie(cookies, cookieName) || bearerToken(readHeader(req.headers, "authorization"));
    if (!token) return null;
    if (raw) return token as R extends true ? string : JWT;

    const decode = params.decode ?? codec.decode;
    try {
      return (await decode({ token, secret, salt })) as (R extends true ? string : JWT) | null;
    } catch (error) {
      // A custom decoder may throw on bad input; the contract is null, not an exception.
      logger.debug?.("latchkey getToken: the token could not be decoded", error);
      return null;
    }
  };
}
