import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The ID-token claims Beyond Identity issues. */
export interface BeyondIdentityProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  preferred_username?: string;
  email?: string;
}

/**
 * Beyond Identity (passwordless), by OpenID Connect discovery. `issuer` is your application's
 * issuer URL from the Beyond Identity console, or AUTH_BEYONDIDENTITY_ISSUER.
 * Client id and secret default to AUTH_BEYONDIDENTITY_ID and AUTH_BEYONDIDENTITY_SECRET.
 *
 * @example
 * ```ts
 * import BeyondIdentity from "latchkey/providers/beyondidentity";
 *
 * const provider = BeyondIdentity({
 *   clientId: "client-id",
 *   clientSecret: "client-secret",
 *   issuer: "https://auth-us.beyondidentity.com/v1/tenants/t/realms/r/applications/a",
 * });
 * ```
 */
export default function BeyondIdentity(
  options: OIDCUserConfig<BeyondIdentityProfile> = {},
): OIDCConfig<BeyondIdentityProfile> {
  return catalogueProvider<OIDCConfig<BeyondIdentityProfile>, BeyondIdentityProfile>(
    {
      id: "beyondidentity",
      name: "Beyond Identity",
      type: "oidc",
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? profile.preferred_username ?? null,
        email: profile.email ?? null,
        image: null,
      }),
      style: { brandColor: "#5077c5" },
    },
    options,
  );
}
