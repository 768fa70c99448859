import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The profile Twitch returns. */
export interface TwitchProfile extends Record<string, unknown> {
  sub: string;
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
}

/**
 * Twitch, by OpenID Connect; the name is the Twitch login.
 * Client id and secret default to AUTH_TWITCH_ID and AUTH_TWITCH_SECRET.
 *
 * @example
 * ```ts
 * import Twitch from "latchkey/providers/twitch";
 *
 * const provider = Twitch({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Twitch(options: OIDCUserConfig<TwitchProfile> = {}): OIDCConfig<TwitchProfile> {
  return catalogueProvider<OIDCConfig<TwitchProfile>, TwitchProfile>(
    {
      id: "twitch",
      name: "Twitch",
      type: "oidc",
      issuer: "https://id.twitch.tv/oauth2",
      authorization: {
        params: {
          scope: "openid user:read:email",
          // Twitch puts these claims in the ID token only when asked (OpenID Connect Core §5.5).
          claims: JSON.stringify({ id_token: { email: null, picture: null, preferred_username: null } }),
        },
      },
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.preferred_username ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: { brandColor: "#9146ff" },
    },
    options,
  );
}
