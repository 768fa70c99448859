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

const NO_STORE = "private, no-cache, no-store";

export function toWebResponse(result: ResponseInternal, redirectAsJson: boolean): Response {
  // One header list, handed to Response once: building a Headers object first would copy it twice.
  const headers: Array<[string, string]> = result.headers ? Object.entries(result.headers) : [];
  for (const cookie of result.cookies ?? []) headers.push(["Set-Cookie", serializeCookie(cookie)]);
  if (result.redirect !== undefined) {
    if (redirectAsJson) {
      // Clients that call the API with fetch want the target, not an opaque redirect they cannot read.
      headers.push(["Content-Type", "application/json"]);
      return new Response(JSON.stringify({ url: result.redirect }), { status: 200, headers });
    }
    headers.push(["Location", result.redirect]);
    return new Response(null, { status: result.status ?? 302, headers });
  }
  if (typeof result.body === "string") {
    headers.push(["Content-Type", "text/html; charset=utf-8"]);
    if (!result.headers?.["Cache-Control"]) headers.push(["Cache-Control", NO_STORE]);
    return new Response(result.body, { status: result.status ?? 200, headers });
  }
  headers.push(["Content-Type", "application/json"]);
  return new Response(JSON.stringify(result.body ?? null), { status: result.status ?? 200, headers });
}

export function jsonError(status: number, error: string, message: string): ResponseInternal {
  return { status, body: { error, message }, headers: { "Cache-Control": NO_STORE } };
}
