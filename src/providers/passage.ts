import { standardClaimsUser } from "../core/provider-defaults.js";
import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The ID-token claims Passage issues for `openid profile email`. */
export interface PassageProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  preferred_username?: string;
  email?: string;
  picture?: string;
}

/**
 * Passage, by OpenID Connect discovery. `issuer` is your Passage app's issuer (`https://auth.passage.id/v1/apps/<app id>`), or AUTH_PASSAGE_ISSUER.
 * Client id and secret default to AUTH_PASSAGE_ID and AUTH_PASSAGE_SECRET.
 *
 * @example
 * ```ts
 * import Passage from "latchkey/providers/passage";
 *
 * const provider = Passage({ clientId: "client-id", clientSecret: "client-secret", issuer: "https://auth.passage.id/v1/apps/app-id" });
 * ```
 */
export default function Passage(options: OIDCUserConfig<PassageProfile> = {}): OIDCConfig<PassageProfile> {
  return catalogueProvider<OIDCConfig<PassageProfile>, PassageProfile>(
    {
      id: "passage",
      name: "Passage",
      type: "oidc",
      profile: standardClaimsUser,
      style: { brandColor: "#000000" },
    },
    options,
  );
}
