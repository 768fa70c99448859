import { standardClaimsUser } from "../core/provider-defaults.js";
import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The ID-token claims Ory Hydra issues for `openid profile email`. */
export interface OryHydraProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  preferred_username?: string;
  email?: string;
  picture?: string;
}

/**
 * Ory Hydra, by OpenID Connect discovery. `issuer` is your Ory Hydra (or Ory Network project) public URL, or AUTH_ORY_HYDRA_ISSUER.
 * Client id and secret default to AUTH_ORY_HYDRA_ID and AUTH_ORY_HYDRA_SECRET.
 *
 * @example
 * ```ts
 * import OryHydra from "latchkey/providers/ory-hydra";
 *
 * const provider = OryHydra({ clientId: "client-id", clientSecret: "client-secret", issuer: "https://auth.example.com" });
 * ```
 */
export default function OryHydra(options: OIDCUserConfig<OryHydraProfile> = {}): OIDCConfig<OryHydraProfile> {
  return catalogueProvider<OIDCConfig<OryHydraProfile>, OryHydraProfile>(
    {
      id: "ory-hydra",
      name: "Ory Hydra",
      type: "oidc",
      profile: standardClaimsUser,
      style: { brandColor: "#5528ff" },
    },
    options,
  );
}
