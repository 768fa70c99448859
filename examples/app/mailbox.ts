/**
 * Where the example's sign-in mail goes: printed to the console and kept in memory, so a link can be
 * followed from the terminal or from the mailbox page at /mail. A real app sends it with the
 * Nodemailer provider (`latchkey/providers/nodemailer`) or its own mail API.
 */
import type { EmailVerificationRequest } from "latchkey";

export interface Mail {
  to: string;
  url: string;
  code: string | undefined;
  sentAt: Date;
}

export class Mailbox {
  readonly mails: Mail[] = [];

  /** The provider's `sendVerificationRequest`. */
  readonly send = async ({ identifier, url, code }: EmailVerificationRequest): Promise<void> => {
    this.mails.unshift({ to: identifier, url, code, sentAt: new Date() });
    this.mails.length = Math.min(this.mails.length, 50);
    console.log(`\n  Sign-in mail for ${identifier}:\n  ${url}${code ? `\n  code: ${code}` : ""}\n`);
  };
}
