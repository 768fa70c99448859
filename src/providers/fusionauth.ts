import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** What FusionAuth's `/oauth2/userinfo` returns (the fields latchkey reads). */
export interface FusionAuthProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  preferred_username?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
}

export interface FusionAuthOptions extends OAuthUserConfig<FusionAuthProfile> {
  /** The tenant, when the instance has several: sent as the `tenantId` authorization parameter. */
  tenantId?: string;
}

/**
 * FusionAuth. `issuer` is your instance's URL (`https://auth.example.com`); its endpoints are
 * `/oauth2/authorize`, `/oauth2/token` and `/oauth2/userinfo` under it. The profile comes from
 * userinfo because a FusionAuth tenant's ID-token `iss` is a setting of its own, not the URL.
 * Client id and secret default to AUTH_FUSIONAUTH_ID and AUTH_FUSIONAUTH_SECRET.
 *
 * @example
 * ```ts
 * import FusionAuth from "latchkey/providers/fusionauth";
 *
 * const provider = FusionAuth({ clientId: "client-id", clientSecret: "client-secret", issuer: "https://auth.example.com" });
 * ```
 */
export default function FusionAuth(options: FusionAuthOptions = {}): OAuth2Config<FusionAuthProfile> {
  const { tenantId, ...rest } = options;
  const base = rest.issuer?.replace(/\/+$/, "");
  return catalogueProvider<OAuth2Config<FusionAuthProfile>, FusionAuthProfile>(
    {
      id: "fusionauth",
      name: "FusionAuth",
      type: "oauth",
      ...(base
        ? {
            authorization: {
              url: `${base}/oauth2/authorize`,
              params: { scope: "openid offline_access email profile", ...(tenantId ? { tenantId } : {}) },
            },
            token: `${base}/oauth2/token`,
            userinfo: `${base}/oauth2/userinfo`,
          }
        : {}),
      profile: (profile) => ({
        id: profile.sub,
        name:
          profile.name ??
          ([profile.given_name, profile.family_name].filter(Boolean).join(" ") ||
            profile.preferred_username) ??
          null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: { brandColor: "#f58320" },
    },
    rest,
  );
}
