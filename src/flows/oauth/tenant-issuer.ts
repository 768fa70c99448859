/**
 * Multi-tenant issuers. Microsoft Entra ID's `common` and `organizations` endpoints publish the
 * issuer `https://login.microsoftonline.com/{tenantid}/v2.0`; each ID token's `iss` names the
 * user's tenant, which its `tid` claim repeats. The expected issuer is the template filled from the
 * token's claim; the signature check then binds the two, as Microsoft's validation guidance asks.
 */
import { decodeJwt } from "jose";
import type { OAuthConfig } from "../../provider-types.js";

const TENANT_ID = /^[A-Za-z0-9-]{1,64}$/;
const PLACEHOLDER = "{tenantid}";

/** The issuer `idToken` must carry: `issuer` itself, or the template filled from the tenant claim. */
export function expectedIssuer(provider: OAuthConfig, issuer: string, idToken: string | undefined): string {
  const claim = provider.type === "oidc" ? provider.issuerTenantClaim : undefined;
  if (!claim || !issuer.includes(PLACEHOLDER) || idToken === undefined) return issuer;
  let tenant: unknown;
  try {
    tenant = decodeJwt(idToken)[claim];
  } catch {
    // Not a JWT: no tenant, so the template stays (below) and the ID token check refuses it.
  }
  // An unusable claim leaves the template, which no real token's iss equals: the check then fails.
  return typeof tenant === "string" && TENANT_ID.test(tenant) ? issuer.replace(PLACEHOLDER, tenant) : issuer;
}

/** The ID token of a token response, before anything trusts it: only to pick the tenant's issuer. */
async function peekIdToken(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { id_token?: unknown };
    return typeof body.id_token === "string" ? body.id_token : undefined;
  } catch {
    return undefined;
  }
}

/**
 * {@link expectedIssuer} for the ID token a token response carries (the code's or a refresh's), read
 * from a clone so that oauth4webapi still processes the response itself.
 */
export async function expectedIssuerOfResponse(
  provider: OAuthConfig,
  issuer: string,
  response: Response,
): Promise<string> {
  return expectedIssuer(provider, issuer, await peekIdToken(response));
}
