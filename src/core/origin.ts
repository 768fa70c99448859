/**
 * The app's public origin: one rule for every URL latchkey builds (redirects, callback URLs, the
 * provider listing, magic links) and for whether cookies take the `__Secure-` prefix.
 *
 * - AUTH_URL, when set, is the origin, whatever Host the request carries.
 * - Otherwise the host must be trusted (`trustHost` / AUTH_TRUST_HOST); then the request's own URL
 *   is used, with `X-Forwarded-Host` and `X-Forwarded-Proto` honoured, because behind a trusted
 *   proxy they are what the browser saw.
 * - Untrusted, the request is refused: otherwise anyone could make us mint links to their host.
 * - Where an OAuth redirect proxy is to send a later authorization code, forwarded headers never
 *   count (see {@link unforwardedOrigin}).
 *
 * The Node bridge (`latchkey/node`) removes forwarded headers before they reach this rule unless
 * its `trustProxy` option is on, so a Node server that is not behind a proxy cannot be fooled by them.
 *
 * The client's address, which the rate limiter counts, has a trust of its own: `X-Forwarded-For`
 * (or `Forwarded: for=`) only when the app says a proxy sets it (`rateLimit.trustForwardedFor`), not
 * whenever the host is trusted (AUTH_URL alone turns `trustHost` on, with no proxy in front); else
 * the address of the TCP peer, which the Node bridge hands over on the Request itself (see
 * {@link attachSocketAddress}), never in a header a client could send.
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
  // Most requests carry no forwarded header: the URL already parsed is the answer, not a new one.
  const headers = request.headers;
  if (!headers.has("x-forwarded-host") && !headers.has("x-forwarded-proto")) return url.origin;
  try {
    return forwardedOrigin(headers, url.protocol, url.host);
  } catch {
    return url.origin; // a forwarded host that is not a host at all: keep the request's own
  }
}

/**
 * The app's origin without forwarded headers: AUTH_URL when set, else the origin of the request URL
 * itself. For a URL that outlives the request and that the request's sender must not choose: the
 * redirect proxy seals it into `state`, and a stable deployment later relays an authorization code
 * there. `X-Forwarded-Host` is the sender's to write when no proxy overwrites it, so it never counts
 * here. Call it only after {@link appOrigin} accepted the request (the host is trusted).
 *
 * @example
 * ```ts
 * // A request to https://preview.app.test carrying X-Forwarded-Host: evil.example
 * unforwardedOrigin({ authUrl: undefined }, new URL(request.url)); // "https://preview.app.test"
 * ```
 */
export function unforwardedOrigin(settings: Pick<OriginSettings, "authUrl">, url: URL): string {
  return settings.authUrl ? settings.authUrl.origin : url.origin;
}

/**
 * Where the Node bridge leaves the socket's peer address on a Request. A property, not a header: a
 * client can send any header, but cannot set a property on the object the server built.
 */
const SOCKET_ADDRESS = Symbol.for("latchkey.socket-address");

/**
 * Records the TCP peer address of the connection `request` arrived on. Called by the Node bridge
 * (`toWebRequest`), which alone knows the socket, and by framework glue whose framework knows the
 * client's address (SvelteKit's `getClientAddress()`, Hono's Node bindings); the core reads it back
 * with {@link clientAddresses}. Exported by `latchkey` for servers that build their own Request.
 *
 * @example
 * ```ts
 * attachSocketAddress(request, req.socket.remoteAddress); // "::ffff:203.0.113.7"
 * ```
 */
export function attachSocketAddress(request: Request, address: string | undefined): Request {
  if (typeof address === "string" && address !== "") {
    Object.defineProperty(request, SOCKET_ADDRESS, { value: address, enumerable: false });
  }
  return request;
}

/**
 * The last entry of a forwarded-for list: the address the proxy nearest to the app saw the request
 * come from. Entries to its left were supplied by whoever came before, the client included, so
 * only this one is not the client's to choose (behind one trusted proxy that appends to the list).
 */
function nearestForwardedFor(headers: Headers): string | undefined {
  const forwardedFor = headers.get("x-forwarded-for");
  if (forwardedFor !== null) return forwardedFor.split(",").at(-1)?.trim() || undefined;
  // RFC 7239 §4: `Forwarded: for=192.0.2.60;proto=https, for="[2001:db8::17]:4711"`.
  const forwarded = headers.get("forwarded");
  if (forwarded === null) return undefined;
  const last = forwarded.slice(forwarded.lastIndexOf(",") + 1);
  const pair = last.split(";").find((part) => part.trim().toLowerCase().startsWith("for="));
  return pair?.trim().slice(4).replace(/^"|"$/g, "") || undefined;
}

/**
 * The client's address claims for rate limiting, most trusted first: the nearest forwarded-for
 * entry when the app trusts its proxy's `X-Forwarded-For` and a proxy sent one, then the socket
 * address the Node bridge recorded. The limiter counts the first that is an address; when none is
 * (another runtime, no trusted proxy, or a proxy that wrote `unknown`), it counts one shared bucket.
 *
 * @example
 * ```ts
 * // Behind a trusted proxy that sent X-Forwarded-For: 198.51.100.1, 203.0.113.7
 * clientAddresses({ trustForwardedFor: true }, request); // ["203.0.113.7"]
 * ```
 */
export function clientAddresses(settings: { trustForwardedFor: boolean }, request: Request): string[] {
  const addresses: string[] = [];
  if (settings.trustForwardedFor) {
    const forwarded = nearestForwardedFor(request.headers);
    if (forwarded !== undefined) addresses.push(forwarded);
  }
  const recorded: unknown = (request as unknown as Record<symbol, unknown>)[SOCKET_ADDRESS];
  if (typeof recorded === "string") addresses.push(recorded);
  return addresses;
}
