import { withDefaults } from "../core/provider-defaults.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The profile Google returns. */
export interface GoogleProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
}

/**
 * Google, by OpenID Connect discovery. Add `access_type: "offline"` and `prompt: "consent"` to the authorization params to receive a refresh token.
 * Client id and secret default to AUTH_GOOGLE_ID and AUTH_GOOGLE_SECRET.
 *
 * @example
 * ```ts
 * import Google from "latchkey/providers/google";
 *
 * const provider = Google({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Google(options: OIDCUserConfig<GoogleProfile> = {}): OIDCConfig<GoogleProfile> {
  return withDefaults<OIDCConfig<GoogleProfile>, GoogleProfile>(
    {
      id: "google",
      name: "Google",
      type: "oidc",
      issuer: "https://accounts.google.com",
      authorization: { params: { scope: "openid email profile" } },
      style: { brandColor: "#1a73e8" },
    },
    options,
  );
}
