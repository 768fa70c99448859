import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The user osu!'s `GET /api/v2/me` returns (the fields latchkey reads). */
export interface OsuProfile extends Record<string, unknown> {
  id: number;
  username: string;
  avatar_url?: string;
}

/**
 * osu!. osu! shares no e-mail address.
 * Client id and secret default to AUTH_OSU_ID and AUTH_OSU_SECRET.
 *
 * @example
 * ```ts
 * import Osu from "latchkey/providers/osu";
 *
 * const provider = Osu({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Osu(options: OAuthUserConfig<OsuProfile> = {}): OAuth2Config<OsuProfile> {
  return catalogueProvider<OAuth2Config<OsuProfile>, OsuProfile>(
    {
      id: "osu",
      name: "osu!",
      type: "oauth",
      authorization: { url: "https://osu.ppy.sh/oauth/authorize", params: { scope: "identify" } },
      token: "https://osu.ppy.sh/oauth/token",
      userinfo: "https://osu.ppy.sh/api/v2/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: String(profile.id),
        name: profile.username,
        email: null,
        image: profile.avatar_url ?? null,
      }),
      style: { brandColor: "#ff66aa" },
    },
    options,
  );
}
