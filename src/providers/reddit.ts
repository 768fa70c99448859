import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The profile Reddit returns. */
export interface RedditProfile extends Record<string, unknown> {
  id: string;
  name: string;
  icon_img?: string;
}

/**
 * Reddit. Reddit shares no e-mail address.
 * Client id and secret default to AUTH_REDDIT_ID and AUTH_REDDIT_SECRET.
 *
 * @example
 * ```ts
 * import Reddit from "latchkey/providers/reddit";
 *
 * const provider = Reddit({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Reddit(options: OAuthUserConfig<RedditProfile> = {}): OAuth2Config<RedditProfile> {
  return catalogueProvider<OAuth2Config<RedditProfile>, RedditProfile>(
    {
      id: "reddit",
      name: "Reddit",
      type: "oauth",
      authorization: {
        url: "https://www.reddit.com/api/v1/authorize",
        params: { scope: "identity", duration: "permanent" },
      },
      token: "https://www.reddit.com/api/v1/access_token",
      userinfo: "https://oauth.reddit.com/api/v1/me",
      profile: (profile) => ({
        id: profile.id,
        name: profile.name,
        email: null,
        image: profile.icon_img ? (profile.icon_img.split("?")[0] ?? null) : null,
      }),
      style: { brandColor: "#ff4500" },
    },
    options,
  );
}
