/** An e-mail provider that keeps what it would have sent, and the round trips e-mail tests repeat. */
import { expect } from "vitest";
import type { AuthConfig } from "../../../src/index.js";
import Email, { type EmailUserConfig } from "../../../src/providers/email.js";
import type { EmailConfig, EmailVerificationRequest } from "../../../src/providers/types.js";
import { CookieJar, getCsrf, send } from "../../core/helpers.js";

export interface Outbox {
  sent: EmailVerificationRequest[];
  provider: EmailConfig;
}

/** An `Email` provider whose mails land in `outbox.sent`. */
export function outboxProvider(options: Partial<EmailUserConfig> = {}): Outbox {
  const sent: EmailVerificationRequest[] = [];
  const provider = Email({
    sendVerificationRequest: (request) => {
      sent.push(request);
    },
    ...options,
  });
  return { sent, provider };
}

/** POST /signin/email with a fresh CSRF pair. */
export async function requestLink(
  config: AuthConfig,
  email: string,
  options: { headers?: Record<string, string>; origin?: string } = {},
): Promise<Response> {
  const { token, jar } = await getCsrf(config, options);
  return send(config, "/signin/email", { ...options, cookie: jar, form: { csrfToken: token, email } });
}

/** Posts a link's token back (what the confirm page's button does), from `jar`'s browser. */
export async function confirmLink(config: AuthConfig, url: string, jar = new CookieJar()): Promise<Response> {
  const link = new URL(url);
  const { token } = await getCsrf(config, { cookie: jar });
  const response = await send(config, "/callback/email", {
    cookie: jar,
    form: {
      csrfToken: token,
      token: String(link.searchParams.get("token")),
      email: String(link.searchParams.get("email")),
    },
  });
  jar.apply(response);
  return response;
}

export function lastMail(outbox: Outbox): EmailVerificationRequest {
  const mail = outbox.sent.at(-1);
  expect(mail).toBeDefined();
  return mail as EmailVerificationRequest;
}
