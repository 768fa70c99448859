import { withDefaults } from "../core/provider-defaults.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The ID-token claims Microsoft Entra ID issues (the fields latchkey reads). */
export interface MicrosoftEntraIDProfile extends Record<string, unknown> {
  sub: string;
  oid?: string;
  tid?: string;
  name?: string;
  email?: string;
  preferred_username?: string;
}

export interface MicrosoftEntraIDOptions extends OIDCUserConfig<MicrosoftEntraIDProfile> {
  /**
   * The tenant: its id or domain for a single-tenant app, or `common` (default), `organizations`
   * or `consumers`.
   */
  tenantId?: string;
}

const LOGIN = "https://login.microsoftonline.com";
/** The tenant id of personal Microsoft accounts, which `consumers` tokens name as their issuer. */
const CONSUMERS_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad";

/**
 * Microsoft Entra ID (Azure AD). The multi-tenant endpoints (`common`, `organizations`) publish the
 * issuer as a template; each ID token's issuer is checked against it filled with the token's own
 * `tid`. A single tenant's issuer is checked exactly.
 * Client id and secret default to AUTH_MICROSOFT_ENTRA_ID_ID and AUTH_MICROSOFT_ENTRA_ID_SECRET.
 *
 * @example
 * ```ts
 * import MicrosoftEntraID from "latchkey/providers/microsoft-entra-id";
 *
 * const provider = MicrosoftEntraID({ clientId: "client-id", clientSecret: "client-secret", tenantId: "organizations" });
 * ```
 */
export default function MicrosoftEntraID(
  options: MicrosoftEntraIDOptions = {},
): OIDCConfig<MicrosoftEntraIDProfile> {
  const { tenantId = "common", ...rest } = options;
  const multiTenant = tenantId === "common" || tenantId === "organizations";
  const issuer = multiTenant
    ? `${LOGIN}/{tenantid}/v2.0`
    : `${LOGIN}/${tenantId === "consumers" ? CONSUMERS_TENANT : tenantId}/v2.0`;
  return withDefaults<OIDCConfig<MicrosoftEntraIDProfile>, MicrosoftEntraIDProfile>(
    {
      id: "microsoft-entra-id",
      name: "Microsoft Entra ID",
      type: "oidc",
      issuer,
      wellKnown: `${LOGIN}/${tenantId}/v2.0/.well-known/openid-configuration`,
      ...(multiTenant ? { issuerTenantClaim: "tid" } : {}),
      authorization: { params: { scope: "openid profile email User.Read" } },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? null,
        email: profile.email ?? profile.preferred_username ?? null,
        image: null,
      }),
      style: { brandColor: "#0072c6" },
    },
    rest,
  );
}
