import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** What the Concept2 Logbook's `GET /api/users/me` returns: the user under `data`. */
export interface Concept2Profile extends Record<string, unknown> {
  data: {
    id: number;
    username: string;
    first_name?: string;
    last_name?: string;
    email?: string;
    profile_image?: string;
  };
}

/**
 * Concept2 Logbook.
 * Client id and secret default to AUTH_CONCEPT2_ID and AUTH_CONCEPT2_SECRET.
 *
 * @example
 * ```ts
 * import Concept2 from "latchkey/providers/concept2";
 *
 * const provider = Concept2({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Concept2(
  options: OAuthUserConfig<Concept2Profile> = {},
): OAuth2Config<Concept2Profile> {
  return catalogueProvider<OAuth2Config<Concept2Profile>, Concept2Profile>(
    {
      id: "concept2",
      name: "Concept2",
      type: "oauth",
      authorization: { url: "https://log.concept2.com/oauth/authorize", params: { scope: "user:read" } },
      token: "https://log.concept2.com/oauth/access_token",
      userinfo: "https://log.concept2.com/api/users/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: ({ data }) => ({
        id: String(data.id),
        name: [data.first_name, data.last_name].filter(Boolean).join(" ") || data.username,
        email: data.email ?? null,
        image: data.profile_image ?? null,
      }),
      style: { brandColor: "#003a70" },
    },
    options,
  );
}
