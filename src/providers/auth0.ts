import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The profile Auth0 returns. */
export interface Auth0Profile extends Record<string, unknown> {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
}

/**
 * Auth0. `issuer` is your tenant's domain (`https://<tenant>.auth0.com/`), or AUTH_AUTH0_ISSUER.
 * Client id and secret default to AUTH_AUTH0_ID and AUTH_AUTH0_SECRET.
 *
 * @example
 * ```ts
 * import Auth0 from "latchkey/providers/auth0";
 *
 * const provider = Auth0({ clientId: "client-id", clientSecret: "client-secret", issuer: "https://example.com" });
 * ```
 */
export default function Auth0(options: OIDCUserConfig<Auth0Profile> = {}): OIDCConfig<Auth0Profile> {
  return catalogueProvider<OIDCConfig<Auth0Profile>, Auth0Profile>(
    {
      id: "auth0",
      name: "Auth0",
      type: "oidc",
      style: { brandColor: "#eb5424" },
    },
    options,
  );
}
