import { withOAuthFlow } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig, Profile } from "./types.js";

/**
 * Any OpenID Connect provider, found by discovery from its `issuer`. The profile is the verified ID
 * token's claims: `sub`, `name`, `email`, `picture`.
 *
 * @example
 * ```ts
 * import OIDC from "latchkey/providers/oidc";
 *
 * OIDC({ id: "corp", name: "Corp SSO", issuer: "https://sso.example.com", clientId: "app", clientSecret: "secret" });
 * ```
 */
export default function OIDC<P extends Profile = Profile>(
  options: OIDCUserConfig<P> & { id: string; name: string },
): OIDCConfig<P> {
  return withOAuthFlow<OIDCConfig<P>, P>({ ...options, type: "oidc" });
}
