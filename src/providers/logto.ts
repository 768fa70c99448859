import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The claims Logto issues for `openid profile email`. */
export interface LogtoProfile extends Record<string, unknown> {
  sub: string;
  name?: string | null;
  username?: string | null;
  email?: string | null;
  picture?: string | null;
}

/**
 * Logto, by OpenID Connect discovery. `issuer` is your tenant's OIDC endpoint
 * (`https://<tenant>.logto.app/oidc`, or your self-hosted Logto's `/oidc`), or AUTH_LOGTO_ISSUER.
 * Client id and secret default to AUTH_LOGTO_ID and AUTH_LOGTO_SECRET.
 *
 * @example
 * ```ts
 * import Logto from "latchkey/providers/logto";
 *
 * const provider = Logto({ clientId: "client-id", clientSecret: "client-secret", issuer: "https://example.logto.app/oidc" });
 * ```
 */
export default function Logto(options: OIDCUserConfig<LogtoProfile> = {}): OIDCConfig<LogtoProfile> {
  return catalogueProvider<OIDCConfig<LogtoProfile>, LogtoProfile>(
    {
      id: "logto",
      name: "Logto",
      type: "oidc",
      authorization: { params: { scope: "offline_access openid email profile" } },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? profile.username ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: { brandColor: "#5d34f2" },
    },
    options,
  );
}
