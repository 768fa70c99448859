/**
 * The app's public origin: one rule for every URL latchkey builds (redirects, callback URLs, the
 * provider listing, magic links) and for whether cookies take the `__Secure-` prefix.
 *
 * - AUTH_URL, when set, is the origin, whatever Host the request carries.
 * - Otherwise the host must be trusted (`trustHost` / AUTH_TRUST_HOST); then the request's own URL
 *   is used, with `X-Forwarded-Host` and `X-Forwarded-Proto` honoured, because behind a trusted
 *   proxy they are what the browser saw.
 * - Untrusted, the request is refused: otherwise anyone could make us mint links to their host.
 *
 * The Node bridge (`latchkey/node`) removes forwarded headers before they reach this rule unless
 * its `trustProxy` option is on, so a Node server that is not behind a proxy cannot be fooled by them.
 */
import { UntrustedHost } from "./errors.js";

/**
 * The first entry of a forwarded header. Proxies append hop by hop (`https, http`); the first entry
 * is what the client-facing proxy saw.
 *
 * @example
 * ```ts
 * firstForwardedValue("app.example.com, internal:8080"); // "app.example.com"
 * ```
 */
export function firstForwardedValue(value: string | null | undefined): string | undefined {
  return value?.split(",")[0]?.trim() || undefined;
}

/**
 * The origin a request was made to, as the browser saw it through forwarded headers: `host` and
 * `protocol` from the request, overridden by `X-Forwarded-Host`/`-Proto` when present. Only call
 * this for requests whose forwarded headers are trusted.
 *
 * @example
 * ```ts
 * // Behind a proxy that sent X-Forwarded-Host: app.example.com and X-Forwarded-Proto: https
 * forwardedOrigin(request.headers, "http:", "internal:3000"); // "https://app.example.com"
 * ```
 */
export function forwardedOrigin(headers: Headers, protocol: string, host: string): string {
  const forwardedHost = firstForwardedValue(headers.get("x-forwarded-host"));
  const forwardedProto = firstForwardedValue(headers.get("x-forwarded-proto"))?.toLowerCase();
  const scheme = forwardedProto === "https" || forwardedProto === "http" ? `${forwardedProto}:` : protocol;
  return new URL(`${scheme}//${forwardedHost ?? host}`).origin;
}

export interface OriginSettings {
  /** AUTH_URL, when set. */
  authUrl: URL | undefined;
  trustHost: boolean;
}

/**
 * The app's origin for a request, by the rule above. Throws {@link UntrustedHost} when neither
 * AUTH_URL nor `trustHost` vouches for the request's host.
 *
 * @example
 * ```ts
 * // Behind a proxy that sent X-Forwarded-Host: app.example.com and X-Forwarded-Proto: https
 * appOrigin({ authUrl: undefined, trustHost: true }, request); // "https://app.example.com"
 * ```
 */
export function appOrigin(settings: OriginSettings, request: Request, url = new URL(request.url)): string {
  if (settings.authUrl) return settings.authUrl.origin;
  if (!settings.trustHost) {
    throw new UntrustedHost(
      `Host ${url.host} is not trusted. Set AUTH_URL to the app's URL, or AUTH_TRUST_HOST=true (trustHost: true) behind a proxy you control.`,
    );
  }
  try {
    return forwardedOrigin(request.headers, url.protocol, url.host);
  } catch {
    return url.origin; // a forwarded host that is not a host at all: keep the request's own
  }
}
