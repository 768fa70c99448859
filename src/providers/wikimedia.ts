import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The profile Wikimedia's OAuth 2.0 `resource/profile` endpoint returns (the fields latchkey reads). */
export interface WikimediaProfile extends Record<string, unknown> {
  sub: string;
  username: string;
  realname?: string;
  email?: string;
  confirmed_email?: boolean;
  blocked?: boolean;
}

const REST = "https://meta.wikimedia.org/w/rest.php/oauth2";

/**
 * Wikimedia (Wikipedia and its sister projects), through the OAuth 2.0 extension on Meta-Wiki.
 * Register a consumer with "User identity verification only, with access to real name and email
 * address" to receive `email` and `realname`.
 * Client id and secret default to AUTH_WIKIMEDIA_ID and AUTH_WIKIMEDIA_SECRET.
 *
 * @example
 * ```ts
 * import Wikimedia from "latchkey/providers/wikimedia";
 *
 * const provider = Wikimedia({ clientId: "consumer-key", clientSecret: "consumer-secret" });
 * ```
 */
export default function Wikimedia(
  options: OAuthUserConfig<WikimediaProfile> = {},
): OAuth2Config<WikimediaProfile> {
  return catalogueProvider<OAuth2Config<WikimediaProfile>, WikimediaProfile>(
    {
      id: "wikimedia",
      name: "Wikimedia",
      type: "oauth",
      authorization: `${REST}/authorize`,
      token: `${REST}/access_token`,
      userinfo: `${REST}/resource/profile`,
      profile: (profile) => ({
        id: String(profile.sub),
        name: profile.username,
        email: profile.email ?? null,
        image: null,
      }),
      style: { brandColor: "#000000" },
    },
    options,
  );
}
