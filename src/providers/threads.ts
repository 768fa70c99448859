import { fetchProviderJson, withBearerTokenType, withQuery } from "../core/provider-http.js";
import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** What the Threads API's `GET /me` returns for the fields latchkey asks for. */
export interface ThreadsProfile extends Record<string, unknown> {
  id: string;
  username: string;
  name?: string;
  threads_profile_picture_url?: string;
}

const ME = "https://graph.threads.net/v1.0/me";

/**
 * Threads (Meta). Threads shares no e-mail address, and its token response carries no `token_type`.
 * Client id and secret default to AUTH_THREADS_ID and AUTH_THREADS_SECRET.
 *
 * @example
 * ```ts
 * import Threads from "latchkey/providers/threads";
 *
 * const provider = Threads({ clientId: "app-id", clientSecret: "app-secret" });
 * ```
 */
export default function Threads(options: OAuthUserConfig<ThreadsProfile> = {}): OAuth2Config<ThreadsProfile> {
  return catalogueProvider<OAuth2Config<ThreadsProfile>, ThreadsProfile>(
    {
      id: "threads",
      name: "Threads",
      type: "oauth",
      authorization: { url: "https://threads.net/oauth/authorize", params: { scope: "threads_basic" } },
      token: {
        url: "https://graph.threads.net/oauth/access_token",
        conform: (response) => withBearerTokenType(response),
      },
      userinfo: {
        url: ME,
        request: async ({ tokens }) =>
          (await fetchProviderJson(
            withQuery(ME, {
              fields: "id,username,name,threads_profile_picture_url",
              access_token: String(tokens.access_token),
            }),
          )) as ThreadsProfile,
      },
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: profile.id,
        name: profile.name || profile.username,
        email: null,
        image: profile.threads_profile_picture_url ?? null,
      }),
      style: { brandColor: "#000000" },
    },
    options,
  );
}
