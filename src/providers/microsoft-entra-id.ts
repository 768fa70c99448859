import { catalogueProvider } from "../flows/oauth/carried.js";
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
   * or `consumers`. Auth.js apps name it in `issuer` instead, which works as well.
   */
  tenantId?: string;
}

const LOGIN = "https://login.microsoftonline.com";
/** The tenant id of personal Microsoft accounts, which `consumers` tokens name as their issuer. */
const CONSUMERS_TENANT = "9188040d-6c67-4c5b-b112-36a304b66dad";

/**
 * The tenant an Entra issuer URL names (`https://login.microsoftonline.com/<tenant>/v2.0`), as
 * Auth.js apps give it in `issuer` or AUTH_MICROSOFT_ENTRA_ID_ISSUER; undefined for another host
 * (a national cloud, Entra External ID), whose issuer is then used as it is.
 */
function tenantOfIssuer(issuer: string | undefined): string | undefined {
  if (issuer === undefined || !URL.canParse(issuer)) return undefined;
  const url = new URL(issuer);
  return url.origin === LOGIN ? url.pathname.split("/")[1] || undefined : undefined;
}

/**
 * Microsoft Entra ID (Azure AD). The tenant is `tenantId`, or the one named by `issuer` (or
 * AUTH_MICROSOFT_ENTRA_ID_ISSUER), `https://login.microsoftonline.com/<tenant>/v2.0`; default
 * `common`. The multi-tenant endpoints (`common`, `organizations`) publish the issuer as a
 * template; each ID token's issuer is checked against it filled with the token's own `tid`. A
 * single tenant's issuer is checked exactly. An issuer on another host is discovered as it is.
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
  const { tenantId: tenantOption, ...rest } = options;
  const tenantId = tenantOption ?? tenantOfIssuer(rest.issuer);
  const shared = {
    id: "microsoft-entra-id",
    name: "Microsoft Entra ID",
    type: "oidc" as const,
    authorization: { params: { scope: "openid profile email User.Read" } },
    profile: (profile: MicrosoftEntraIDProfile) => ({
      id: profile.sub,
      name: profile.name ?? null,
      email: profile.email ?? profile.preferred_username ?? null,
      image: null,
    }),
    style: { brandColor: "#0072c6" },
  };
  if (tenantId === undefined && rest.issuer !== undefined) {
    return catalogueProvider<OIDCConfig<MicrosoftEntraIDProfile>, MicrosoftEntraIDProfile>(shared, rest);
  }
  const tenant = tenantId ?? "common";
  const multiTenant = tenant === "common" || tenant === "organizations";
  const issuer = multiTenant
    ? `${LOGIN}/{tenantid}/v2.0`
    : `${LOGIN}/${tenant === "consumers" ? CONSUMERS_TENANT : tenant}/v2.0`;
  // The issuer is the one computed here: the app's spelling of it (a trailing slash) must not
  // break the exact comparison with the tenant's metadata.
  const { issuer: _named, ...withoutIssuer } = rest;
  return catalogueProvider<OIDCConfig<MicrosoftEntraIDProfile>, MicrosoftEntraIDProfile>(
    {
      ...shared,
      issuer,
      wellKnown: `${LOGIN}/${tenant}/v2.0/.well-known/openid-configuration`,
      ...(multiTenant ? { issuerTenantClaim: "tid" } : {}),
    },
    withoutIssuer,
  );
}
