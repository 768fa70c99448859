import { fetchProviderJson, withBearerTokenType, withQuery } from "../core/provider-http.js";
import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** What Foursquare's `GET /v2/users/self` returns: the user under `response.user`. */
export interface FoursquareProfile extends Record<string, unknown> {
  response: {
    user: {
      id: string;
      firstName?: string;
      lastName?: string;
      contact?: { email?: string };
      photo?: { prefix: string; suffix: string };
    };
  };
}

export interface FoursquareOptions extends OAuthUserConfig<FoursquareProfile> {
  /** The API version date (`v`, YYYYMMDD) every Foursquare v2 call carries. Default `20230601`. */
  apiVersion?: string;
}

/**
 * Foursquare. Its v2 API takes the token as the `oauth_token` query parameter with a version date
 * `v`, and its token response has no `token_type`.
 * Client id and secret default to AUTH_FOURSQUARE_ID and AUTH_FOURSQUARE_SECRET.
 *
 * @example
 * ```ts
 * import Foursquare from "latchkey/providers/foursquare";
 *
 * const provider = Foursquare({ clientId: "client-id", clientSecret: "client-secret", apiVersion: "20230601" });
 * ```
 */
export default function Foursquare(options: FoursquareOptions = {}): OAuth2Config<FoursquareProfile> {
  const { apiVersion = "20230601", ...rest } = options;
  const self = "https://api.foursquare.com/v2/users/self";
  return catalogueProvider<OAuth2Config<FoursquareProfile>, FoursquareProfile>(
    {
      id: "foursquare",
      name: "Foursquare",
      type: "oauth",
      authorization: "https://foursquare.com/oauth2/authenticate",
      token: {
        url: "https://foursquare.com/oauth2/access_token",
        conform: (response) => withBearerTokenType(response),
      },
      userinfo: {
        url: self,
        request: async ({ tokens }) =>
          (await fetchProviderJson(
            withQuery(self, { oauth_token: String(tokens.access_token), v: apiVersion }),
          )) as FoursquareProfile,
      },
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: ({ response: { user } }) => ({
        id: user.id,
        name: [user.firstName, user.lastName].filter(Boolean).join(" ") || null,
        email: user.contact?.email ?? null,
        image: user.photo ? `${user.photo.prefix}original${user.photo.suffix}` : null,
      }),
      style: { brandColor: "#3333ff" },
    },
    rest,
  );
}
