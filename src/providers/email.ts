import { emailFlow } from "../flows/email.js";
import { carryingFlow } from "../flows/types.js";
import type { EmailConfig } from "./types.js";

export type { EmailConfig };

export type EmailUserConfig = Partial<Omit<EmailConfig, "type">> &
  Pick<EmailConfig, "sendVerificationRequest">;

/**
 * Passwordless sign-in by e-mail, sent by your own `sendVerificationRequest` (an HTTP mail API, a
 * queue): no SMTP server or nodemailer needed. It receives the address, the link and (with
 * `otp: true`) a one-time code. Needs an adapter with the verification-token methods.
 *
 * @example
 * ```ts
 * import Email from "latchkey/providers/email";
 *
 * Email({
 *   sendVerificationRequest: async ({ identifier, url }) => {
 *     await mailApi.send({ to: identifier, subject: "Sign in", text: `Sign in: ${url}` });
 *   },
 * });
 * ```
 */
export default function Email(options: EmailUserConfig): EmailConfig {
  return carryingFlow<EmailConfig>({ id: "email", name: "Email", ...options, type: "email" }, emailFlow);
}
