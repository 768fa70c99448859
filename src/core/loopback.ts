/**
 * Plain http is allowed only to a loopback host, so that local OpenID Providers and mail-API
 * stand-ins work in development and tests (RFC 8252 §8.3 treats loopback as local); anything that
 * leaves the machine must use https.
 */

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * Whether `url` is plain http to a loopback host.
 *
 * @example
 * ```ts
 * isLoopbackHttp(new URL("http://127.0.0.1:8080/")); // true
 * isLoopbackHttp(new URL("http://mail.internal/")); // false
 * ```
 */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
}
