import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The person Webex's `GET /v1/people/me` returns (the fields latchkey reads). */
export interface WebexProfile extends Record<string, unknown> {
  id: string;
  emails: string[];
  displayName?: string;
  avatar?: string;
}

export interface WebexOptions extends OAuthUserConfig<WebexProfile> {
  /** The Webex API's base URL. Default `https://webexapis.com/v1`. */
  apiBaseUrl?: string;
}

/**
 * Webex. `spark:people_read` gives the user's identity; `spark:kms` is required by Webex for
 * every integration.
 * Client id and secret default to AUTH_WEBEX_ID and AUTH_WEBEX_SECRET.
 *
 * @example
 * ```ts
 * import Webex from "latchkey/providers/webex";
 *
 * const provider = Webex({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Webex(options: WebexOptions = {}): OAuth2Config<WebexProfile> {
  const { apiBaseUrl = "https://webexapis.com/v1", ...rest } = options;
  const api = apiBaseUrl.replace(/\/+$/, "");
  return catalogueProvider<OAuth2Config<WebexProfile>, WebexProfile>(
    {
      id: "webex",
      name: "Webex",
      type: "oauth",
      authorization: { url: `${api}/authorize`, params: { scope: "spark:kms spark:people_read" } },
      token: `${api}/access_token`,
      userinfo: `${api}/people/me`,
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: profile.id,
        name: profile.displayName ?? null,
        email: profile.emails?.[0] ?? null,
        image: profile.avatar ?? null,
      }),
      style: { brandColor: "#07c1e4" },
    },
    rest,
  );
}
