import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The user Kakao's `GET /v2/user/me` returns (the fields latchkey reads). */
export interface KakaoProfile extends Record<string, unknown> {
  id: number;
  properties?: { nickname?: string; profile_image?: string };
  kakao_account?: {
    profile?: { nickname?: string; profile_image_url?: string; thumbnail_image_url?: string };
    email?: string;
    is_email_valid?: boolean;
    is_email_verified?: boolean;
  };
}

/**
 * Kakao Login. The client secret is sent in the token request's body, as Kakao's REST API expects.
 * Client id (the REST API key) and secret default to AUTH_KAKAO_ID and AUTH_KAKAO_SECRET.
 *
 * @example
 * ```ts
 * import Kakao from "latchkey/providers/kakao";
 *
 * const provider = Kakao({ clientId: "rest-api-key", clientSecret: "client-secret" });
 * ```
 */
export default function Kakao(options: OAuthUserConfig<KakaoProfile> = {}): OAuth2Config<KakaoProfile> {
  return catalogueProvider<OAuth2Config<KakaoProfile>, KakaoProfile>(
    {
      id: "kakao",
      name: "Kakao",
      type: "oauth",
      authorization: "https://kauth.kakao.com/oauth/authorize",
      token: "https://kauth.kakao.com/oauth/token",
      userinfo: "https://kapi.kakao.com/v2/user/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: String(profile.id),
        name: profile.kakao_account?.profile?.nickname ?? profile.properties?.nickname ?? null,
        email: profile.kakao_account?.email ?? null,
        image: profile.kakao_account?.profile?.profile_image_url ?? profile.properties?.profile_image ?? null,
      }),
      style: { brandColor: "#fee500" },
    },
    options,
  );
}
