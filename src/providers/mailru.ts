import { fetchProviderJson, withQuery } from "../core/provider-http.js";
import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** What Mail.ru's `GET /userinfo` returns (the fields latchkey reads). */
export interface MailruProfile extends Record<string, unknown> {
  id: string;
  name?: string;
  email?: string;
  image?: string;
}

const USERINFO = "https://oauth.mail.ru/userinfo";

/**
 * Mail.ru. Its userinfo endpoint takes the token as the `access_token` query parameter.
 * Client id and secret default to AUTH_MAILRU_ID and AUTH_MAILRU_SECRET.
 *
 * @example
 * ```ts
 * import Mailru from "latchkey/providers/mailru";
 *
 * const provider = Mailru({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Mailru(options: OAuthUserConfig<MailruProfile> = {}): OAuth2Config<MailruProfile> {
  return catalogueProvider<OAuth2Config<MailruProfile>, MailruProfile>(
    {
      id: "mailru",
      name: "Mail.ru",
      type: "oauth",
      authorization: { url: "https://oauth.mail.ru/login", params: { scope: "userinfo" } },
      token: "https://oauth.mail.ru/token",
      userinfo: {
        url: USERINFO,
        request: async ({ tokens }) =>
          (await fetchProviderJson(
            withQuery(USERINFO, { access_token: String(tokens.access_token) }),
          )) as MailruProfile,
      },
      profile: (profile) => ({
        id: profile.id,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: profile.image ?? null,
      }),
      style: { brandColor: "#005ff9" },
    },
    options,
  );
}
