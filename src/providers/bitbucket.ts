import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The profile Bitbucket returns. */
export interface BitbucketProfile extends Record<string, unknown> {
  uuid: string;
  display_name?: string;
  username?: string;
  links?: { avatar?: { href?: string } };
}

/**
 * Bitbucket Cloud. Its user API carries no e-mail address.
 * Client id and secret default to AUTH_BITBUCKET_ID and AUTH_BITBUCKET_SECRET.
 *
 * @example
 * ```ts
 * import Bitbucket from "latchkey/providers/bitbucket";
 *
 * const provider = Bitbucket({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Bitbucket(
  options: OAuthUserConfig<BitbucketProfile> = {},
): OAuth2Config<BitbucketProfile> {
  return catalogueProvider<OAuth2Config<BitbucketProfile>, BitbucketProfile>(
    {
      id: "bitbucket",
      name: "Bitbucket",
      type: "oauth",
      authorization: { url: "https://bitbucket.org/site/oauth2/authorize", params: { scope: "account" } },
      token: "https://bitbucket.org/site/oauth2/access_token",
      userinfo: "https://api.bitbucket.org/2.0/user",
      profile: (profile) => ({
        id: profile.uuid,
        name: profile.display_name ?? profile.username ?? null,
        email: null,
        image: profile.links?.avatar?.href ?? null,
      }),
      style: { brandColor: "#205081" },
    },
    options,
  );
}
