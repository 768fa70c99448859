import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** What EVE SSO's `GET /oauth/verify` returns for the signed-in character. */
export interface EVEOnlineProfile extends Record<string, unknown> {
  CharacterID: number;
  CharacterName: string;
  ExpiresOn?: string;
  Scopes?: string;
  TokenType?: string;
  CharacterOwnerHash?: string;
}

/**
 * EVE Online (EVE SSO v2). The user is the character chosen at sign-in; EVE shares no e-mail
 * address, and portraits come from EVE's image server.
 * Client id and secret default to AUTH_EVEONLINE_ID and AUTH_EVEONLINE_SECRET.
 *
 * @example
 * ```ts
 * import EVEOnline from "latchkey/providers/eveonline";
 *
 * const provider = EVEOnline({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function EVEOnline(
  options: OAuthUserConfig<EVEOnlineProfile> = {},
): OAuth2Config<EVEOnlineProfile> {
  return catalogueProvider<OAuth2Config<EVEOnlineProfile>, EVEOnlineProfile>(
    {
      id: "eveonline",
      name: "EVE Online",
      type: "oauth",
      authorization: {
        url: "https://login.eveonline.com/v2/oauth/authorize",
        params: { scope: "publicData" },
      },
      token: "https://login.eveonline.com/v2/oauth/token",
      userinfo: "https://login.eveonline.com/oauth/verify",
      profile: (profile) => ({
        id: String(profile.CharacterID),
        name: profile.CharacterName,
        email: null,
        image: `https://images.evetech.net/characters/${profile.CharacterID}/portrait?size=128`,
      }),
      style: { brandColor: "#1b1b1b" },
    },
    options,
  );
}
