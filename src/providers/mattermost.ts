import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The user Mattermost's `GET /api/v4/users/me` returns (the fields latchkey reads). */
export interface MattermostProfile extends Record<string, unknown> {
  id: string;
  username: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  nickname?: string;
}

/**
 * Mattermost. `issuer` is your Mattermost server (`https://chat.example.com`); its endpoints are
 * `/oauth/authorize`, `/oauth/access_token` and `/api/v4/users/me` under it (Mattermost docs,
 * "OAuth 2.0 applications").
 * Client id and secret default to AUTH_MATTERMOST_ID and AUTH_MATTERMOST_SECRET.
 *
 * @example
 * ```ts
 * import Mattermost from "latchkey/providers/mattermost";
 *
 * const provider = Mattermost({ clientId: "client-id", clientSecret: "client-secret", issuer: "https://chat.example.com" });
 * ```
 */
export default function Mattermost(
  options: OAuthUserConfig<MattermostProfile> = {},
): OAuth2Config<MattermostProfile> {
  const base = options.issuer?.replace(/\/+$/, "");
  return catalogueProvider<OAuth2Config<MattermostProfile>, MattermostProfile>(
    {
      id: "mattermost",
      name: "Mattermost",
      type: "oauth",
      ...(base
        ? {
            authorization: `${base}/oauth/authorize`,
            token: `${base}/oauth/access_token`,
            userinfo: `${base}/api/v4/users/me`,
          }
        : {}),
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: profile.id,
        name:
          [profile.first_name, profile.last_name].filter(Boolean).join(" ") ||
          profile.nickname ||
          profile.username,
        email: profile.email ?? null,
        image: null,
      }),
      style: { brandColor: "#1e325c" },
    },
    options,
  );
}
