import {
  type MailApiConfig,
  type MailApiUserConfig,
  mailApiProvider,
  postJson,
} from "../core/mail-api-provider.js";

/**
 * Passwordless sign-in by e-mail, sent through Forward Email's API (`POST
 * https://api.forwardemail.net/v1/emails`, the API token as the basic-auth user name).
 * `apiKey` defaults to AUTH_FORWARDEMAIL_KEY. Needs an adapter with the verification-token methods.
 *
 * @example
 * ```ts
 * import ForwardEmail from "latchkey/providers/forwardemail";
 *
 * const provider = ForwardEmail({ apiKey: "api-token", from: "no-reply@example.com" });
 * ```
 */
export default function ForwardEmail(options: MailApiUserConfig = {}): MailApiConfig {
  return mailApiProvider(
    { id: "forwardemail", name: "Forward Email" },
    (mail, provider) =>
      postJson(
        "https://api.forwardemail.net/v1/emails",
        { authorization: `Basic ${btoa(`${provider.apiKey}:`)}` },
        { from: mail.from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text },
      ),
    options,
  );
}
