import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The user Dribbble's `GET /v2/user` returns (the fields latchkey reads). */
export interface DribbbleProfile extends Record<string, unknown> {
  id: number;
  name?: string;
  login?: string;
  email?: string;
  avatar_url?: string;
}

export interface DribbbleOptions extends OAuthUserConfig<DribbbleProfile> {
  /** `public` (default) to sign in; `public upload` to also post shots. */
  scope?: "public" | "public upload";
}

/**
 * Dribbble.
 * Client id and secret default to AUTH_DRIBBBLE_ID and AUTH_DRIBBBLE_SECRET.
 *
 * @example
 * ```ts
 * import Dribbble from "latchkey/providers/dribbble";
 *
 * const provider = Dribbble({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Dribbble(options: DribbbleOptions = {}): OAuth2Config<DribbbleProfile> {
  const { scope = "public", ...rest } = options;
  return catalogueProvider<OAuth2Config<DribbbleProfile>, DribbbleProfile>(
    {
      id: "dribbble",
      name: "Dribbble",
      type: "oauth",
      authorization: { url: "https://dribbble.com/oauth/authorize", params: { scope } },
      token: "https://dribbble.com/oauth/token",
      userinfo: "https://api.dribbble.com/v2/user",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: String(profile.id),
        name: profile.name ?? profile.login ?? null,
        email: profile.email ?? null,
        image: profile.avatar_url ?? null,
      }),
      style: { brandColor: "#ea4c89" },
    },
    rest,
  );
}
