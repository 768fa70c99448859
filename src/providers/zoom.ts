import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The user Zoom's `GET /v2/users/me` returns (the fields latchkey reads). */
export interface ZoomProfile extends Record<string, unknown> {
  id: string;
  first_name?: string;
  last_name?: string;
  display_name?: string;
  email?: string;
  pic_url?: string;
}

/**
 * Zoom.
 * Client id and secret default to AUTH_ZOOM_ID and AUTH_ZOOM_SECRET.
 *
 * @example
 * ```ts
 * import Zoom from "latchkey/providers/zoom";
 *
 * const provider = Zoom({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Zoom(options: OAuthUserConfig<ZoomProfile> = {}): OAuth2Config<ZoomProfile> {
  return catalogueProvider<OAuth2Config<ZoomProfile>, ZoomProfile>(
    {
      id: "zoom",
      name: "Zoom",
      type: "oauth",
      authorization: "https://zoom.us/oauth/authorize",
      token: "https://zoom.us/oauth/token",
      userinfo: "https://api.zoom.us/v2/users/me",
      profile: (profile) => ({
        id: profile.id,
        name:
          profile.display_name ?? ([profile.first_name, profile.last_name].filter(Boolean).join(" ") || null),
        email: profile.email ?? null,
        image: profile.pic_url ?? null,
      }),
      style: { brandColor: "#0b5cff" },
    },
    options,
  );
}
