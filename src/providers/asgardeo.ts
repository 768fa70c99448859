import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The ID-token claims Asgardeo issues for `openid profile email`. */
export interface AsgardeoProfile extends Record<string, unknown> {
  sub: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  picture?: string;
}

/**
 * Asgardeo (WSO2), by OpenID Connect discovery. `issuer` is your organization's token endpoint
 * as Asgardeo names it, `https://api.asgardeo.io/t/<organization>/oauth2/token`, or
 * AUTH_ASGARDEO_ISSUER.
 * Client id and secret default to AUTH_ASGARDEO_ID and AUTH_ASGARDEO_SECRET.
 *
 * @example
 * ```ts
 * import Asgardeo from "latchkey/providers/asgardeo";
 *
 * const provider = Asgardeo({
 *   clientId: "client-id",
 *   clientSecret: "client-secret",
 *   issuer: "https://api.asgardeo.io/t/example/oauth2/token",
 * });
 * ```
 */
export default function Asgardeo(options: OIDCUserConfig<AsgardeoProfile> = {}): OIDCConfig<AsgardeoProfile> {
  return catalogueProvider<OIDCConfig<AsgardeoProfile>, AsgardeoProfile>(
    {
      id: "asgardeo",
      name: "Asgardeo",
      type: "oidc",
      profile: (profile) => ({
        id: profile.sub,
        name: [profile.given_name, profile.family_name].filter(Boolean).join(" ") || null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: { brandColor: "#ff7300" },
    },
    options,
  );
}
