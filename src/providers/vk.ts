import { fetchProviderJson, withBearerTokenType, withQuery } from "../core/provider-http.js";
import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** What VK's `users.get` returns, with the e-mail VK sends beside the access token. */
export interface VkProfile extends Record<string, unknown> {
  response: Array<{ id: number; first_name?: string; last_name?: string; photo_100?: string }>;
  email?: string;
}

/** The VK API version latchkey asks for (VK requires `v` on every method call). */
const API_VERSION = "5.199";

/**
 * VK. The e-mail address comes in VK's token response (scope `email`), not from its API.
 * Client id and secret default to AUTH_VK_ID and AUTH_VK_SECRET.
 *
 * @example
 * ```ts
 * import VK from "latchkey/providers/vk";
 *
 * const provider = VK({ clientId: "app-id", clientSecret: "secure-key" });
 * ```
 */
export default function VK(options: OAuthUserConfig<VkProfile> = {}): OAuth2Config<VkProfile> {
  const usersGet = withQuery("https://api.vk.com/method/users.get", { fields: "photo_100", v: API_VERSION });
  return catalogueProvider<OAuth2Config<VkProfile>, VkProfile>(
    {
      id: "vk",
      name: "VK",
      type: "oauth",
      authorization: { url: "https://oauth.vk.com/authorize", params: { scope: "email", v: API_VERSION } },
      // VK's token response carries no token_type.
      token: {
        url: "https://oauth.vk.com/access_token",
        conform: (response) => withBearerTokenType(response),
      },
      userinfo: {
        url: usersGet,
        request: async ({ tokens }) => {
          const users = (await fetchProviderJson(
            withQuery(usersGet, { access_token: String(tokens.access_token) }),
          )) as VkProfile;
          return { ...users, ...(typeof tokens.email === "string" ? { email: tokens.email } : {}) };
        },
      },
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => {
        const user = profile.response?.[0];
        // VK answers a refused call with 200 and `error` instead of `response`.
        if (!user) throw new Error("VK's users.get returned no user");
        return {
          id: String(user.id),
          name: [user.first_name, user.last_name].filter(Boolean).join(" ") || null,
          email: profile.email ?? null,
          image: user.photo_100 ?? null,
        };
      },
      style: { brandColor: "#0077ff" },
    },
    options,
  );
}
