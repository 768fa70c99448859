import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The profile X (Twitter) returns. */
export interface TwitterProfile extends Record<string, unknown> {
  data: { id: string; name?: string; username?: string; profile_image_url?: string };
}

/**
 * X (Twitter), OAuth 2.0 with PKCE. X shares no e-mail address through this API.
 * Client id and secret default to AUTH_TWITTER_ID and AUTH_TWITTER_SECRET.
 *
 * @example
 * ```ts
 * import Twitter from "latchkey/providers/twitter";
 *
 * const provider = Twitter({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Twitter(options: OAuthUserConfig<TwitterProfile> = {}): OAuth2Config<TwitterProfile> {
  return catalogueProvider<OAuth2Config<TwitterProfile>, TwitterProfile>(
    {
      id: "twitter",
      name: "X (Twitter)",
      type: "oauth",
      authorization: {
        url: "https://x.com/i/oauth2/authorize",
        params: { scope: "users.read tweet.read offline.access" },
      },
      token: "https://api.x.com/2/oauth2/token",
      userinfo: { url: "https://api.x.com/2/users/me", params: { "user.fields": "profile_image_url" } },
      // X's OAuth 2.0 requires PKCE and a state parameter on every authorization request.
      checks: ["pkce", "state"],
      profile: (profile) => ({
        id: profile.data.id,
        name: profile.data.name ?? profile.data.username ?? null,
        email: null,
        image: profile.data.profile_image_url ?? null,
      }),
      style: { brandColor: "#000000" },
    },
    options,
  );
}
