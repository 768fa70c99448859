import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The profile Facebook returns. */
export interface FacebookProfile extends Record<string, unknown> {
  id: string;
  name?: string;
  email?: string;
  picture?: { data?: { url?: string } };
}

/**
 * Facebook Login.
 * Client id and secret default to AUTH_FACEBOOK_ID and AUTH_FACEBOOK_SECRET.
 *
 * @example
 * ```ts
 * import Facebook from "latchkey/providers/facebook";
 *
 * const provider = Facebook({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Facebook(
  options: OAuthUserConfig<FacebookProfile> = {},
): OAuth2Config<FacebookProfile> {
  return catalogueProvider<OAuth2Config<FacebookProfile>, FacebookProfile>(
    {
      id: "facebook",
      name: "Facebook",
      type: "oauth",
      authorization: { url: "https://www.facebook.com/v19.0/dialog/oauth", params: { scope: "email" } },
      token: "https://graph.facebook.com/v19.0/oauth/access_token",
      userinfo: { url: "https://graph.facebook.com/me", params: { fields: "id,name,email,picture" } },
      profile: (profile) => ({
        id: profile.id,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: profile.picture?.data?.url ?? null,
      }),
      style: { brandColor: "#1877f2" },
    },
    options,
  );
}
