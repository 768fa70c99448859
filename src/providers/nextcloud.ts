import { fetchProviderJson } from "../core/provider-http.js";
import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** What Nextcloud's OCS `cloud/user` endpoint returns: the user under `ocs.data`. */
export interface NextcloudProfile extends Record<string, unknown> {
  ocs: { data: { id: string; displayname?: string; email?: string | null } };
}

/**
 * Nextcloud. `issuer` is your Nextcloud server (`https://cloud.example.com`); its endpoints are
 * `/apps/oauth2/authorize`, `/apps/oauth2/api/v1/token` and the OCS API's
 * `/ocs/v2.php/cloud/user` under it, which answers only requests carrying `OCS-APIRequest: true`
 * (Nextcloud developer manual, "OCS API"). The avatar is the server's `/avatar/<user>/<size>`.
 * Client id and secret default to AUTH_NEXTCLOUD_ID and AUTH_NEXTCLOUD_SECRET.
 *
 * @example
 * ```ts
 * import Nextcloud from "latchkey/providers/nextcloud";
 *
 * const provider = Nextcloud({ clientId: "client-id", clientSecret: "client-secret", issuer: "https://cloud.example.com" });
 * ```
 */
export default function Nextcloud(
  options: OAuthUserConfig<NextcloudProfile> = {},
): OAuth2Config<NextcloudProfile> {
  const base = options.issuer?.replace(/\/+$/, "");
  const user = `${base}/ocs/v2.php/cloud/user?format=json`;
  return catalogueProvider<OAuth2Config<NextcloudProfile>, NextcloudProfile>(
    {
      id: "nextcloud",
      name: "Nextcloud",
      type: "oauth",
      ...(base
        ? {
            authorization: `${base}/apps/oauth2/authorize`,
            token: `${base}/apps/oauth2/api/v1/token`,
            userinfo: {
              url: user,
              request: async ({ tokens }) =>
                (await fetchProviderJson(user, {
                  authorization: `Bearer ${tokens.access_token}`,
                  "ocs-apirequest": "true",
                })) as NextcloudProfile,
            },
          }
        : {}),
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: ({ ocs: { data } }) => ({
        id: data.id,
        name: data.displayname ?? data.id,
        email: data.email ?? null,
        image: base ? `${base}/avatar/${encodeURIComponent(data.id)}/64` : null,
      }),
      style: { brandColor: "#0082c9" },
    },
    options,
  );
}
