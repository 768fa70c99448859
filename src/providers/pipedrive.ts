import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** What Pipedrive's `GET /users/me` returns: the user under `data`. */
export interface PipedriveProfile extends Record<string, unknown> {
  success: boolean;
  data: { id: number; name?: string; email?: string; icon_url?: string | null };
}

/**
 * Pipedrive.
 * Client id and secret default to AUTH_PIPEDRIVE_ID and AUTH_PIPEDRIVE_SECRET.
 *
 * @example
 * ```ts
 * import Pipedrive from "latchkey/providers/pipedrive";
 *
 * const provider = Pipedrive({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Pipedrive(
  options: OAuthUserConfig<PipedriveProfile> = {},
): OAuth2Config<PipedriveProfile> {
  return catalogueProvider<OAuth2Config<PipedriveProfile>, PipedriveProfile>(
    {
      id: "pipedrive",
      name: "Pipedrive",
      type: "oauth",
      authorization: "https://oauth.pipedrive.com/oauth/authorize",
      token: "https://oauth.pipedrive.com/oauth/token",
      userinfo: "https://api.pipedrive.com/users/me",
      profile: ({ data }) => ({
        id: String(data.id),
        name: data.name ?? null,
        email: data.email ?? null,
        image: data.icon_url ?? null,
      }),
      style: { brandColor: "#017737" },
    },
    options,
  );
}
