import { standardClaimsUser } from "../core/provider-defaults.js";
import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The ID-token claims OneLogin issues for `openid profile email`. */
export interface OneLoginProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  preferred_username?: string;
  email?: string;
  picture?: string;
}

/**
 * OneLogin, by OpenID Connect discovery. `issuer` is your OneLogin subdomain's OpenID Connect issuer (`https://<subdomain>.onelogin.com/oidc/2`), or AUTH_ONELOGIN_ISSUER.
 * Client id and secret default to AUTH_ONELOGIN_ID and AUTH_ONELOGIN_SECRET.
 *
 * @example
 * ```ts
 * import OneLogin from "latchkey/providers/onelogin";
 *
 * const provider = OneLogin({ clientId: "client-id", clientSecret: "client-secret", issuer: "https://example.onelogin.com/oidc/2" });
 * ```
 */
export default function OneLogin(options: OIDCUserConfig<OneLoginProfile> = {}): OIDCConfig<OneLoginProfile> {
  return catalogueProvider<OIDCConfig<OneLoginProfile>, OneLoginProfile>(
    {
      id: "onelogin",
      name: "OneLogin",
      type: "oidc",
      profile: standardClaimsUser,
      style: { brandColor: "#1c1f2a" },
    },
    options,
  );
}
