import { standardClaimsUser } from "../core/provider-defaults.js";
import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The profile Authentik returns. */
export interface AuthentikProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
}

/**
 * authentik. `issuer` is the application's provider URL (`https://<host>/application/o/<slug>/`), or AUTH_AUTHENTIK_ISSUER.
 * Client id and secret default to AUTH_AUTHENTIK_ID and AUTH_AUTHENTIK_SECRET.
 *
 * @example
 * ```ts
 * import Authentik from "latchkey/providers/authentik";
 *
 * const provider = Authentik({ clientId: "client-id", clientSecret: "client-secret", issuer: "https://example.com" });
 * ```
 */
export default function Authentik(
  options: OIDCUserConfig<AuthentikProfile> = {},
): OIDCConfig<AuthentikProfile> {
  return catalogueProvider<OIDCConfig<AuthentikProfile>, AuthentikProfile>(
    {
      id: "authentik",
      name: "Authentik",
      type: "oidc",

      profile: standardClaimsUser,
      style: { brandColor: "#fd4b2d" },
    },
    options,
  );
}
