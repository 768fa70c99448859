import { type MailApiConfig, type MailApiUserConfig, mailApiProvider } from "../core/mail-api-provider.js";

export interface MailgunConfig extends MailApiConfig {
  /** The Mailgun region of your domain: `US` (default, api.mailgun.net) or `EU` (api.eu.mailgun.net). */
  region?: "US" | "EU";
  /** The sending domain. Default: the domain of the `from` address. */
  domain?: string;
}

/** The domain of an address such as `Example <no-reply@mg.example.com>`. */
const domainOf = (from: string) => from.replace(/>\s*$/, "").split("@").pop() ?? from;

/**
 * Passwordless sign-in by e-mail, sent through Mailgun's Messages API
 * (`POST /v3/<domain>/messages`, basic auth `api:<key>`).
 * `apiKey` defaults to AUTH_MAILGUN_KEY. Needs an adapter with the verification-token methods.
 *
 * @example
 * ```ts
 * import Mailgun from "latchkey/providers/mailgun";
 *
 * const provider = Mailgun({ apiKey: "key-123", from: "no-reply@mg.example.com", region: "EU" });
 * ```
 */
export default function Mailgun(options: MailApiUserConfig<MailgunConfig> = {}): MailgunConfig {
  return mailApiProvider<MailgunConfig>(
    { id: "mailgun", name: "Mailgun" },
    (mail, provider) => {
      const host = provider.region === "EU" ? "https://api.eu.mailgun.net" : "https://api.mailgun.net";
      const domain = provider.domain ?? domainOf(mail.from);
      return fetch(`${host}/v3/${encodeURIComponent(domain)}/messages`, {
        method: "POST",
        headers: { authorization: `Basic ${btoa(`api:${provider.apiKey}`)}` },
        body: new URLSearchParams({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        }),
      });
    },
    options,
  );
}
