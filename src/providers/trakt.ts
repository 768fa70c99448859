import { fetchProviderJson } from "../core/provider-http.js";
import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The user Trakt's `GET /users/me?extended=full` returns (the fields latchkey reads). */
export interface TraktUser extends Record<string, unknown> {
  username: string;
  name?: string;
  ids: { slug: string };
  images?: { avatar?: { full?: string } };
}

const ME = "https://api.trakt.tv/users/me?extended=full";

/**
 * Trakt. Every Trakt API call names the API version and the app's client id in headers
 * (`trakt-api-version: 2`, `trakt-api-key`). Trakt shares no e-mail address.
 * Client id and secret default to AUTH_TRAKT_ID and AUTH_TRAKT_SECRET.
 *
 * @example
 * ```ts
 * import Trakt from "latchkey/providers/trakt";
 *
 * const provider = Trakt({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Trakt(options: OAuthUserConfig<TraktUser> = {}): OAuth2Config<TraktUser> {
  return catalogueProvider<OAuth2Config<TraktUser>, TraktUser>(
    {
      id: "trakt",
      name: "Trakt",
      type: "oauth",
      authorization: "https://trakt.tv/oauth/authorize",
      token: "https://api.trakt.tv/oauth/token",
      userinfo: {
        url: ME,
        request: async ({ tokens, provider }) =>
          (await fetchProviderJson(ME, {
            authorization: `Bearer ${tokens.access_token}`,
            "trakt-api-version": "2",
            "trakt-api-key": String(provider.clientId),
          })) as TraktUser,
      },
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: profile.ids.slug,
        name: profile.name || profile.username,
        email: null,
        image: profile.images?.avatar?.full ?? null,
      }),
      style: { brandColor: "#ed1c24" },
    },
    options,
  );
}
