import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** What Naver's profile API (`/v1/nid/me`) returns: the user under `response`. */
export interface NaverProfile extends Record<string, unknown> {
  resultcode: string;
  message: string;
  response: {
    id: string;
    nickname?: string;
    name?: string;
    email?: string;
    profile_image?: string;
  };
}

/**
 * Naver Login.
 * Client id and secret default to AUTH_NAVER_ID and AUTH_NAVER_SECRET.
 *
 * @example
 * ```ts
 * import Naver from "latchkey/providers/naver";
 *
 * const provider = Naver({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Naver(options: OAuthUserConfig<NaverProfile> = {}): OAuth2Config<NaverProfile> {
  return catalogueProvider<OAuth2Config<NaverProfile>, NaverProfile>(
    {
      id: "naver",
      name: "Naver",
      type: "oauth",
      authorization: "https://nid.naver.com/oauth2.0/authorize",
      token: "https://nid.naver.com/oauth2.0/token",
      userinfo: "https://openapi.naver.com/v1/nid/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: ({ response }) => ({
        id: response.id,
        name: response.nickname ?? response.name ?? null,
        email: response.email ?? null,
        image: response.profile_image ?? null,
      }),
      style: { brandColor: "#03c75a" },
    },
    options,
  );
}
