import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The profile LinkedIn returns. */
export interface LinkedInProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
}

/**
 * LinkedIn (Sign In with LinkedIn using OpenID Connect).
 * Client id and secret default to AUTH_LINKEDIN_ID and AUTH_LINKEDIN_SECRET.
 *
 * @example
 * ```ts
 * import LinkedIn from "latchkey/providers/linkedin";
 *
 * const provider = LinkedIn({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function LinkedIn(options: OIDCUserConfig<LinkedInProfile> = {}): OIDCConfig<LinkedInProfile> {
  return catalogueProvider<OIDCConfig<LinkedInProfile>, LinkedInProfile>(
    {
      id: "linkedin",
      name: "LinkedIn",
      type: "oidc",
      issuer: "https://www.linkedin.com/oauth",
      authorization: { params: { scope: "openid profile email" } },
      client: { token_endpoint_auth_method: "client_secret_post" },
      style: { brandColor: "#0a66c2" },
    },
    options,
  );
}
