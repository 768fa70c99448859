import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The profile Okta returns. */
export interface OktaProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
}

/**
 * Okta. `issuer` is your authorization server (`https://<org>.okta.com/oauth2/default`), or AUTH_OKTA_ISSUER.
 * Client id and secret default to AUTH_OKTA_ID and AUTH_OKTA_SECRET.
 *
 * @example
 * ```ts
 * import Okta from "latchkey/providers/okta";
 *
 * const provider = Okta({ clientId: "client-id", clientSecret: "client-secret", issuer: "https://example.com" });
 * ```
 */
export default function Okta(options: OIDCUserConfig<OktaProfile> = {}): OIDCConfig<OktaProfile> {
  return catalogueProvider<OIDCConfig<OktaProfile>, OktaProfile>(
    {
      id: "okta",
      name: "Okta",
      type: "oidc",
      style: { brandColor: "#007dc1" },
    },
    options,
  );
}
