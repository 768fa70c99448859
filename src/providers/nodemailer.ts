import { assertSingleAddress } from "../core/email-address.js";
import { emailFlow } from "../flows/email.js";
import { carryingFlow } from "../flows/types.js";
import { renderVerificationEmail } from "../pages/verification-email.js";
import type { EmailConfig, EmailVerificationRequest } from "./types.js";

/**
 * nodemailer's SMTP transport options (`host`, `port`, `secure`, `auth`, …), or any transport
 * nodemailer's `createTransport` accepts.
 */
export type NodemailerServer = string | Record<string, unknown>;

export interface NodemailerConfig extends EmailConfig {
  /** An SMTP URL (`smtps://user:pass@smtp.example.com:465`) or nodemailer transport options. */
  server: NodemailerServer;
  /** The sender, e.g. `"Example <no-reply@example.com>"`. */
  from: string;
}

export type NodemailerUserConfig = Partial<Omit<NodemailerConfig, "type" | "server" | "from">> &
  Pick<NodemailerConfig, "server" | "from">;

/**
 * Sends the default sign-in e-mail (HTML and text, naming the site's host) through nodemailer, to
 * exactly the one address the sign-in named.
 */
async function sendWithNodemailer(params: EmailVerificationRequest): Promise<void> {
  const { identifier, provider } = params;
  const { server, from } = provider as NodemailerConfig;
  // The flow has already checked the address; checked again because this function can be called directly.
  assertSingleAddress(identifier);
  const { createTransport } = await import("nodemailer");
  const transport = createTransport(server as Parameters<typeof createTransport>[0]);
  // The request holds every option the renderer reads (link, code, theme, language, purpose).
  const message = renderVerificationEmail(params);
  const result = await transport.sendMail({
    to: identifier,
    from,
    // The SMTP envelope, set explicitly: RCPT TO is this one address, whatever the headers say.
    envelope: { from, to: [identifier] },
    subject: message.subject,
    text: message.text,
    html: message.html,
  });
  const refused = [...(result.rejected ?? []), ...(result.pending ?? [])];
  if (refused.length > 0)
    throw new Error(`The mail server did not accept the recipient (${refused.length}).`);
}

/**
 * Passwordless sign-in by e-mail, sent over SMTP with nodemailer (install it: `npm install nodemailer`).
 * Node.js only. Needs an adapter with the verification-token methods.
 *
 * @example
 * ```ts
 * import Nodemailer from "latchkey/providers/nodemailer";
 *
 * Nodemailer({
 *   server: process.env.EMAIL_SERVER ?? "smtp://127.0.0.1:1025", // or { host, port, auth: { user, pass } }
 *   from: "Example <no-reply@example.com>",
 *   otp: true, // also mail a 6-digit code
 * });
 * ```
 */
export default function Nodemailer(options: NodemailerUserConfig): NodemailerConfig {
  if (!options?.server || typeof options.from !== "string" || options.from === "") {
    throw new TypeError(
      'Nodemailer needs `server` (an SMTP URL or nodemailer transport options) and `from` (e.g. "Example <no-reply@example.com>").',
    );
  }
  return carryingFlow<NodemailerConfig>(
    {
      id: "nodemailer",
      name: "Nodemailer",
      sendVerificationRequest: sendWithNodemailer,
      ...options,
      type: "email",
    },
    emailFlow,
  );
}
