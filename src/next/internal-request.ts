/**
 * Requests to latchkey's own routes, made on the server for server components and server actions,
 * which have the incoming request's headers (through `next/headers`) but no Request.
 */
import { readProcessEnv } from "../core/env.js";
import { forwardedHeaders, type InProcessBody, inProcessRequest } from "../framework/in-process.js";
import { type AuthConfig, createActionURL } from "../index.js";

/**
 * The absolute URL of one of latchkey's routes, as the browser that sent `incoming` would reach
 * it: on the host of `incoming` (else of `requestUrl`), with the forwarded scheme (else the scheme
 * of `requestUrl`, else http: the scheme of the server Next.js runs; AUTH_URL, or a proxy's
 * X-Forwarded-Proto, names https where the app is served over it).
 */
export function actionUrl(incoming: Headers, config: AuthConfig, action: string, requestUrl?: string): URL {
  const url = requestUrl ? new URL(requestUrl) : undefined;
  const headers = new Headers(incoming);
  if (url && !headers.has("host")) headers.set("host", url.host);
  const scheme = incoming.get("x-forwarded-proto") ?? url?.protocol ?? "http";
  return createActionURL(action, scheme, headers, readProcessEnv(), config);
}

/**
 * A request to `action` (`session`, `signin/github`, …) under the base path, carrying the incoming
 * request's cookies and host headers, so latchkey applies its own origin rule (AUTH_URL, trusted
 * forwarded headers) exactly as it does for the route handler.
 */
export function internalRequest(
  incoming: Headers,
  config: AuthConfig,
  action: string,
  body?: InProcessBody,
  query?: URLSearchParams,
  requestUrl?: string,
): Request {
  const headers = forwardedHeaders(incoming);
  const url = actionUrl(headers, config, action, requestUrl);
  if (query && [...query].length > 0) url.search = query.toString();
  return inProcessRequest(url, headers, body);
}
