import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The userinfo Vipps MobilePay Login returns for the `openid name email` scopes. */
export interface VippsProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  email_verified?: boolean;
  phone_number?: string;
}

/**
 * Vipps MobilePay Login, by OpenID Connect discovery. `issuer` defaults to production
 * (`https://api.vipps.no/access-management-1.0/access/`); the test environment is
 * `https://apitest.vipps.no/access-management-1.0/access/` (or AUTH_VIPPS_ISSUER).
 * Client id and secret default to AUTH_VIPPS_ID and AUTH_VIPPS_SECRET.
 *
 * @example
 * ```ts
 * import Vipps from "latchkey/providers/vipps";
 *
 * const provider = Vipps({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Vipps(options: OIDCUserConfig<VippsProfile> = {}): OIDCConfig<VippsProfile> {
  return catalogueProvider<OIDCConfig<VippsProfile>, VippsProfile>(
    {
      id: "vipps",
      name: "Vipps",
      type: "oidc",
      issuer: "https://api.vipps.no/access-management-1.0/access/",
      authorization: { params: { scope: "openid name email" } },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? ([profile.given_name, profile.family_name].filter(Boolean).join(" ") || null),
        email: profile.email ?? null,
        image: null,
      }),
      style: { brandColor: "#ff5b24" },
    },
    options,
  );
}
