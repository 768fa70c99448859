import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The profile SAML Jackson's `/api/oauth/userinfo` returns for a SAML assertion. */
export interface BoxyHQSAMLProfile extends Record<string, unknown> {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
}

/**
 * BoxyHQ SAML Jackson: SAML single sign-on behind an OAuth 2.0 facade. `issuer` is your Jackson
 * deployment (`https://jackson.example.com`); its endpoints are `/api/oauth/authorize`,
 * `/api/oauth/token` and `/api/oauth/userinfo` under it (BoxyHQ docs, "OAuth 2.0 flow"). Pass
 * `tenant` and `product` (or `connection`) as authorization params, as Jackson's docs show.
 * Client id and secret default to AUTH_BOXYHQ_SAML_ID and AUTH_BOXYHQ_SAML_SECRET.
 *
 * @example
 * ```ts
 * import BoxyHQSAML from "latchkey/providers/boxyhq-saml";
 *
 * const provider = BoxyHQSAML({
 *   clientId: "dummy",
 *   clientSecret: "dummy",
 *   issuer: "https://jackson.example.com",
 *   authorization: { params: { tenant: "example.com", product: "my-app" } },
 * });
 * ```
 */
export default function BoxyHQSAML(
  options: OAuthUserConfig<BoxyHQSAMLProfile> = {},
): OAuth2Config<BoxyHQSAMLProfile> {
  const base = options.issuer?.replace(/\/+$/, "");
  return catalogueProvider<OAuth2Config<BoxyHQSAMLProfile>, BoxyHQSAMLProfile>(
    {
      id: "boxyhq-saml",
      name: "BoxyHQ SAML",
      type: "oauth",
      ...(base
        ? {
            authorization: { url: `${base}/api/oauth/authorize`, params: { provider: "saml" } },
            token: `${base}/api/oauth/token`,
            userinfo: `${base}/api/oauth/userinfo`,
          }
        : {}),
      checks: ["pkce", "state"],
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: profile.id,
        name: [profile.firstName, profile.lastName].filter(Boolean).join(" ") || null,
        email: profile.email ?? null,
        image: null,
      }),
      style: { brandColor: "#25c2a0" },
    },
    options,
  );
}
