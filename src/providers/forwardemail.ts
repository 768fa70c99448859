import { messageField } from "./mail-service/post.js";
import {
  mailServiceProvider,
  requireSender,
  type SenderConfig,
  senderProblem,
} from "./mail-service/provider.js";

export type ForwardEmailConfig = SenderConfig;
export type ForwardEmailUserConfig = Partial<Omit<ForwardEmailConfig, "type">>;

/** HTTP Basic credentials (RFC 7617 §2): Forward Email takes the key as the user name, with no password. */
const basicCredentials = (apiKey: string) => btoa(`${apiKey}:`);

/**
 * Passwordless sign-in by e-mail, sent through Forward Email's API (`POST /v1/emails`, the key as
 * the Basic user name) with `fetch`: no SDK, runs on edge runtimes. The key is `apiKey`, else
 * `AUTH_FORWARDEMAIL_KEY`. Needs an adapter with the verification-token methods.
 *
 * @example
 * ```ts
 * import ForwardEmail from "latchkey/providers/forwardemail";
 *
 * ForwardEmail({ from: "Example <no-reply@example.com>" }); // the key from AUTH_FORWARDEMAIL_KEY
 * ```
 */
export default function ForwardEmail(options: ForwardEmailUserConfig = {}): ForwardEmailConfig {
  return mailServiceProvider<ForwardEmailConfig>(
    {
      name: "Forward Email",
      request: (mail, provider, apiKey) => ({
        path: "/v1/emails",
        headers: { Authorization: `Basic ${basicCredentials(apiKey)}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          from: requireSender("Forward Email", provider.from),
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
        }),
      }),
      keyForms: (apiKey) => [basicCredentials(apiKey)],
      // Forward Email's errors: `{ "statusCode": 400, "error": "Bad Request", "message": "…" }`.
      problem: (provider) => senderProblem("Forward Email", provider.from),
      refusalMessage: messageField,
    },
    {
      id: "forwardemail",
      name: "Forward Email",
      baseUrl: "https://api.forwardemail.net",
      from: options.from,
    },
    options,
  );
}
