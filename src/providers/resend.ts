import { messageField } from "./mail-service/post.js";
import {
  mailServiceProvider,
  requireSender,
  type SenderConfig,
  senderProblem,
} from "./mail-service/provider.js";

export type ResendConfig = SenderConfig;
export type ResendUserConfig = Partial<Omit<ResendConfig, "type">>;

/**
 * Passwordless sign-in by e-mail, sent through Resend's API (`POST /emails`, Bearer key) with
 * `fetch`: no SDK, runs on edge runtimes. The key is `apiKey`, else `AUTH_RESEND_KEY`. Needs an
 * adapter with the verification-token methods.
 *
 * @example
 * ```ts
 * import Resend from "latchkey/providers/resend";
 *
 * Resend({ from: "Example <no-reply@example.com>" }); // the key from AUTH_RESEND_KEY
 * ```
 */
export default function Resend(options: ResendUserConfig = {}): ResendConfig {
  return mailServiceProvider<ResendConfig>(
    {
      name: "Resend",
      request: (mail, provider, apiKey) => ({
        path: "/emails",
        headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          from: requireSender("Resend", provider.from),
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
        }),
      }),
      // Resend's errors: `{ "statusCode": 422, "name": "validation_error", "message": "…" }`.
      problem: (provider) => senderProblem("Resend", provider.from),
      refusalMessage: messageField,
    },
    { id: "resend", name: "Resend", baseUrl: "https://api.resend.com", from: options.from },
    options,
  );
}
