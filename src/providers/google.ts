import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The profile Google returns. */
export interface GoogleProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  /** The Google Workspace domain of the account; absent for personal accounts. */
  hd?: string;
  picture?: string;
}

/**
 * Google's `email_verified` says Google once verified the address, which for an address at another
 * mail host says nothing about who owns that mailbox today (the account may outlive the mailbox).
 * Google documents that it is authoritative only for Gmail addresses and for Workspace accounts
 * (`hd` present): only those prove the address.
 */
function googleVouches(profile: GoogleProfile): boolean {
  if (profile.email_verified !== true || typeof profile.email !== "string") return false;
  return profile.email.toLowerCase().endsWith("@gmail.com") || typeof profile.hd === "string";
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
  return catalogueProvider<OIDCConfig<GoogleProfile>, GoogleProfile>(
    {
      id: "google",
      name: "Google",
      type: "oidc",
      issuer: "https://accounts.google.com",
      authorization: { params: { scope: "openid email profile" } },
      trustEmailVerified: googleVouches,
      style: { brandColor: "#1a73e8" },
    },
    options,
  );
}
