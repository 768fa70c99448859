import {
  type MailApiConfig,
  type MailApiUserConfig,
  mailApiProvider,
  postJson,
} from "../core/mail-api-provider.js";

/**
 * Passwordless sign-in by e-mail, sent through Resend's API (`POST https://api.resend.com/emails`).
 * `apiKey` defaults to AUTH_RESEND_KEY. Needs an adapter with the verification-token methods.
 *
 * @example
 * ```ts
 * import Resend from "latchkey/providers/resend";
 *
 * const provider = Resend({ apiKey: "re_123", from: "Example <no-reply@example.com>" });
 * ```
 */
export default function Resend(options: MailApiUserConfig = {}): MailApiConfig {
  return mailApiProvider(
    { id: "resend", name: "Resend" },
    (mail, provider) =>
      postJson(
        "https://api.resend.com/emails",
        { authorization: `Bearer ${provider.apiKey}` },
        { from: mail.from, to: [mail.to], subject: mail.subject, html: mail.html, text: mail.text },
      ),
    options,
  );
}
