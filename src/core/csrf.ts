/**
 * Double-submit CSRF protection, wire-compatible with Auth.js: the cookie holds
 * `token|sha256hex(token + secret)` and a state-changing POST must carry the same token in its body.
 * The hash stops a sibling subdomain from planting a token it chose; the `__Host-` prefix on https
 * stops it from planting the cookie at all. The router enforces it, from the route table.
 */
import type { CookieToSet, RequestCookies } from "../cookie/header.js";
import type { CookieSpec } from "../cookie/names.js";
import type { CryptoRuntime } from "../runtime/types.js";
import { MissingCSRF } from "./errors.js";

export interface CsrfState {
  token: string;
  /** Set when the request had no valid CSRF cookie: send this one. */
  cookie: CookieToSet | undefined;
  /** Whether the request's cookie verified (so `token` is the one the client holds). */
  cookieVerified: boolean;
}

function stringsEqualInConstantTime(runtime: CryptoRuntime, a: string, b: string): boolean {
  return runtime.equalInConstantTime(runtime.utf8Encode(a), runtime.utf8Encode(b));
}

async function verifiedCookieToken(
  runtime: CryptoRuntime,
  cookieValue: string | undefined,
  secrets: string[],
): Promise<string | null> {
  if (!cookieValue) return null;
  const separator = cookieValue.indexOf("|");
  if (separator <= 0) return null;
  const token = cookieValue.slice(0, separator);
  const hash = cookieValue.slice(separator + 1);
  for (const secret of secrets) {
    // Every secret verifies, so rotating AUTH_SECRET does not break forms already open in a browser.
    if (stringsEqualInConstantTime(runtime, await runtime.sha256Hex(`${token}${secret}`), hash)) return token;
  }
  return null;
}

/** The request's CSRF token when its cookie verifies, else a new token and the cookie that carries it. */
export async function readOrCreateCsrf(
  runtime: CryptoRuntime,
  cookies: RequestCookies,
  spec: CookieSpec,
  secrets: string[],
): Promise<CsrfState> {
  const existing = await verifiedCookieToken(runtime, cookies[spec.name], secrets);
  if (existing !== null) return { token: existing, cookie: undefined, cookieVerified: true };
  const token = runtime.base64urlEncode(runtime.randomBytes(32));
  const hash = await runtime.sha256Hex(`${token}${secrets[0]}`);
  return {
    token,
    cookie: { name: spec.name, value: `${token}|${hash}`, options: spec.options },
    cookieVerified: false,
  };
}

/** Whether a POST proved it came from our own page: a verified cookie and the same token in the body. */
function csrfMatches(runtime: CryptoRuntime, state: CsrfState, submitted: unknown): boolean {
  return (
    state.cookieVerified &&
    typeof submitted === "string" &&
    stringsEqualInConstantTime(runtime, submitted, state.token)
  );
}

/**
 * Throws {@link MissingCSRF} unless the POST carries the token of its verified CSRF cookie in the
 * body. A token in the query string does not count: it would leak through logs and Referer headers.
 */
export function assertCsrf(runtime: CryptoRuntime, state: CsrfState, submitted: unknown): void {
  if (csrfMatches(runtime, state, submitted)) return;
  throw new MissingCSRF(
    state.cookieVerified
      ? "The CSRF token in the body did not match the CSRF cookie; fetch one from GET /csrf and send it as `csrfToken`."
      : "The request carried no valid CSRF cookie; fetch a token from GET /csrf (it sets the cookie) and send it as `csrfToken`.",
  );
}
