/** The internal result every action returns, and its one conversion to a Web Response. */
import { type CookieToSet, serializeCookie } from "../cookie/header.js";

export interface ResponseInternal {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as HTML; anything else as JSON. */
  body?: unknown;
  /** Absolute URL to send the browser to. */
  redirect?: string;
  cookies?: CookieToSet[];
}

/**
 * Whether the caller asked for redirects as JSON (`X-Auth-Return-Redirect: 1`, as Auth.js's client
 * sends from fetch, which cannot read a redirect's target): `{ url }` in a 200 instead of a 302.
 */
export const returnsRedirectAsJson = (request: Request): boolean =>
  request.headers.get("x-auth-return-redirect") === "1";

/**
 * Every answer carries URLs, a CSRF token, session data or cookies meant for one browser, so none
 * may be stored by a shared cache (RFC 9111 §5.2.2.5) unless an action says otherwise.
 */
const NO_STORE = "private, no-cache, no-store";
/**
 * Beside it, for HTTP/1.0 caches that predate Cache-Control: `Expires: 0` is already expired
 * (RFC 9111 §5.3) and `Pragma: no-cache` (§5.4). Auth.js sends the three together.
 */
const NO_STORE_LEGACY: ReadonlyArray<[string, string]> = [
  ["Expires", "0"],
  ["Pragma", "no-cache"],
];

/**
 * The default pages refuse to be framed (CSP `frame-ancestors`, and X-Frame-Options for older
 * browsers): a framed sign-out or sign-in form could be clickjacked.
 */
const PAGE_HEADERS: ReadonlyArray<[string, string]> = [
  ["Content-Type", "text/html; charset=utf-8"],
  ["Content-Security-Policy", "frame-ancestors 'none'"],
  ["X-Frame-Options", "DENY"],
];

function headerList(result: ResponseInternal): Array<[string, string]> {
  // One header list, handed to Response once: building a Headers object first would copy it twice.
  const headers: Array<[string, string]> = result.headers ? Object.entries(result.headers) : [];
  if (!result.headers?.["Cache-Control"]) headers.push(["Cache-Control", NO_STORE], ...NO_STORE_LEGACY);
  headers.push(["X-Content-Type-Options", "nosniff"]);
  for (const cookie of result.cookies ?? []) headers.push(["Set-Cookie", serializeCookie(cookie)]);
  return headers;
}

/**
 * An action's result as it goes on the wire: status, header fields in order (one `Set-Cookie` field
 * per cookie), and the body text. A Web `Response` is built from it, and the Node bridge writes it
 * straight to the socket without one.
 */
export interface WireResponse {
  status: number;
  headers: Array<[string, string]>;
  body: string | null;
}

/** The wire form of an action's result; with `redirectAsJson` a redirect becomes 200 `{url}`. */
export function toWireResponse(result: ResponseInternal, redirectAsJson: boolean): WireResponse {
  const headers = headerList(result);
  if (result.redirect !== undefined) {
    if (redirectAsJson) {
      // Clients that call the API with fetch want the target, not an opaque redirect they cannot read.
      headers.push(["Content-Type", "application/json"]);
      return { status: 200, headers, body: JSON.stringify({ url: result.redirect }) };
    }
    headers.push(["Location", result.redirect]);
    return { status: result.status ?? 302, headers, body: null };
  }
  if (typeof result.body === "string") {
    // A string body is a page unless its action names another type (the passkey script).
    const ownType = result.headers?.["Content-Type"] !== undefined;
    headers.push(...PAGE_HEADERS.filter(([name]) => !(ownType && name === "Content-Type")));
    return { status: result.status ?? 200, headers, body: result.body };
  }
  headers.push(["Content-Type", "application/json"]);
  return { status: result.status ?? 200, headers, body: JSON.stringify(result.body ?? null) };
}

/**
 * The header fields as `Response` takes them fastest: a record (undici converts one in about 10%
 * less time than a list of pairs, measurable on a cached GET /session), or the list itself when a
 * name repeats, as `Set-Cookie` does once there are two cookies.
 */
function headersInit(headers: Array<[string, string]>): HeadersInit {
  const record: Record<string, string> = {};
  for (const [name, value] of headers) {
    if (Object.hasOwn(record, name)) return headers;
    record[name] = value;
  }
  return record;
}

/** The Web Response for an action's result; with `redirectAsJson` a redirect becomes 200 `{url}`. */
export function toWebResponse(result: ResponseInternal, redirectAsJson: boolean): Response {
  const { status, headers, body } = toWireResponse(result, redirectAsJson);
  return new Response(body, { status, headers: headersInit(headers) });
}

/** A JSON error answer: `{ error: <type>, message }`. */
export function jsonError(status: number, error: string, message: string): ResponseInternal {
  return { status, body: { error, message } };
}
