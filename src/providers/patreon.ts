import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** What Patreon's `GET /api/oauth2/v2/identity` returns: the user under `data`. */
export interface PatreonProfile extends Record<string, unknown> {
  data: { id: string; attributes: { full_name?: string; email?: string; image_url?: string } };
}

/**
 * Patreon (API v2). The `identity[email]` scope adds the e-mail address.
 * Client id and secret default to AUTH_PATREON_ID and AUTH_PATREON_SECRET.
 *
 * @example
 * ```ts
 * import Patreon from "latchkey/providers/patreon";
 *
 * const provider = Patreon({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Patreon(options: OAuthUserConfig<PatreonProfile> = {}): OAuth2Config<PatreonProfile> {
  return catalogueProvider<OAuth2Config<PatreonProfile>, PatreonProfile>(
    {
      id: "patreon",
      name: "Patreon",
      type: "oauth",
      authorization: {
        url: "https://www.patreon.com/oauth2/authorize",
        params: { scope: "identity identity[email]" },
      },
      token: "https://www.patreon.com/api/oauth2/token",
      userinfo: {
        url: "https://www.patreon.com/api/oauth2/v2/identity",
        params: { "fields[user]": "email,full_name,image_url" },
      },
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: ({ data }) => ({
        id: data.id,
        name: data.attributes.full_name ?? null,
        email: data.attributes.email ?? null,
        image: data.attributes.image_url ?? null,
      }),
      style: { brandColor: "#ff424d" },
    },
    options,
  );
}
