import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The claims Roblox issues for `openid profile`. */
export interface RobloxProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  nickname?: string;
  preferred_username?: string;
  picture?: string;
}

/**
 * Roblox, by OpenID Connect discovery from `https://apis.roblox.com/oauth/`. Roblox shares no
 * e-mail address.
 * Client id and secret default to AUTH_ROBLOX_ID and AUTH_ROBLOX_SECRET.
 *
 * @example
 * ```ts
 * import Roblox from "latchkey/providers/roblox";
 *
 * const provider = Roblox({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Roblox(options: OIDCUserConfig<RobloxProfile> = {}): OIDCConfig<RobloxProfile> {
  return catalogueProvider<OIDCConfig<RobloxProfile>, RobloxProfile>(
    {
      id: "roblox",
      name: "Roblox",
      type: "oidc",
      issuer: "https://apis.roblox.com/oauth/",
      authorization: { params: { scope: "openid profile" } },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.nickname ?? profile.name ?? profile.preferred_username ?? null,
        email: null,
        image: profile.picture ?? null,
      }),
      style: { brandColor: "#000000" },
    },
    options,
  );
}
