import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The athlete Strava's `GET /api/v3/athlete` returns (the fields latchkey reads). */
export interface StravaProfile extends Record<string, unknown> {
  id: number;
  username?: string | null;
  firstname?: string;
  lastname?: string;
  /** The large profile picture's URL. */
  profile?: string;
}

/**
 * Strava. Strava shares no e-mail address.
 * Client id and secret default to AUTH_STRAVA_ID and AUTH_STRAVA_SECRET.
 *
 * @example
 * ```ts
 * import Strava from "latchkey/providers/strava";
 *
 * const provider = Strava({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Strava(options: OAuthUserConfig<StravaProfile> = {}): OAuth2Config<StravaProfile> {
  return catalogueProvider<OAuth2Config<StravaProfile>, StravaProfile>(
    {
      id: "strava",
      name: "Strava",
      type: "oauth",
      authorization: {
        url: "https://www.strava.com/oauth/authorize",
        params: { scope: "read", approval_prompt: "auto" },
      },
      token: "https://www.strava.com/api/v3/oauth/token",
      userinfo: "https://www.strava.com/api/v3/athlete",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: String(profile.id),
        name: [profile.firstname, profile.lastname].filter(Boolean).join(" ") || profile.username || null,
        email: null,
        image: profile.profile ?? null,
      }),
      style: { brandColor: "#fc4c02" },
    },
    options,
  );
}
