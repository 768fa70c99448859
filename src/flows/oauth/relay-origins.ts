/**
 * The origins a stable deployment relays authorization codes to (`redirectProxyAllowedOrigins`):
 * defence in depth behind the sealed `state`, so that even a state sealed by a deployment that
 * shares the secret cannot send a code to a host the app never meant to serve. An entry is an exact
 * origin (`https://preview.example.com`) or one whose host starts with `*.`, which matches any
 * subdomain of the rest (`https://*.preview.example.com`), for preview deployments whose host
 * changes with every build.
 */
import { InvalidConfig } from "../../core/errors.js";

/** One allowed origin: the scheme and port must match; the host exactly, or as a subdomain. */
interface RelayOrigin {
  protocol: string;
  port: string;
  host: string;
  subdomains: boolean;
}

const WILDCARD = "*.";

function parseRelayOrigin(entry: unknown): RelayOrigin {
  const refusal = () =>
    new InvalidConfig(
      `redirectProxyAllowedOrigins has the entry ${JSON.stringify(entry)}, which is not an http(s) origin; write e.g. "https://preview.example.com" or "https://*.preview.example.com".`,
    );
  if (typeof entry !== "string") throw refusal();
  const wildcardAt = entry.indexOf("://") + 3;
  const subdomains = entry.startsWith(WILDCARD, wildcardAt);
  const concrete = subdomains
    ? `${entry.slice(0, wildcardAt)}${entry.slice(wildcardAt + WILDCARD.length)}`
    : entry;
  let url: URL;
  try {
    url = new URL(concrete);
  } catch {
    throw refusal();
  }
  // An origin and nothing else: a path, query or credentials would never match and hide a typo.
  const originOnly =
    url.pathname === "/" &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password &&
    !url.hostname.includes("*");
  if ((url.protocol !== "https:" && url.protocol !== "http:") || !originOnly) throw refusal();
  return { protocol: url.protocol, port: url.port, host: url.hostname, subdomains };
}

/**
 * Checks the configured list at startup: an entry that is not an origin is an `InvalidConfig`.
 * No list (undefined) allows every origin.
 */
export function checkRelayOrigins(entries: unknown): void {
  if (entries === undefined) return;
  if (!Array.isArray(entries)) {
    throw new InvalidConfig(
      'redirectProxyAllowedOrigins must be an array of origins, e.g. ["https://*.preview.example.com"].',
    );
  }
  for (const entry of entries) parseRelayOrigin(entry);
}

function matches(origin: RelayOrigin, target: URL): boolean {
  if (origin.protocol !== target.protocol || origin.port !== target.port) return false;
  return origin.subdomains ? target.hostname.endsWith(`.${origin.host}`) : target.hostname === origin.host;
}

/** Whether `target` is on an origin the list allows; every origin is, when there is no list. */
export function relayAllowed(allowed: readonly string[] | undefined, target: URL): boolean {
  if (allowed === undefined) return true;
  return allowed.some((entry) => matches(parseRelayOrigin(entry), target));
}
