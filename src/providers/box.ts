import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The user Box's `GET /2.0/users/me` returns (the fields latchkey reads). */
export interface BoxProfile extends Record<string, unknown> {
  id: string;
  name?: string;
  /** The user's primary e-mail address, which Box uses as the login. */
  login?: string;
  avatar_url?: string;
}

/**
 * Box.
 * Client id and secret default to AUTH_BOX_ID and AUTH_BOX_SECRET.
 *
 * @example
 * ```ts
 * import Box from "latchkey/providers/box";
 *
 * const provider = Box({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Box(options: OAuthUserConfig<BoxProfile> = {}): OAuth2Config<BoxProfile> {
  return catalogueProvider<OAuth2Config<BoxProfile>, BoxProfile>(
    {
      id: "box",
      name: "Box",
      type: "oauth",
      authorization: "https://account.box.com/api/oauth2/authorize",
      token: "https://api.box.com/oauth2/token",
      userinfo: "https://api.box.com/2.0/users/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: profile.id,
        name: profile.name ?? null,
        email: profile.login ?? null,
        image: profile.avatar_url ?? null,
      }),
      style: { brandColor: "#0061d5" },
    },
    options,
  );
}
