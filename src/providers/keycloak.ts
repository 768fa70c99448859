import { standardClaimsUser } from "../core/provider-defaults.js";
import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The profile Keycloak returns. */
export interface KeycloakProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
}

/**
 * Keycloak. `issuer` is the realm's URL (`https://<host>/realms/<realm>`), or AUTH_KEYCLOAK_ISSUER.
 * Client id and secret default to AUTH_KEYCLOAK_ID and AUTH_KEYCLOAK_SECRET.
 *
 * @example
 * ```ts
 * import Keycloak from "latchkey/providers/keycloak";
 *
 * const provider = Keycloak({ clientId: "client-id", clientSecret: "client-secret", issuer: "https://example.com" });
 * ```
 */
export default function Keycloak(options: OIDCUserConfig<KeycloakProfile> = {}): OIDCConfig<KeycloakProfile> {
  return catalogueProvider<OIDCConfig<KeycloakProfile>, KeycloakProfile>(
    {
      id: "keycloak",
      name: "Keycloak",
      type: "oidc",

      profile: standardClaimsUser,
      style: { brandColor: "#4d4d4d" },
    },
    options,
  );
}
