import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The ID-token claims Descope issues for `openid profile email`. */
export interface DescopeProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
}

/**
 * Descope, by OpenID Connect discovery. The issuer is `https://api.descope.com/<project id>`, the
 * project id being the client id: it is derived when `clientId` is given here, else taken from
 * AUTH_DESCOPE_ISSUER.
 * Client id (the project id) and secret (an access key) default to AUTH_DESCOPE_ID and AUTH_DESCOPE_SECRET.
 *
 * @example
 * ```ts
 * import Descope from "latchkey/providers/descope";
 *
 * const provider = Descope({ clientId: "P2abc123", clientSecret: "access-key" });
 * ```
 */
export default function Descope(options: OIDCUserConfig<DescopeProfile> = {}): OIDCConfig<DescopeProfile> {
  return catalogueProvider<OIDCConfig<DescopeProfile>, DescopeProfile>(
    {
      id: "descope",
      name: "Descope",
      type: "oidc",
      ...(typeof options.clientId === "string"
        ? { issuer: `https://api.descope.com/${options.clientId}` }
        : {}),
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: { brandColor: "#1c1c23" },
    },
    options,
  );
}
