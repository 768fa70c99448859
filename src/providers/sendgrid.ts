import { mailboxOf } from "./mail-service/mailbox.js";
import {
  mailServiceProvider,
  requireSender,
  type SenderConfig,
  senderProblem,
} from "./mail-service/provider.js";

export type SendGridConfig = SenderConfig;
export type SendGridUserConfig = Partial<Omit<SendGridConfig, "type">>;

const NO_ADDRESS = `SendGrid needs \`from\` to hold an address, e.g. "Example <no-reply@example.com>".`;

/** SendGrid takes the sender in parts (`{ email, name }`); `from` must hold an address to split. */
function senderProblemOf(from: unknown): string | undefined {
  return senderProblem("SendGrid", from) ?? (mailboxOf(from as string) ? undefined : NO_ADDRESS);
}

function sendingMailbox(from: unknown) {
  const sender = mailboxOf(requireSender("SendGrid", from));
  if (!sender) throw new TypeError(NO_ADDRESS);
  return sender;
}

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
export default function SendGrid(options: SendGridUserConfig = {}): SendGridConfig {
  // A sender given with no address is refused at once; one not given yet is checked at sending.
  if (options.from !== undefined) sendingMailbox(options.from);
  return mailServiceProvider<SendGridConfig>(
    {
      name: "SendGrid",
      request: (mail, provider, apiKey) => ({
        path: "/v3/mail/send",
        headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          personalizations: [{ to: [{ email: mail.to }] }],
          from: sendingMailbox(provider.from),
          subject: mail.subject,
          // SendGrid wants text/plain before text/html.
          content: [
            { type: "text/plain", value: mail.text },
            { type: "text/html", value: mail.html },
          ],
        }),
      }),
      problem: (provider) => senderProblemOf(provider.from),
      refusalMessage: sendGridRefusal,
    },
    { id: "sendgrid", name: "SendGrid", baseUrl: "https://api.sendgrid.com", from: options.from },
    options,
  );
}
