import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The user Todoist's Sync API returns under `user` (the fields latchkey reads). */
export interface TodoistProfile extends Record<string, unknown> {
  user: { id: string; full_name?: string; email?: string; avatar_big?: string | null };
}

const SYNC = "https://api.todoist.com/sync/v9/sync";

/**
 * Todoist. Todoist has no userinfo endpoint: the user comes from a Sync API call asking for the
 * `user` resource.
 * Client id and secret default to AUTH_TODOIST_ID and AUTH_TODOIST_SECRET.
 *
 * @example
 * ```ts
 * import Todoist from "latchkey/providers/todoist";
 *
 * const provider = Todoist({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Todoist(options: OAuthUserConfig<TodoistProfile> = {}): OAuth2Config<TodoistProfile> {
  return catalogueProvider<OAuth2Config<TodoistProfile>, TodoistProfile>(
    {
      id: "todoist",
      name: "Todoist",
      type: "oauth",
      authorization: { url: "https://todoist.com/oauth/authorize", params: { scope: "data:read" } },
      token: "https://todoist.com/oauth/access_token",
      userinfo: {
        url: SYNC,
        request: async ({ tokens }) => {
          const response = await fetch(SYNC, {
            method: "POST",
            headers: {
              authorization: `Bearer ${tokens.access_token}`,
              "content-type": "application/x-www-form-urlencoded",
            },
            body: new URLSearchParams({ sync_token: "*", resource_types: '["user"]' }),
          });
          if (!response.ok) throw new Error(`Todoist answered ${response.status}`);
          return (await response.json()) as TodoistProfile;
        },
      },
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: ({ user }) => ({
        id: String(user.id),
        name: user.full_name ?? null,
        email: user.email ?? null,
        image: user.avatar_big ?? null,
      }),
      style: { brandColor: "#e44332" },
    },
    options,
  );
}
