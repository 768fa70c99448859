import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OIDCConfig, OIDCUserConfig } from "./types.js";

/** The ID-token claims LINE Login issues. */
export interface LineProfile extends Record<string, unknown> {
  sub: string;
  name?: string;
  picture?: string;
  /** Only when the channel has the e-mail permission and the user agreed. */
  email?: string;
}

/**
 * LINE Login (v2.1), by OpenID Connect discovery from `https://access.line.me`. LINE signs a web
 * login's ID token with HS256 and the channel secret, which latchkey verifies with the client secret;
 * the token request carries the channel id and secret in its body, as LINE's token endpoint expects.
 * Client id (the channel ID) and secret default to AUTH_LINE_ID and AUTH_LINE_SECRET.
 *
 * @example
 * ```ts
 * import LINE from "latchkey/providers/line";
 *
 * const provider = LINE({ clientId: "channel-id", clientSecret: "channel-secret" });
 * ```
 */
export default function LINE(options: OIDCUserConfig<LineProfile> = {}): OIDCConfig<LineProfile> {
  return catalogueProvider<OIDCConfig<LineProfile>, LineProfile>(
    {
      id: "line",
      name: "LINE",
      type: "oidc",
      issuer: "https://access.line.me",
      authorization: { params: { scope: "openid profile email" } },
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: { brandColor: "#06c755" },
    },
    options,
  );
}
