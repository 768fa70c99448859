import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The ID-token claims Frontegg issues (the fields latchkey reads). */
export interface FronteggProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  profilePictureUrl?: string;
}

/**
 * Frontegg, by OpenID Connect discovery. `issuer` is your Frontegg domain
 * (`https://<app>.frontegg.com`), or AUTH_FRONTEGG_ISSUER.
 * Client id and secret default to AUTH_FRONTEGG_ID and AUTH_FRONTEGG_SECRET.
 *
 * @example
 * ```ts
 * import Frontegg from "latchkey/providers/frontegg";
 *
 * const provider = Frontegg({ clientId: "client-id", clientSecret: "client-secret", issuer: "https://app-example.frontegg.com" });
 * ```
 */
export default function Frontegg(options: OIDCUserConfig<FronteggProfile> = {}): OIDCConfig<FronteggProfile> {
  return catalogueProvider<OIDCConfig<FronteggProfile>, FronteggProfile>(
    {
      id: "frontegg",
      name: "Frontegg",
      type: "oidc",
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: profile.profilePictureUrl ?? null,
      }),
      style: { brandColor: "#4461f2" },
    },
    options,
  );
}
