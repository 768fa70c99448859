import { senderDomain } from "./mail-service/mailbox.js";
import { messageField } from "./mail-service/post.js";
import {
  mailServiceProvider,
  requireSender,
  type SenderConfig,
  senderProblem,
} from "./mail-service/provider.js";

/** Where a Mailgun domain lives; its API root follows (Mailgun API reference, "Base URL"). */
export type MailgunRegion = "US" | "EU";

const REGION_ROOTS: Record<MailgunRegion, string> = {
  US: "https://api.mailgun.net",
  EU: "https://api.eu.mailgun.net",
};

export interface MailgunConfig extends SenderConfig {
  /** The region the sending domain was created in. Default `"US"`. */
  region?: MailgunRegion;
  /** The sending domain, as Mailgun lists it. Default: the domain of `from`'s address. */
  domain?: string;
}

export type MailgunUserConfig = Partial<Omit<MailgunConfig, "type">>;

const NO_DOMAIN = `Mailgun needs the sending domain: give \`domain\`, or a \`from\` with an address, e.g. "Example <no-reply@mg.example.com>".`;

/** The domain Mailgun's URL names: `domain`, else the one of `from`'s address. */
const sendingDomain = (domain: string | undefined, from: string | undefined) =>
  domain ?? (from === undefined ? undefined : senderDomain(from));

function requireDomain(provider: MailgunConfig): string {
  const domain = sendingDomain(provider.domain, requireSender("Mailgun", provider.from));
  if (!domain) throw new TypeError(NO_DOMAIN);
  return domain;
}

/** HTTP Basic credentials (RFC 7617 §2): Mailgun's user name is `api`, the password the key. */
const basicCredentials = (apiKey: string) => btoa(`api:${apiKey}`);

/**
 * Passwordless sign-in by e-mail, sent through Mailgun's API (`POST /v3/<domain>/messages`, form
 * fields, Basic `api:<key>`) with `fetch`: no SDK, runs on edge runtimes. The key is `apiKey`, else
 * `AUTH_MAILGUN_KEY`; `region: "EU"` for a domain in Mailgun's EU region. Needs an adapter with the
 * verification-token methods.
 *
 * @example
 * ```ts
 * import Mailgun from "latchkey/providers/mailgun";
 *
 * Mailgun({ from: "Example <no-reply@mg.example.com>", region: "EU" }); // sends as mg.example.com
 * ```
 */
export default function Mailgun(options: MailgunUserConfig = {}): MailgunConfig {
  const region = options.region ?? "US";
  if (!Object.hasOwn(REGION_ROOTS, region))
    throw new TypeError(`Mailgun's region is "US" or "EU", not "${String(region)}".`);
  const domain = sendingDomain(options.domain, options.from);
  // A sender given with no address is refused at once; one not given yet is checked at sending.
  if (options.from !== undefined && !domain) throw new TypeError(NO_DOMAIN);
  return mailServiceProvider<MailgunConfig>(
    {
      name: "Mailgun",
      request: (mail, provider, apiKey) => ({
        path: `/v3/${encodeURIComponent(requireDomain(provider))}/messages`,
        headers: { Authorization: `Basic ${basicCredentials(apiKey)}` },
        body: new URLSearchParams({
          from: requireSender("Mailgun", provider.from),
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        }),
      }),
      problem: (provider) =>
        senderProblem("Mailgun", provider.from) ??
        (sendingDomain(provider.domain, provider.from) ? undefined : NO_DOMAIN),
      keyForms: (apiKey) => [basicCredentials(apiKey)],
      // Mailgun's errors: `{ "message": "…" }`, or a bare "Forbidden" for a wrong key.
      refusalMessage: messageField,
    },
    { id: "mailgun", name: "Mailgun", baseUrl: REGION_ROOTS[region], from: options.from, region, domain },
    domain === undefined ? options : { ...options, domain },
  );
}
