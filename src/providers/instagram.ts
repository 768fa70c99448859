import { fetchProviderJson, withBearerTokenType, withQuery } from "../core/provider-http.js";
import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** What Instagram's `GET /me` returns for the fields latchkey asks for. */
export interface InstagramProfile extends Record<string, unknown> {
  id: string;
  username: string;
  name?: string;
  profile_picture_url?: string;
}

const ME = "https://graph.instagram.com/me";

/**
 * Instagram (the Instagram API with Instagram Login). Instagram shares no e-mail address; its
 * token response carries no `token_type` and, in its newer form, wraps the token in `data`.
 * Client id and secret default to AUTH_INSTAGRAM_ID and AUTH_INSTAGRAM_SECRET.
 *
 * @example
 * ```ts
 * import Instagram from "latchkey/providers/instagram";
 *
 * const provider = Instagram({ clientId: "app-id", clientSecret: "app-secret" });
 * ```
 */
export default function Instagram(
  options: OAuthUserConfig<InstagramProfile> = {},
): OAuth2Config<InstagramProfile> {
  return catalogueProvider<OAuth2Config<InstagramProfile>, InstagramProfile>(
    {
      id: "instagram",
      name: "Instagram",
      type: "oauth",
      authorization: {
        url: "https://www.instagram.com/oauth/authorize",
        params: { scope: "instagram_business_basic" },
      },
      token: {
        url: "https://api.instagram.com/oauth/access_token",
        conform: (response) =>
          withBearerTokenType(response, (body) =>
            Array.isArray(body.data) ? (body.data[0] as Record<string, unknown>) : body,
          ),
      },
      userinfo: {
        url: ME,
        request: async ({ tokens }) =>
          (await fetchProviderJson(
            withQuery(ME, {
              fields: "id,username,name,profile_picture_url",
              access_token: String(tokens.access_token),
            }),
          )) as InstagramProfile,
      },
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: profile.id,
        name: profile.name || profile.username,
        email: null,
        image: profile.profile_picture_url ?? null,
      }),
      style: { brandColor: "#e1306c" },
    },
    options,
  );
}
