import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** What FACEIT's userinfo endpoint returns (the fields latchkey reads). */
export interface FaceitProfile extends Record<string, unknown> {
  guid: string;
  nickname?: string;
  email?: string;
  picture?: string;
}

/**
 * FACEIT Connect.
 * Client id and secret default to AUTH_FACEIT_ID and AUTH_FACEIT_SECRET.
 *
 * @example
 * ```ts
 * import FACEIT from "latchkey/providers/faceit";
 *
 * const provider = FACEIT({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function FACEIT(options: OAuthUserConfig<FaceitProfile> = {}): OAuth2Config<FaceitProfile> {
  return catalogueProvider<OAuth2Config<FaceitProfile>, FaceitProfile>(
    {
      id: "faceit",
      name: "FACEIT",
      type: "oauth",
      authorization: "https://accounts.faceit.com/accounts?redirect_popup=true",
      token: "https://api.faceit.com/auth/v1/oauth/token",
      userinfo: "https://api.faceit.com/auth/v1/resources/userinfo",
      profile: (profile) => ({
        id: profile.guid,
        name: profile.nickname ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: { brandColor: "#ff5500" },
    },
    options,
  );
}
