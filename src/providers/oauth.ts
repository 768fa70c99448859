import { withOAuthFlow } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig, Profile } from "./types.js";

// The configuration types `@auth/core/providers/oauth` exports, for apps that write a provider.
export type {
  AuthorizationEndpointHandler,
  OAuth2Config,
  OAuthConfig,
  OAuthUserConfig,
  OIDCConfig,
  OIDCUserConfig,
  TokenEndpointHandler,
  UserinfoEndpointHandler,
} from "./types.js";

/**
 * Any OAuth 2.0 provider, from its endpoints (or its `issuer`, when it publishes RFC 8414
 * metadata). The profile comes from the `userinfo` endpoint; map it with `profile`.
 *
 * @example
 * ```ts
 * import OAuth from "latchkey/providers/oauth";
 *
 * OAuth({
 *   id: "acme",
 *   name: "Acme",
 *   authorization: { url: "https://acme.example/oauth/authorize", params: { scope: "read:user" } },
 *   token: "https://acme.example/oauth/token",
 *   userinfo: "https://api.acme.example/me",
 *   clientId: "app",
 *   clientSecret: "secret",
 *   profile: (me) => ({ id: String(me.id), name: me.name ?? null, email: me.email ?? null }),
 * });
 * ```
 */
export default function OAuth<P extends Profile = Profile>(
  options: OAuthUserConfig<P> & { id: string; name: string },
): OAuth2Config<P> {
  return withOAuthFlow<OAuth2Config<P>, P>({ ...options, type: "oauth" });
}
