import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The claims Kinde issues for `openid profile email`. */
export interface KindeProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  picture?: string;
}

/**
 * Kinde, by OpenID Connect discovery. `issuer` is your Kinde domain (`https://<business>.kinde.com`),
 * or AUTH_KINDE_ISSUER.
 * Client id and secret default to AUTH_KINDE_ID and AUTH_KINDE_SECRET.
 *
 * @example
 * ```ts
 * import Kinde from "latchkey/providers/kinde";
 *
 * const provider = Kinde({ clientId: "client-id", clientSecret: "client-secret", issuer: "https://example.kinde.com" });
 * ```
 */
export default function Kinde(options: OIDCUserConfig<KindeProfile> = {}): OIDCConfig<KindeProfile> {
  return catalogueProvider<OIDCConfig<KindeProfile>, KindeProfile>(
    {
      id: "kinde",
      name: "Kinde",
      type: "oidc",
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? ([profile.given_name, profile.family_name].filter(Boolean).join(" ") || null),
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: { brandColor: "#000000" },
    },
    options,
  );
}
