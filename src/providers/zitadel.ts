import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The profile ZITADEL returns. */
export interface ZitadelProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
}

/**
 * ZITADEL. `issuer` is your instance's URL, or AUTH_ZITADEL_ISSUER.
 * Client id and secret default to AUTH_ZITADEL_ID and AUTH_ZITADEL_SECRET.
 *
 * @example
 * ```ts
 * import Zitadel from "latchkey/providers/zitadel";
 *
 * const provider = Zitadel({ clientId: "client-id", clientSecret: "client-secret", issuer: "https://example.com" });
 * ```
 */
export default function Zitadel(options: OIDCUserConfig<ZitadelProfile> = {}): OIDCConfig<ZitadelProfile> {
  return catalogueProvider<OIDCConfig<ZitadelProfile>, ZitadelProfile>(
    {
      id: "zitadel",
      name: "ZITADEL",
      type: "oidc",
      style: { brandColor: "#000000" },
    },
    options,
  );
}
