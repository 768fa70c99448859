import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The user Atlassian's `GET https://api.atlassian.com/me` returns (the fields latchkey reads). */
export interface AtlassianProfile extends Record<string, unknown> {
  account_id: string;
  name?: string;
  nickname?: string;
  email?: string;
  picture?: string;
}

/**
 * Atlassian (Jira, Confluence), OAuth 2.0 (3LO) with the `read:me` scope for the user's identity.
 * Client id and secret default to AUTH_ATLASSIAN_ID and AUTH_ATLASSIAN_SECRET.
 *
 * @example
 * ```ts
 * import Atlassian from "latchkey/providers/atlassian";
 *
 * const provider = Atlassian({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Atlassian(
  options: OAuthUserConfig<AtlassianProfile> = {},
): OAuth2Config<AtlassianProfile> {
  return catalogueProvider<OAuth2Config<AtlassianProfile>, AtlassianProfile>(
    {
      id: "atlassian",
      name: "Atlassian",
      type: "oauth",
      authorization: {
        url: "https://auth.atlassian.com/authorize",
        params: { audience: "api.atlassian.com", prompt: "consent", scope: "read:me read:account" },
      },
      token: "https://auth.atlassian.com/oauth/token",
      userinfo: "https://api.atlassian.com/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: profile.account_id,
        name: profile.name ?? profile.nickname ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: { brandColor: "#0052cc" },
    },
    options,
  );
}
