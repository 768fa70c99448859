import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The profile GitLab's `GET /api/v4/user` returns (the fields latchkey reads). */
export interface GitLabProfile extends Record<string, unknown> {
  id: number;
  username: string;
  name?: string;
  email?: string;
  avatar_url?: string;
}

export interface GitLabOptions extends OAuthUserConfig<GitLabProfile> {
  /** A self-managed instance's URL, e.g. `https://gitlab.example.com`. Default `https://gitlab.com`. */
  baseUrl?: URL | string;
}

/**
 * GitLab.com, or a self-managed instance with `baseUrl`: its OAuth endpoints are
 * `<baseUrl>/oauth/authorize` and `/oauth/token`, the profile `<baseUrl>/api/v4/user` (GitLab docs,
 * "OAuth 2.0 identity provider API").
 * Client id and secret default to AUTH_GITLAB_ID and AUTH_GITLAB_SECRET.
 *
 * @example
 * ```ts
 * import GitLab from "latchkey/providers/gitlab";
 *
 * const provider = GitLab({ clientId: "client-id", clientSecret: "client-secret", baseUrl: "https://gitlab.example.com" });
 * ```
 */
export default function GitLab(options: GitLabOptions = {}): OAuth2Config<GitLabProfile> {
  const { baseUrl = "https://gitlab.com", ...rest } = options;
  const base = String(baseUrl).replace(/\/+$/, "");
  return catalogueProvider<OAuth2Config<GitLabProfile>, GitLabProfile>(
    {
      id: "gitlab",
      name: "GitLab",
      type: "oauth",
      issuer: base,
      // One URL with its scope, the shape Auth.js gives; `authorization.params` from the app still win.
      authorization: `${base}/oauth/authorize?scope=read_user`,
      token: `${base}/oauth/token`,
      userinfo: `${base}/api/v4/user`,
      profile: (profile) => ({
        id: String(profile.id),
        name: profile.name ?? profile.username,
        email: profile.email ?? null,
        image: profile.avatar_url ?? null,
      }),
      style: { brandColor: "#fc6d26" },
    },
    rest,
  );
}
