import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** What ClickUp's `GET /api/v2/user` returns: the user under `user`. */
export interface ClickUpProfile extends Record<string, unknown> {
  user: {
    id: number;
    username?: string;
    email?: string;
    color?: string;
    profilePicture?: string | null;
  };
}

/**
 * ClickUp. The client secret is sent in the token request's body, as ClickUp's API expects.
 * Client id and secret default to AUTH_CLICK_UP_ID and AUTH_CLICK_UP_SECRET.
 *
 * @example
 * ```ts
 * import ClickUp from "latchkey/providers/click-up";
 *
 * const provider = ClickUp({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function ClickUp(options: OAuthUserConfig<ClickUpProfile> = {}): OAuth2Config<ClickUpProfile> {
  return catalogueProvider<OAuth2Config<ClickUpProfile>, ClickUpProfile>(
    {
      id: "click-up",
      name: "ClickUp",
      type: "oauth",
      authorization: "https://app.clickup.com/api",
      token: "https://api.clickup.com/api/v2/oauth/token",
      userinfo: "https://api.clickup.com/api/v2/user",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: ({ user }) => ({
        id: String(user.id),
        name: user.username ?? null,
        email: user.email ?? null,
        image: user.profilePicture ?? null,
      }),
      style: { brandColor: "#7b68ee" },
    },
    options,
  );
}
