import { standardClaimsUser } from "../core/provider-defaults.js";
import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The ID-token claims United Effects issues for `openid profile email`. */
export interface UnitedEffectsProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  preferred_username?: string;
  email?: string;
  picture?: string;
}

/**
 * United Effects, by OpenID Connect discovery. `issuer` is your authentication group's issuer (`https://auth.unitedeffects.com/<auth group id>`), or AUTH_UNITED_EFFECTS_ISSUER.
 * Client id and secret default to AUTH_UNITED_EFFECTS_ID and AUTH_UNITED_EFFECTS_SECRET.
 *
 * @example
 * ```ts
 * import UnitedEffects from "latchkey/providers/united-effects";
 *
 * const provider = UnitedEffects({ clientId: "client-id", clientSecret: "client-secret", issuer: "https://auth.unitedeffects.com/group-id" });
 * ```
 */
export default function UnitedEffects(
  options: OIDCUserConfig<UnitedEffectsProfile> = {},
): OIDCConfig<UnitedEffectsProfile> {
  return catalogueProvider<OIDCConfig<UnitedEffectsProfile>, UnitedEffectsProfile>(
    {
      id: "united-effects",
      name: "United Effects",
      type: "oidc",
      profile: standardClaimsUser,
      style: { brandColor: "#000000" },
    },
    options,
  );
}
