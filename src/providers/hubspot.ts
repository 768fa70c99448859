import { fetchProviderJson } from "../core/provider-http.js";
import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** What HubSpot's access-token metadata endpoint returns (the fields latchkey reads). */
export interface HubSpotProfile extends Record<string, unknown> {
  /** The e-mail address of the user who installed the app. */
  user: string;
  user_id: number;
  hub_id: number;
  hub_domain?: string;
}

const TOKEN_INFO = "https://api.hubapi.com/oauth/v1/access-tokens";

/**
 * HubSpot. HubSpot has no user endpoint: the signed-in user is read from the access token's
 * metadata (`GET /oauth/v1/access-tokens/<token>`).
 * Client id and secret default to AUTH_HUBSPOT_ID and AUTH_HUBSPOT_SECRET.
 *
 * @example
 * ```ts
 * import HubSpot from "latchkey/providers/hubspot";
 *
 * const provider = HubSpot({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function HubSpot(options: OAuthUserConfig<HubSpotProfile> = {}): OAuth2Config<HubSpotProfile> {
  return catalogueProvider<OAuth2Config<HubSpotProfile>, HubSpotProfile>(
    {
      id: "hubspot",
      name: "HubSpot",
      type: "oauth",
      authorization: { url: "https://app.hubspot.com/oauth/authorize", params: { scope: "oauth" } },
      token: "https://api.hubapi.com/oauth/v1/token",
      userinfo: {
        url: TOKEN_INFO,
        request: async ({ tokens }) =>
          (await fetchProviderJson(
            `${TOKEN_INFO}/${encodeURIComponent(String(tokens.access_token))}`,
          )) as HubSpotProfile,
      },
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: String(profile.user_id),
        name: profile.user,
        email: profile.user,
        image: null,
      }),
      style: { brandColor: "#ff7a59" },
    },
    options,
  );
}
