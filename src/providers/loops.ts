import {
  type MailApiConfig,
  type MailApiUserConfig,
  mailApiProvider,
  postJson,
} from "../core/mail-api-provider.js";

export interface LoopsConfig extends MailApiConfig {
  /**
   * The transactional e-mail you designed in Loops; it receives the sign-in link as the data
   * variable `url`.
   */
  transactionalId?: string;
}

/**
 * Passwordless sign-in by e-mail, sent as a Loops transactional e-mail (`POST
 * https://app.loops.so/api/v1/transactional`): Loops renders your template, so `from` is set there,
 * not here, and one-time codes are not sent.
 * `apiKey` defaults to AUTH_LOOPS_KEY. Needs an adapter with the verification-token methods.
 *
 * @example
 * ```ts
 * import Loops from "latchkey/providers/loops";
 *
 * const provider = Loops({ apiKey: "loops-key", transactionalId: "clxyz123" });
 * ```
 */
export default function Loops(options: MailApiUserConfig<LoopsConfig> = {}): LoopsConfig {
  return mailApiProvider<LoopsConfig>(
    { id: "loops", name: "Loops", senderInTemplate: true },
    (mail, provider) =>
      postJson(
        "https://app.loops.so/api/v1/transactional",
        { authorization: `Bearer ${provider.apiKey}` },
        { transactionalId: provider.transactionalId, email: mail.to, dataVariables: { url: mail.url } },
      ),
    options,
  );
}
