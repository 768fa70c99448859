import {
  type MailApiConfig,
  type MailApiUserConfig,
  mailApiProvider,
  postJson,
} from "../core/mail-api-provider.js";

/**
 * Passwordless sign-in by e-mail, sent through Postmark's API (`POST https://api.postmarkapp.com/email`,
 * the server token in `X-Postmark-Server-Token`).
 * `apiKey` (the server token) defaults to AUTH_POSTMARK_KEY. Needs an adapter with the
 * verification-token methods.
 *
 * @example
 * ```ts
 * import Postmark from "latchkey/providers/postmark";
 *
 * const provider = Postmark({ apiKey: "server-token", from: "no-reply@example.com" });
 * ```
 */
export default function Postmark(options: MailApiUserConfig = {}): MailApiConfig {
  return mailApiProvider(
    { id: "postmark", name: "Postmark" },
    (mail, provider) =>
      postJson(
        "https://api.postmarkapp.com/email",
        { "x-postmark-server-token": String(provider.apiKey) },
        {
          From: mail.from,
          To: mail.to,
          Subject: mail.subject,
          TextBody: mail.text,
          HtmlBody: mail.html,
          MessageStream: "outbound",
        },
      ),
    options,
  );
}
