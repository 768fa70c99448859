import { fetchProviderJson } from "../core/provider-http.js";
import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The user Zoho's `GET /oauth/user/info` returns. */
export interface ZohoProfile extends Record<string, unknown> {
  ZUID: number;
  Display_Name?: string;
  First_Name?: string;
  Last_Name?: string;
  Email?: string;
}

const USER_INFO = "https://accounts.zoho.com/oauth/user/info";

/**
 * Zoho (the US data centre, `accounts.zoho.com`; override the three endpoints for another, e.g.
 * `accounts.zoho.eu`). Zoho's APIs take the token as `Authorization: Zoho-oauthtoken <token>`.
 * Client id and secret default to AUTH_ZOHO_ID and AUTH_ZOHO_SECRET.
 *
 * @example
 * ```ts
 * import Zoho from "latchkey/providers/zoho";
 *
 * const provider = Zoho({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Zoho(options: OAuthUserConfig<ZohoProfile> = {}): OAuth2Config<ZohoProfile> {
  return catalogueProvider<OAuth2Config<ZohoProfile>, ZohoProfile>(
    {
      id: "zoho",
      name: "Zoho",
      type: "oauth",
      authorization: {
        url: "https://accounts.zoho.com/oauth/v2/auth",
        params: { scope: "AaaServer.profile.Read" },
      },
      token: "https://accounts.zoho.com/oauth/v2/token",
      userinfo: {
        url: USER_INFO,
        // The URL the app set for another data centre (`userinfo: { url }`), else the US one.
        request: async ({ tokens, provider }) => {
          const url =
            typeof provider.userinfo === "object" ? (provider.userinfo.url ?? USER_INFO) : USER_INFO;
          return (await fetchProviderJson(url, {
            authorization: `Zoho-oauthtoken ${tokens.access_token}`,
          })) as ZohoProfile;
        },
      },
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: String(profile.ZUID),
        name:
          profile.Display_Name ?? ([profile.First_Name, profile.Last_Name].filter(Boolean).join(" ") || null),
        email: profile.Email ?? null,
        image: null,
      }),
      style: { brandColor: "#e42527" },
    },
    options,
  );
}
