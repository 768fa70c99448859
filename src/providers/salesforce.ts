import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The profile Salesforce returns. */
export interface SalesforceProfile extends Record<string, unknown> {
  sub: string;
  user_id?: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
}

/**
 * Salesforce. For a sandbox or My Domain, set `issuer` (or AUTH_SALESFORCE_ISSUER).
 * Client id and secret default to AUTH_SALESFORCE_ID and AUTH_SALESFORCE_SECRET.
 *
 * @example
 * ```ts
 * import Salesforce from "latchkey/providers/salesforce";
 *
 * const provider = Salesforce({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Salesforce(
  options: OIDCUserConfig<SalesforceProfile> = {},
): OIDCConfig<SalesforceProfile> {
  return catalogueProvider<OIDCConfig<SalesforceProfile>, SalesforceProfile>(
    {
      id: "salesforce",
      name: "Salesforce",
      type: "oidc",
      issuer: "https://login.salesforce.com",
      authorization: { params: { scope: "openid email profile" } },
      profile: (profile) => ({
        id: profile.user_id ?? profile.sub,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: { brandColor: "#00a1e0" },
    },
    options,
  );
}
