import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The account Pinterest's `GET /v5/user_account` returns (the fields latchkey reads). */
export interface PinterestProfile extends Record<string, unknown> {
  id?: string;
  username: string;
  business_name?: string | null;
  profile_image?: string;
}

/**
 * Pinterest (API v5). Pinterest shares no e-mail address.
 * Client id (the app id) and secret default to AUTH_PINTEREST_ID and AUTH_PINTEREST_SECRET.
 *
 * @example
 * ```ts
 * import Pinterest from "latchkey/providers/pinterest";
 *
 * const provider = Pinterest({ clientId: "app-id", clientSecret: "app-secret" });
 * ```
 */
export default function Pinterest(
  options: OAuthUserConfig<PinterestProfile> = {},
): OAuth2Config<PinterestProfile> {
  return catalogueProvider<OAuth2Config<PinterestProfile>, PinterestProfile>(
    {
      id: "pinterest",
      name: "Pinterest",
      type: "oauth",
      authorization: { url: "https://www.pinterest.com/oauth", params: { scope: "user_accounts:read" } },
      token: "https://api.pinterest.com/v5/oauth/token",
      userinfo: "https://api.pinterest.com/v5/user_account",
      profile: (profile) => ({
        id: profile.id ?? profile.username,
        name: profile.business_name || profile.username,
        email: null,
        image: profile.profile_image ?? null,
      }),
      style: { brandColor: "#e60023" },
    },
    options,
  );
}
