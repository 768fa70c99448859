import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The user WordPress.com's `GET /rest/v1/me` returns (the fields latchkey reads). */
export interface WordPressProfile extends Record<string, unknown> {
  ID: number;
  username?: string;
  display_name?: string;
  email?: string;
  avatar_URL?: string;
  email_verified?: boolean;
}

/**
 * WordPress.com.
 * Client id and secret default to AUTH_WORDPRESS_ID and AUTH_WORDPRESS_SECRET.
 *
 * @example
 * ```ts
 * import WordPress from "latchkey/providers/wordpress";
 *
 * const provider = WordPress({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function WordPress(
  options: OAuthUserConfig<WordPressProfile> = {},
): OAuth2Config<WordPressProfile> {
  return catalogueProvider<OAuth2Config<WordPressProfile>, WordPressProfile>(
    {
      id: "wordpress",
      name: "WordPress.com",
      type: "oauth",
      authorization: { url: "https://public-api.wordpress.com/oauth2/authorize", params: { scope: "auth" } },
      token: "https://public-api.wordpress.com/oauth2/token",
      userinfo: "https://public-api.wordpress.com/rest/v1/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: String(profile.ID),
        name: profile.display_name ?? profile.username ?? null,
        email: profile.email ?? null,
        image: profile.avatar_URL ?? null,
      }),
      style: { brandColor: "#3499cd" },
    },
    options,
  );
}
