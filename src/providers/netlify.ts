import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The user Netlify's `GET /api/v1/user` returns (the fields latchkey reads). */
export interface NetlifyProfile extends Record<string, unknown> {
  id: string;
  full_name?: string;
  email?: string;
  avatar_url?: string;
}

/**
 * Netlify.
 * Client id and secret default to AUTH_NETLIFY_ID and AUTH_NETLIFY_SECRET.
 *
 * @example
 * ```ts
 * import Netlify from "latchkey/providers/netlify";
 *
 * const provider = Netlify({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Netlify(options: OAuthUserConfig<NetlifyProfile> = {}): OAuth2Config<NetlifyProfile> {
  return catalogueProvider<OAuth2Config<NetlifyProfile>, NetlifyProfile>(
    {
      id: "netlify",
      name: "Netlify",
      type: "oauth",
      authorization: "https://app.netlify.com/authorize",
      token: "https://api.netlify.com/oauth/token",
      userinfo: "https://api.netlify.com/api/v1/user",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: profile.id,
        name: profile.full_name ?? null,
        email: profile.email ?? null,
        image: profile.avatar_url ?? null,
      }),
      style: { brandColor: "#00ad9f" },
    },
    options,
  );
}
