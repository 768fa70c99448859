import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** What FreshBooks' `GET /auth/api/v1/users/me` returns: the identity under `response`. */
export interface FreshbooksProfile extends Record<string, unknown> {
  response: {
    id: number;
    first_name?: string;
    last_name?: string;
    email?: string;
  };
}

/**
 * FreshBooks.
 * Client id and secret default to AUTH_FRESHBOOKS_ID and AUTH_FRESHBOOKS_SECRET.
 *
 * @example
 * ```ts
 * import Freshbooks from "latchkey/providers/freshbooks";
 *
 * const provider = Freshbooks({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Freshbooks(
  options: OAuthUserConfig<FreshbooksProfile> = {},
): OAuth2Config<FreshbooksProfile> {
  return catalogueProvider<OAuth2Config<FreshbooksProfile>, FreshbooksProfile>(
    {
      id: "freshbooks",
      name: "FreshBooks",
      type: "oauth",
      authorization: "https://auth.freshbooks.com/oauth/authorize",
      token: "https://api.freshbooks.com/auth/oauth/token",
      userinfo: "https://api.freshbooks.com/auth/api/v1/users/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: ({ response }) => ({
        id: String(response.id),
        name: [response.first_name, response.last_name].filter(Boolean).join(" ") || null,
        email: response.email ?? null,
        image: null,
      }),
      style: { brandColor: "#0075dd" },
    },
    options,
  );
}
