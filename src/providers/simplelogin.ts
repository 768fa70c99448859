import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The claims SimpleLogin issues (the fields latchkey reads). */
export interface SimpleLoginProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  avatar_url?: string | null;
}

/**
 * SimpleLogin (Sign in with SimpleLogin), by OpenID Connect discovery from
 * `https://app.simplelogin.io`. The address may be an alias the user chose to share.
 * Client id and secret default to AUTH_SIMPLELOGIN_ID and AUTH_SIMPLELOGIN_SECRET.
 *
 * @example
 * ```ts
 * import SimpleLogin from "latchkey/providers/simplelogin";
 *
 * const provider = SimpleLogin({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function SimpleLogin(
  options: OIDCUserConfig<SimpleLoginProfile> = {},
): OIDCConfig<SimpleLoginProfile> {
  return catalogueProvider<OIDCConfig<SimpleLoginProfile>, SimpleLoginProfile>(
    {
      id: "simplelogin",
      name: "SimpleLogin",
      type: "oidc",
      issuer: "https://app.simplelogin.io",
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: profile.avatar_url ?? null,
      }),
      style: { brandColor: "#e3156a" },
    },
    options,
  );
}
