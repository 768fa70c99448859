/**
 * E-mail providers that send through a mail service's HTTP API (Resend, SendGrid, Postmark, …):
 * the sign-in mail is latchkey's own (renderVerificationEmail), addressed to exactly the one
 * address the sign-in named; each provider module only says how its service takes a message.
 */
import { renderVerificationEmail } from "../pages/verification-email.js";
import type { EmailConfig, EmailVerificationRequest } from "../provider-types.js";
import { assertSingleAddress } from "./email-address.js";

/** The message a mail service is asked to deliver. */
export interface OutgoingMail {
  to: string;
  /** Empty for a service whose template names the sender (Loops). */
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The sign-in link, for services that render their own template (Loops). */
  url: string;
}

/** An e-mail provider that sends through a mail service's HTTP API. */
export interface MailApiConfig extends EmailConfig {
  /** The service's API key. Default: AUTH_<ID>_KEY. */
  apiKey?: string;
  /** The sender, e.g. `"Example <no-reply@example.com>"`. */
  from?: string;
}

export type MailApiUserConfig<C extends MailApiConfig = MailApiConfig> = Partial<Omit<C, "type">>;

/** How one service takes a message: the request to send, given the provider's resolved options. */
export type MailApiRequest<C extends MailApiConfig> = (mail: OutgoingMail, provider: C) => Promise<Response>;

/**
 * An e-mail provider sending through `send`. A refused request ends the sign-in with
 * `EmailSignInError` (the flow's handling of a throwing `sendVerificationRequest`).
 */
export function mailApiProvider<C extends MailApiConfig>(
  defaults: { id: string; name: string; senderInTemplate?: boolean },
  send: MailApiRequest<C>,
  options: MailApiUserConfig<C>,
): C {
  async function sendVerificationRequest(params: EmailVerificationRequest): Promise<void> {
    const { identifier, url, code, theme } = params;
    const provider = params.provider as C;
    assertSingleAddress(identifier);
    const { apiKey, from = "" } = provider;
    if (!apiKey) throw new Error(`The e-mail provider "${provider.id}" needs \`apiKey\`.`);
    if (!from && !defaults.senderInTemplate) {
      throw new Error(`The e-mail provider "${provider.id}" needs \`from\`.`);
    }
    const message = renderVerificationEmail({ url, ...(code === undefined ? {} : { code }), theme });
    const response = await send({ to: identifier, from, url, ...message }, provider);
    if (!response.ok) {
      throw new Error(`${provider.name} refused the sign-in e-mail (${response.status}).`);
    }
  }
  return {
    id: defaults.id,
    name: defaults.name,
    maxAge: 24 * 60 * 60,
    sendVerificationRequest,
    ...options,
    type: "email",
  } as C;
}

/** A JSON POST, as most mail APIs take it. */
export function postJson(url: string, headers: Record<string, string>, body: unknown): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...headers },
    body: JSON.stringify(body),
  });
}
