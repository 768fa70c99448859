import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The profile Spotify returns. */
export interface SpotifyProfile extends Record<string, unknown> {
  id: string;
  display_name?: string | null;
  email?: string;
  images?: Array<{ url: string }>;
}

/**
 * Spotify.
 * Client id and secret default to AUTH_SPOTIFY_ID and AUTH_SPOTIFY_SECRET.
 *
 * @example
 * ```ts
 * import Spotify from "latchkey/providers/spotify";
 *
 * const provider = Spotify({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Spotify(options: OAuthUserConfig<SpotifyProfile> = {}): OAuth2Config<SpotifyProfile> {
  return catalogueProvider<OAuth2Config<SpotifyProfile>, SpotifyProfile>(
    {
      id: "spotify",
      name: "Spotify",
      type: "oauth",
      authorization: { url: "https://accounts.spotify.com/authorize", params: { scope: "user-read-email" } },
      token: "https://accounts.spotify.com/api/token",
      userinfo: "https://api.spotify.com/v1/me",
      profile: (profile) => ({
        id: profile.id,
        name: profile.display_name ?? null,
        email: profile.email ?? null,
        image: profile.images?.[0]?.url ?? null,
      }),
      style: { brandColor: "#1db954" },
    },
    options,
  );
}
