/**
 * What every HTTP mail-service provider shares (Resend, SendGrid, Postmark, Mailgun, Forward
 * Email, Loops): the options Auth.js gives them (`apiKey`, `from`), an API root tests can point at
 * a stand-in, and one `sendVerificationRequest` that renders the sign-in mail and posts it. Each
 * service's module says only how its API wants the request and how it words a refusal.
 */

import { carrying } from "../../carried-code.js";
import { assertSingleAddress } from "../../core/email-address.js";
import { providerEnvPrefix } from "../../core/env.js";
import { isLoopbackHttp } from "../../core/loopback.js";
import { CARRIED_SENDING_CHECK, emailFlow } from "../../flows/email.js";
import { carryingFlow } from "../../flows/types.js";
import { renderVerificationEmail } from "../../pages/verification-email.js";
import type { EmailConfig, EmailVerificationRequest } from "../types.js";
import { type MailApiRequest, type MailServiceAnswers, postToMailService } from "./post.js";

export interface MailServiceConfig extends EmailConfig {
  /**
   * The service's API root. The default is the service's own (`https://api.resend.com`); change it
   * only for a proxy in front of the service, or a stand-in in tests. It must be https (the key
   * travels with every request); plain http is allowed only to 127.0.0.1, [::1] and localhost.
   */
  baseUrl: string;
}

/** A service that sends the mail latchkey renders, from the app's own address. */
export interface SenderConfig extends MailServiceConfig {
  /**
   * The sender, e.g. `"Example <no-reply@example.com>"`: an address the service lets you send from.
   * Required to send; a provider without it is reported by `checkConfig`, and refuses each mail.
   */
  from?: string;
}

/** The sign-in mail, rendered, for one recipient. */
export interface SignInMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The sign-in link, for services that render the mail from their own template (Loops). */
  url: string;
  /** The one-time code, with `otp: true`. */
  code?: string;
}

/** One service: how its API takes the mail, and how it answers. */
export interface MailService<C extends MailServiceConfig> extends MailServiceAnswers {
  request(mail: SignInMail, provider: C, apiKey: string): MailApiRequest;
  /** Strings that carry the key in this service's request (an encoded `Authorization` value), kept out of errors too. */
  keyForms?(apiKey: string): string[];
  /** What keeps `provider` from sending (no sender): checked before each mail, and by `checkConfig`. */
  problem?(provider: C): string | undefined;
}

/** `baseUrl` as a URL the key may be sent to, or a `TypeError` that names the fix. */
function apiRoot(provider: MailServiceConfig): URL {
  let url: URL;
  try {
    url = new URL(provider.baseUrl);
  } catch {
    throw new TypeError(`The baseUrl of provider "${provider.id}" is not a URL: "${provider.baseUrl}".`);
  }
  if (url.protocol !== "https:" && !isLoopbackHttp(url)) {
    throw new TypeError(
      `The baseUrl of provider "${provider.id}" must use https: the API key travels with every request (got ${url.origin}; plain http is allowed only for 127.0.0.1, [::1] and localhost).`,
    );
  }
  return url;
}

/** `path` under the API root, keeping any path the root has (a proxy's prefix). */
const endpoint = (root: URL, path: string) => new URL(`${root.href.replace(/\/+$/, "")}${path}`);

async function sendThrough<C extends MailServiceConfig>(
  service: MailService<C>,
  params: EmailVerificationRequest,
): Promise<void> {
  const { identifier, url, code } = params;
  const provider = params.provider as C;
  // The flow has already checked the address; checked again because this function can be called directly.
  assertSingleAddress(identifier);
  const problem = service.problem?.(provider);
  if (problem) throw new TypeError(problem);
  const apiKey = provider.apiKey;
  if (!apiKey) {
    throw new Error(
      `${service.name} needs an API key: pass \`apiKey\` to the provider "${provider.id}" or set ${providerEnvPrefix(provider.id)}_KEY.`,
    );
  }
  // The request holds every option the renderer reads (link, code, theme, language, purpose).
  const message = renderVerificationEmail(params);
  const mail: SignInMail = { to: identifier, ...message, url, ...(code === undefined ? {} : { code }) };
  const request = service.request(mail, provider, apiKey);
  const secrets = [apiKey, ...(service.keyForms?.(apiKey) ?? [])];
  await postToMailService(service, endpoint(apiRoot(provider), request.path), request, secrets);
}

/**
 * The provider `defaults` describes with the app's `options` over them, sending through `service`
 * unless the app brings its own `sendVerificationRequest`. Throws a `TypeError` for a `baseUrl`
 * the key must not be sent to.
 */
export function mailServiceProvider<C extends MailServiceConfig>(
  service: MailService<C>,
  defaults: Omit<C, "type" | "sendVerificationRequest">,
  options: Partial<Omit<C, "type">>,
): C {
  const provider = {
    sendVerificationRequest: (params: EmailVerificationRequest) => sendThrough(service, params),
    ...defaults,
    ...options,
    // `baseUrl: process.env.SOMETHING` left unset keeps the service's own root.
    baseUrl: options.baseUrl ?? defaults.baseUrl,
    type: "email",
  } as C;
  apiRoot(provider);
  // An app's own sendVerificationRequest does not go through the service, so its checks do not apply.
  const checked =
    service.problem && !options.sendVerificationRequest
      ? carrying(provider, CARRIED_SENDING_CHECK, (given: EmailConfig) => service.problem?.(given as C))
      : provider;
  return carryingFlow<C>(checked, emailFlow);
}

/**
 * What is wrong with `from` for sending, naming the option, or undefined when it is a sender. Not
 * checked when the provider is made: a factory passed uncalled (`providers: [Resend]`) has no
 * `from` yet, and only a mail that would go out needs one. `checkConfig` reports it before then.
 */
export function senderProblem(serviceName: string, from: unknown): string | undefined {
  return typeof from !== "string" || from.trim() === ""
    ? `${serviceName} needs \`from\`: the sender, e.g. "Example <no-reply@example.com>", an address the service lets you send from.`
    : undefined;
}

/** `from`, or a `TypeError` naming the option when a mail would go out without a sender. */
export function requireSender(serviceName: string, from: unknown): string {
  const problem = senderProblem(serviceName, from);
  if (problem) throw new TypeError(problem);
  return from as string;
}
