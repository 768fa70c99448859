import { fetchProviderJson } from "../core/provider-http.js";
import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The user Yandex ID's `login.yandex.ru/info` returns (the fields latchkey reads). */
export interface YandexProfile extends Record<string, unknown> {
  id: string;
  login: string;
  display_name?: string;
  real_name?: string;
  default_email?: string;
  default_avatar_id?: string;
  is_avatar_empty?: boolean;
}

const INFO = "https://login.yandex.ru/info?format=json";

/**
 * Yandex ID. Yandex's user API takes the token as `Authorization: OAuth <token>` (Yandex ID docs,
 * "Getting user data"); avatars are served from `avatars.yandex.net` by their id.
 * Client id and secret default to AUTH_YANDEX_ID and AUTH_YANDEX_SECRET.
 *
 * @example
 * ```ts
 * import Yandex from "latchkey/providers/yandex";
 *
 * const provider = Yandex({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Yandex(options: OAuthUserConfig<YandexProfile> = {}): OAuth2Config<YandexProfile> {
  return catalogueProvider<OAuth2Config<YandexProfile>, YandexProfile>(
    {
      id: "yandex",
      name: "Yandex",
      type: "oauth",
      authorization: {
        url: "https://oauth.yandex.ru/authorize",
        params: { scope: "login:info login:email login:avatar" },
      },
      token: "https://oauth.yandex.ru/token",
      userinfo: {
        url: INFO,
        request: async ({ tokens }) =>
          (await fetchProviderJson(INFO, { authorization: `OAuth ${tokens.access_token}` })) as YandexProfile,
      },
      profile: (profile) => ({
        id: profile.id,
        name: profile.display_name ?? profile.real_name ?? profile.login,
        email: profile.default_email ?? null,
        image:
          profile.is_avatar_empty || !profile.default_avatar_id
            ? null
            : `https://avatars.yandex.net/get-yapic/${profile.default_avatar_id}/islands-200`,
      }),
      style: { brandColor: "#fc3f1d" },
    },
    options,
  );
}
