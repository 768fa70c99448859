/**
 * The absolute URL of an incoming Node request. `X-Forwarded-*` headers are only honoured when the
 * app says a proxy sets them: otherwise any client could claim to be `https://bank.example`, and the
 * auth core would build callback URLs and secure cookies from the claim.
 */
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import { firstForwardedValue } from "../core/origin.js";

/** A bracketed IPv6 literal or a DNS name / IPv4 address, with an optional port. Nothing that could add a path or userinfo. */
const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?)(?::\d{1,5})?$/i;

/** Falls back here when no usable host arrived; a real request over HTTP/1.1 always has one. */
const FALLBACK_HOST = "localhost";

/**
 * The last host found usable. Keep-alive clients name the same host request after request, and the
 * check below parses a URL; a pure function's last answer is safe to reuse.
 */
let lastUsableHost: string | undefined;

function isUsableHost(host: string | undefined): host is string {
  if (host !== undefined && host === lastUsableHost) return true;
  if (!host || !HOST.test(host)) return false;
  try {
    new URL(`http://${host}/`); // also rejects ports above 65535 and malformed IPv6
  } catch {
    return false;
  }
  lastUsableHost = host;
  return true;
}

function firstHeaderValue(value: string | string[] | undefined): string | undefined {
  return firstForwardedValue(Array.isArray(value) ? value[0] : value);
}

function requestProtocol(req: IncomingMessage, trustProxy: boolean): "http" | "https" {
  if (trustProxy) {
    const forwarded = firstHeaderValue(req.headers["x-forwarded-proto"])?.toLowerCase();
    if (forwarded === "http" || forwarded === "https") return forwarded;
  }
  return (req.socket as TLSSocket | undefined)?.encrypted ? "https" : "http";
}

function requestHost(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = firstHeaderValue(req.headers["x-forwarded-host"]);
    if (isUsableHost(forwarded)) return forwarded;
  }
  const host = req.headers.host ?? firstHeaderValue(req.headers[":authority"]);
  return isUsableHost(host) ? host : FALLBACK_HOST;
}

/**
 * Path and query of the request. Express rewrites `req.url` below a mount point, `originalUrl` keeps
 * what the client asked for, which the auth core needs to find its `basePath`.
 */
function requestTarget(req: IncomingMessage): string {
  const target = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? "/";
  if (target.startsWith("/")) return target;
  // Absolute-form (`GET http://host/path`) is what clients send to proxies; only its path counts.
  try {
    const absolute = new URL(target);
    return absolute.pathname + absolute.search;
  } catch {
    return "/"; // `OPTIONS *` and the like
  }
}

/**
 * Builds the request's absolute URL, as the string a `Request` is made from (which parses it: a
 * `URL` here would be parsed, serialised and parsed again).
 *
 * @example
 * ```ts
 * requestUrl(req, false); // "http://localhost:3000/auth/session"
 * ```
 */
export function requestUrl(req: IncomingMessage, trustProxy: boolean): string {
  // Concatenate rather than `new URL(target, origin)`: a target of `//evil.test/x` must stay a path.
  return `${requestProtocol(req, trustProxy)}://${requestHost(req, trustProxy)}${requestTarget(req)}`;
}
