import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The ID-token claims Sign in with Apple issues, and the name Apple posts on the first sign-in. */
export interface AppleProfile extends Record<string, unknown> {
  sub: string;
  email?: string;
  email_verified?: boolean | "true" | "false";
  is_private_email?: boolean | "true" | "false";
  /** Posted beside the code on the first authorization only (`form_post`); latchkey puts it here. */
  user?: { name?: { firstName?: string; lastName?: string }; email?: string };
}

/**
 * Sign in with Apple. Apple answers with `response_mode=form_post` when a name or e-mail is asked
 * for, and sends the user's name only on the first sign-in, in the posted `user` field: it becomes
 * the user's name then, and later sign-ins have none. `clientSecret` is the ES256 JWT Apple
 * requires, signed with your key (it expires after at most six months).
 * Client id and secret default to AUTH_APPLE_ID and AUTH_APPLE_SECRET.
 *
 * @example
 * ```ts
 * import Apple from "latchkey/providers/apple";
 *
 * const provider = Apple({ clientId: "com.example.web", clientSecret: "client-secret-jwt" });
 * ```
 */
export default function Apple(options: OIDCUserConfig<AppleProfile> = {}): OIDCConfig<AppleProfile> {
  return catalogueProvider<OIDCConfig<AppleProfile>, AppleProfile>(
    {
      id: "apple",
      name: "Apple",
      type: "oidc",
      issuer: "https://appleid.apple.com",
      authorization: { params: { scope: "name email", response_mode: "form_post" } },
      client: { token_endpoint_auth_method: "client_secret_post" },
      checks: ["pkce", "nonce"],
      // Apple verifies the address of every Apple Account and sends `email_verified` as a boolean
      // or as the string "true"/"false"; accounts whose address Apple did not verify (some managed
      // accounts) say "false" and prove nothing.
      trustEmailVerified: (profile) => profile.email_verified === true || profile.email_verified === "true",
      profile: (profile) => {
        const name = [profile.user?.name?.firstName, profile.user?.name?.lastName].filter(Boolean).join(" ");
        return { id: profile.sub, name: name || null, email: profile.email ?? null, image: null };
      },
      style: { brandColor: "#000000" },
    },
    options,
  );
}
