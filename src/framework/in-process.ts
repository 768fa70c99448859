/**
 * Calling latchkey's handler in process, as framework glue does for server actions and form
 * actions: the request a browser would have made, answered with latchkey's internal result.
 */
import { CONFIGURATION_ERROR } from "../core/error-traits.js";
import { RateLimited } from "../core/errors.js";
import { type AuthConfig, type ResponseInternal, raw, skipCSRFCheck } from "../index.js";
import { copyOfConfig } from "./config-copies.js";

/** A config answering with the internal result, without latchkey's CSRF token check. */
export type InProcessConfig = AuthConfig & { raw: typeof raw };

const inProcessCopies = new WeakMap<AuthConfig, InProcessConfig>();

/**
 * `config` for in-process calls: its internal result (the glue sets the cookies and redirects
 * itself) and no CSRF token check, since the token would come from a form the action never
 * renders; the framework's own same-origin check on the action's POST is the defence there
 * (docs/next.md, docs/sveltekit.md). One copy per config, as latchkey resolves a config once per object.
 */
export function inProcessConfig(config: AuthConfig): InProcessConfig {
  let copy = inProcessCopies.get(config);
  if (copy === undefined) {
    copy = copyOfConfig(config, { raw, skipCSRFCheck });
    inProcessCopies.set(config, copy);
  }
  return copy;
}

/**
 * Fields that describe the incoming request's own body or the framework's action call. The
 * in-process request has a body of its own (or none), so copying them would misdescribe it.
 */
const NOT_FORWARDED = [
  "content-length",
  "content-type",
  "content-encoding",
  "transfer-encoding",
  "next-action",
  "next-router-state-tree",
  "x-auth-return-redirect",
];

/** The incoming request's headers (cookies, host, forwarded headers) without those of its body. */
export function forwardedHeaders(incoming: Headers): Headers {
  const headers = new Headers(incoming);
  for (const name of NOT_FORWARDED) headers.delete(name);
  return headers;
}

/** What an in-process request carries: a form a browser would post, or JSON. */
export type InProcessBody = { form: Record<string, string> } | { json: unknown };

/**
 * A request to `url` with `headers` (already forwarded), a GET without `body`, else a POST of it.
 * The glue reads latchkey's answer and never shows it, so the request asks for JSON: a request
 * error then names its type, where the browser's `Accept: text/html` would bring latchkey's page.
 */
export function inProcessRequest(url: URL, headers: Headers, body?: InProcessBody): Request {
  headers.set("accept", "application/json");
  if (body === undefined) return new Request(url, { headers });
  if ("form" in body) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    return new Request(url, { method: "POST", headers, body: new URLSearchParams(body.form) });
  }
  headers.set("content-type", "application/json");
  return new Request(url, { method: "POST", headers, body: JSON.stringify(body.json) });
}

/**
 * The error type of an in-process answer that is not a redirect, for the action to raise or hand to
 * the page: the type a JSON answer names; for a 429, whose answer to a browser's request is the error
 * page, RateLimited (the limiter is what answers 429); else Configuration, a fault on the server.
 */
export function refusedType(result: ResponseInternal): string {
  const body = result.body as { error?: unknown } | undefined;
  if (typeof body?.error === "string") return body.error;
  return result.status === RateLimited.status ? RateLimited.type : CONFIGURATION_ERROR;
}
