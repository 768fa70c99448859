import { mailboxOf } from "./mail-service/mailbox.js";
import { assertSender, mailServiceProvider, type SenderConfig } from "./mail-service/provider.js";

export type SendGridConfig = SenderConfig;
export type SendGridUserConfig = Partial<Omit<SendGridConfig, "type" | "from">> &
  Pick<SendGridConfig, "from">;

/** SendGrid's refusals: `{ "errors": [{ "message": "…", "field": "…", "help": … }] }`, one entry per problem. */
function sendGridRefusal(body: unknown): string | undefined {
  const errors =
    typeof body === "object" && body !== null ? (body as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(errors)) return undefined;
  const messages = errors
    .map((entry) =>
      typeof entry === "object" && entry !== null ? (entry as { message?: unknown }).message : undefined,
    )
    .filter((message): message is string => typeof message === "string");
  return messages.length > 0 ? messages.join("; ") : undefined;
}

/**
 * Passwordless sign-in by e-mail, sent through SendGrid's v3 Mail Send API (`POST /v3/mail/send`,
 * Bearer key) with `fetch`: no SDK, runs on edge runtimes. The key is `apiKey`, else
 * `AUTH_SENDGRID_KEY`. Needs an adapter with the verification-token methods.
 *
 * @example
 * ```ts
 * import SendGrid from "latchkey/providers/sendgrid";
 *
 * SendGrid({ from: "Example <no-reply@example.com>", apiKey: process.env.SENDGRID_API_KEY });
 * ```
 */
export default function SendGrid(options: SendGridUserConfig): SendGridConfig {
  assertSender("SendGrid", options?.from);
  const sender = mailboxOf(options.from);
  if (!sender)
    throw new TypeError(`SendGrid needs \`from\` to hold an address, e.g. "Example <no-reply@example.com>".`);
  return mailServiceProvider<SendGridConfig>(
    {
      name: "SendGrid",
      request: (mail, _provider, apiKey) => ({
        path: "/v3/mail/send",
        headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          personalizations: [{ to: [{ email: mail.to }] }],
          from: sender,
          subject: mail.subject,
          // SendGrid wants text/plain before text/html.
          content: [
            { type: "text/plain", value: mail.text },
            { type: "text/html", value: mail.html },
          ],
        }),
      }),
      refusalMessage: sendGridRefusal,
    },
    { id: "sendgrid", name: "SendGrid", baseUrl: "https://api.sendgrid.com", from: options.from },
    options,
  );
}
