/**
 * `customFetch`: the provider option, under Auth.js's name, that sends every request latchkey makes
 * to an OAuth/OIDC provider (discovery, keys, token, userinfo, refresh, pushed authorization)
 * through the app's own `fetch`: a corporate proxy, extra headers, a test double.
 */

/**
 * The key of a provider's own `fetch`. A symbol, so it can never collide with a provider's options.
 *
 * @example
 * ```ts
 * import { customFetch } from "latchkey";
 * import Keycloak from "latchkey/providers/keycloak";
 *
 * const viaProxy: typeof fetch = (input, init) => fetch(input, { ...init, headers: { ...init?.headers, "x-egress": "corp" } });
 * Keycloak({ issuer: "https://id.example.com/realms/app", [customFetch]: viaProxy });
 * ```
 */
export const customFetch = Symbol("custom-fetch");

/** The `fetch` this provider's requests go through: its own, else the global one. */
export function providerFetch(provider: { [customFetch]?: typeof fetch }): typeof fetch {
  return provider[customFetch] ?? fetch;
}
