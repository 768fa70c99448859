import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** The account Mastodon's `GET /api/v1/accounts/verify_credentials` returns (the fields latchkey reads). */
export interface MastodonProfile extends Record<string, unknown> {
  id: string;
  username: string;
  acct: string;
  display_name?: string;
  avatar?: string;
}

/**
 * Mastodon. `issuer` is the server your app is registered on (`https://mastodon.social`); its
 * endpoints are `/oauth/authorize`, `/oauth/token` and `/api/v1/accounts/verify_credentials` under
 * it (Mastodon docs, "OAuth"). Mastodon shares no e-mail address.
 * Client id and secret default to AUTH_MASTODON_ID and AUTH_MASTODON_SECRET.
 *
 * @example
 * ```ts
 * import Mastodon from "latchkey/providers/mastodon";
 *
 * const provider = Mastodon({ clientId: "client-id", clientSecret: "client-secret", issuer: "https://mastodon.social" });
 * ```
 */
export default function Mastodon(
  options: OAuthUserConfig<MastodonProfile> = {},
): OAuth2Config<MastodonProfile> {
  const base = options.issuer?.replace(/\/+$/, "");
  return catalogueProvider<OAuth2Config<MastodonProfile>, MastodonProfile>(
    {
      id: "mastodon",
      name: "Mastodon",
      type: "oauth",
      ...(base
        ? {
            authorization: { url: `${base}/oauth/authorize`, params: { scope: "read:accounts" } },
            token: `${base}/oauth/token`,
            userinfo: `${base}/api/v1/accounts/verify_credentials`,
          }
        : {}),
      profile: (profile) => ({
        id: profile.id,
        name: profile.display_name || profile.username,
        email: null,
        image: profile.avatar ?? null,
      }),
      style: { brandColor: "#6364ff" },
    },
    options,
  );
}
