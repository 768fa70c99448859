import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The ID-token claims an IdentityServer4 issues for the `openid profile email` scopes. */
export interface IdentityServer4Profile extends Record<string, unknown> {
  sub: string;
  name?: string;
  email?: string;
  picture?: string;
}

/**
 * IdentityServer4, found by discovery from `issuer` (your server's URL), or AUTH_IDENTITY_SERVER4_ISSUER.
 * Client id and secret default to AUTH_IDENTITY_SERVER4_ID and AUTH_IDENTITY_SERVER4_SECRET.
 *
 * @example
 * ```ts
 * import IdentityServer4 from "latchkey/providers/identity-server4";
 *
 * const provider = IdentityServer4({ clientId: "client-id", clientSecret: "client-secret", issuer: "https://id.example.com" });
 * ```
 */
export default function IdentityServer4(
  options: OIDCUserConfig<IdentityServer4Profile> = {},
): OIDCConfig<IdentityServer4Profile> {
  return catalogueProvider<OIDCConfig<IdentityServer4Profile>, IdentityServer4Profile>(
    {
      id: "identity-server4",
      name: "IdentityServer4",
      type: "oidc",
      style: { brandColor: "#4a90d9" },
    },
    options,
  );
}
