import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The ID-token claims a Duende IdentityServer issues for the `openid profile email` scopes. */
export interface DuendeISUser extends Record<string, unknown> {
  sub: string;
  name?: string;
  email?: string;
  picture?: string;
}

/**
 * Duende IdentityServer 6, found by discovery from `issuer` (your server's URL), or
 * AUTH_DUENDE_IDENTITY_SERVER6_ISSUER.
 * Client id and secret default to AUTH_DUENDE_IDENTITY_SERVER6_ID and AUTH_DUENDE_IDENTITY_SERVER6_SECRET.
 *
 * @example
 * ```ts
 * import DuendeIdentityServer6 from "latchkey/providers/duende-identity-server6";
 *
 * const provider = DuendeIdentityServer6({ clientId: "interactive", clientSecret: "secret", issuer: "https://demo.duendesoftware.com" });
 * ```
 */
export default function DuendeIdentityServer6(
  options: OIDCUserConfig<DuendeISUser> = {},
): OIDCConfig<DuendeISUser> {
  return catalogueProvider<OIDCConfig<DuendeISUser>, DuendeISUser>(
    {
      id: "duende-identity-server6",
      name: "Duende IdentityServer6",
      type: "oidc",
      style: { brandColor: "#1e88e5" },
    },
    options,
  );
}
