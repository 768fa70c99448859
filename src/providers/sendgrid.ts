import {
  type MailApiConfig,
  type MailApiUserConfig,
  mailApiProvider,
  postJson,
} from "../core/mail-api-provider.js";

/**
 * Passwordless sign-in by e-mail, sent through Twilio SendGrid's v3 Mail Send API.
 * `apiKey` defaults to AUTH_SENDGRID_KEY. Needs an adapter with the verification-token methods.
 *
 * @example
 * ```ts
 * import SendGrid from "latchkey/providers/sendgrid";
 *
 * const provider = SendGrid({ apiKey: "SG.abc", from: "no-reply@example.com" });
 * ```
 */
export default function SendGrid(options: MailApiUserConfig = {}): MailApiConfig {
  return mailApiProvider(
    { id: "sendgrid", name: "SendGrid" },
    (mail, provider) =>
      postJson(
        "https://api.sendgrid.com/v3/mail/send",
        { authorization: `Bearer ${provider.apiKey}` },
        {
          personalizations: [{ to: [{ email: mail.to }] }],
          from: { email: mail.from },
          subject: mail.subject,
          content: [
            { type: "text/plain", value: mail.text },
            { type: "text/html", value: mail.html },
          ],
        },
      ),
    options,
  );
}
