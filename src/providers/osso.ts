import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** What Osso's `GET /oauth/me` returns for the SAML-authenticated user. */
export interface OssoProfile extends Record<string, unknown> {
  id: string;
  email: string;
  idp?: string;
  requested?: Record<string, unknown>;
}

/**
 * Osso (SAML single sign-on behind OAuth 2.0). `issuer` is your Osso deployment
 * (`https://osso.example.com`); its endpoints are `/oauth/authorize`, `/oauth/token` and
 * `/oauth/me` under it. Pass `domain` (or `email`) as an authorization param to pick the SAML IdP.
 * Client id and secret default to AUTH_OSSO_ID and AUTH_OSSO_SECRET.
 *
 * @example
 * ```ts
 * import Osso from "latchkey/providers/osso";
 *
 * const provider = Osso({ clientId: "client-id", clientSecret: "client-secret", issuer: "https://osso.example.com" });
 * ```
 */
export default function Osso(options: OAuthUserConfig<OssoProfile> = {}): OAuth2Config<OssoProfile> {
  const base = options.issuer?.replace(/\/+$/, "");
  return catalogueProvider<OAuth2Config<OssoProfile>, OssoProfile>(
    {
      id: "osso",
      name: "Osso",
      type: "oauth",
      ...(base
        ? {
            authorization: `${base}/oauth/authorize`,
            token: `${base}/oauth/token`,
            userinfo: `${base}/oauth/me`,
          }
        : {}),
      profile: (profile) => ({ id: profile.id, name: null, email: profile.email ?? null, image: null }),
      style: { brandColor: "#000000" },
    },
    options,
  );
}
