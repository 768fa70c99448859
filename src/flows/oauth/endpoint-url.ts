/**
 * Where latchkey may send a provider's requests: https, or plain http to a loopback host so local
 * OpenID Providers work in development and tests (RFC 8252 §8.3 treats loopback as local).
 */
import { InvalidConfig } from "../../core/errors.js";
import { isLoopbackHttp } from "../../core/loopback.js";

// oauth4webapi must be told to allow plain http to a loopback host.
export { isLoopbackHttp };

/** `value` as a URL latchkey may call for `what`, or an `InvalidConfig` that names the fix. */
export function endpointUrl(providerId: string, what: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidConfig(`The ${what} of provider "${providerId}" is not a URL: "${value}".`);
  }
  if (url.protocol !== "https:" && !isLoopbackHttp(url)) {
    throw new InvalidConfig(
      `The ${what} of provider "${providerId}" must use https (got ${value}); plain http is allowed only for 127.0.0.1, [::1] and localhost.`,
    );
  }
  return url;
}
