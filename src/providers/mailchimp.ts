import { fetchProviderJson, withBearerTokenType } from "../core/provider-http.js";
import { catalogueProvider } from "../flows/oauth/carried.js";
import type { OAuth2Config, OAuthUserConfig } from "./types.js";

/** What Mailchimp's `GET /oauth2/metadata` returns (the fields latchkey reads). */
export interface MailchimpProfile extends Record<string, unknown> {
  accountname?: string;
  dc?: string;
  login: {
    login_id: number;
    login_name?: string;
    login_email?: string;
    email?: string;
    avatar?: string | null;
  };
}

const METADATA = "https://login.mailchimp.com/oauth2/metadata";

/**
 * Mailchimp. Its metadata endpoint takes the token as `Authorization: OAuth <token>`, and its token
 * response carries no `token_type`.
 * Client id and secret default to AUTH_MAILCHIMP_ID and AUTH_MAILCHIMP_SECRET.
 *
 * @example
 * ```ts
 * import Mailchimp from "latchkey/providers/mailchimp";
 *
 * const provider = Mailchimp({ clientId: "client-id", clientSecret: "client-secret" });
 * ```
 */
export default function Mailchimp(
  options: OAuthUserConfig<MailchimpProfile> = {},
): OAuth2Config<MailchimpProfile> {
  return catalogueProvider<OAuth2Config<MailchimpProfile>, MailchimpProfile>(
    {
      id: "mailchimp",
      name: "Mailchimp",
      type: "oauth",
      authorization: "https://login.mailchimp.com/oauth2/authorize",
      token: {
        url: "https://login.mailchimp.com/oauth2/token",
        conform: (response) => withBearerTokenType(response),
      },
      userinfo: {
        url: METADATA,
        request: async ({ tokens }) =>
          (await fetchProviderJson(METADATA, {
            authorization: `OAuth ${tokens.access_token}`,
          })) as MailchimpProfile,
      },
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: ({ login, accountname }) => ({
        id: String(login.login_id),
        name: login.login_name ?? accountname ?? null,
        email: login.login_email ?? login.email ?? null,
        image: login.avatar ?? null,
      }),
      style: { brandColor: "#ffe01b" },
    },
    options,
  );
}
