import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** What Medium's `GET /v1/me` returns: the user under `data`. */
export interface MediumProfile extends Record<string, unknown> {
  data: { id: string; username: string; name?: string; url?: string; imageUrl?: string };
}

/**
 * Medium. Medium shares no e-mail address.
 * Client id and secret default to AUTH_MEDIUM_ID and AUTH_MEDIUM_SECRET.
 *
 * @example
 * ```ts
 * import Medium from "latchkey/providers/medium";
 *
 * const provider = Medium({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Medium(options: OAuthUserConfig<MediumProfile> = {}): OAuth2Config<MediumProfile> {
  return catalogueProvider<OAuth2Config<MediumProfile>, MediumProfile>(
    {
      id: "medium",
      name: "Medium",
      type: "oauth",
      authorization: { url: "https://medium.com/m/oauth/authorize", params: { scope: "basicProfile" } },
      token: "https://api.medium.com/v1/tokens",
      userinfo: "https://api.medium.com/v1/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: ({ data }) => ({
        id: data.id,
        name: data.name ?? data.username,
        email: null,
        image: data.imageUrl ?? null,
      }),
      style: { brandColor: "#000000" },
    },
    options,
  );
}
