import { standardClaimsUser } from "../core/provider-defaults.js";
import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The ID-token claims Ping Identity issues for `openid profile email`. */
export interface PingIdProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  preferred_username?: string;
  email?: string;
  picture?: string;
}

/** `@auth/core/providers/ping-id`'s name for {@link PingIdProfile}. */
export type PingProfile = PingIdProfile;

/**
 * Ping Identity, by OpenID Connect discovery. `issuer` is your PingOne environment's issuer (`https://auth.pingone.com/<environment id>/as`), or AUTH_PING_ID_ISSUER.
 * Client id and secret default to AUTH_PING_ID_ID and AUTH_PING_ID_SECRET.
 *
 * @example
 * ```ts
 * import PingId from "latchkey/providers/ping-id";
 *
 * const provider = PingId({ clientId: "client-id", clientSecret: "client-secret", issuer: "https://auth.pingone.com/environment-id/as" });
 * ```
 */
export default function PingId(options: OIDCUserConfig<PingIdProfile> = {}): OIDCConfig<PingIdProfile> {
  return catalogueProvider<OIDCConfig<PingIdProfile>, PingIdProfile>(
    {
      id: "ping-id",
      name: "Ping Identity",
      type: "oidc",
      profile: standardClaimsUser,
      style: { brandColor: "#b3282d" },
    },
    options,
  );
}
