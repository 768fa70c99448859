import { withDefaults } from "../core/provider-defaults.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The profile GitLab returns. */
export interface GitLabProfile extends Record<string, unknown> {
  id: number;
  username: string;
  name?: string;
  email?: string;
  avatar_url?: string;
}

/**
 * GitLab.com. For a self-managed instance, override `authorization`, `token` and `userinfo` with its URLs.
 * Client id and secret default to AUTH_GITLAB_ID and AUTH_GITLAB_SECRET.
 *
 * @example
 * ```ts
 * import GitLab from "latchkey/providers/gitlab";
 *
 * const provider = GitLab({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function GitLab(options: OAuthUserConfig<GitLabProfile> = {}): OAuth2Config<GitLabProfile> {
  return withDefaults<OAuth2Config<GitLabProfile>, GitLabProfile>(
    {
      id: "gitlab",
      name: "GitLab",
      type: "oauth",
      issuer: "https://gitlab.com",
      authorization: { url: "https://gitlab.com/oauth/authorize", params: { scope: "read_user" } },
      token: "https://gitlab.com/oauth/token",
      userinfo: "https://gitlab.com/api/v4/user",
      profile: (profile) => ({
        id: String(profile.id),
        name: profile.name ?? profile.username,
        email: profile.email ?? null,
        image: profile.avatar_url ?? null,
      }),
      style: { brandColor: "#fc6d26" },
    },
    options,
  );
}
