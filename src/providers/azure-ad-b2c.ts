import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The ID-token claims an Azure AD B2C user flow issues (the fields latchkey reads). */
export interface AzureADB2CProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  /** B2C's "Email Addresses" claim: the user's addresses, the sign-in address first. */
  emails?: string[];
  email?: string;
}

/**
 * Azure AD B2C. `issuer` is the user flow's issuer, e.g.
 * `https://<tenant>.b2clogin.com/<tenant-id>/v2.0/` (the `issuer` of the user flow's
 * `.well-known/openid-configuration`), or AUTH_AZURE_AD_B2C_ISSUER; when the metadata lives under
 * the policy's path (`…/<policy>/v2.0/.well-known/openid-configuration`), give it as `wellKnown`.
 * Client id and secret default to AUTH_AZURE_AD_B2C_ID and AUTH_AZURE_AD_B2C_SECRET.
 *
 * @example
 * ```ts
 * import AzureADB2C from "latchkey/providers/azure-ad-b2c";
 *
 * const provider = AzureADB2C({
 *   clientId: "client-id",
 *   clientSecret: "client-secret",
 *   issuer: "https://contoso.b2clogin.com/775527ff-9a37-4307-8b3d-cc311f58d925/v2.0/",
 *   wellKnown: "https://contoso.b2clogin.com/contoso.onmicrosoft.com/B2C_1_signin/v2.0/.well-known/openid-configuration",
 * });
 * ```
 */
export default function AzureADB2C(
  options: OIDCUserConfig<AzureADB2CProfile> = {},
): OIDCConfig<AzureADB2CProfile> {
  return catalogueProvider<OIDCConfig<AzureADB2CProfile>, AzureADB2CProfile>(
    {
      id: "azure-ad-b2c",
      name: "Azure Active Directory B2C",
      type: "oidc",
      authorization: { params: { scope: "openid offline_access" } },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? ([profile.given_name, profile.family_name].filter(Boolean).join(" ") || null),
        email: profile.emails?.[0] ?? profile.email ?? null,
        image: null,
      }),
      style: { brandColor: "#0072c6" },
    },
    options,
  );
}
