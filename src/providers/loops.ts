import { messageField } from "./mail-service/post.js";
import { type MailServiceConfig, mailServiceProvider } from "./mail-service/provider.js";

export interface LoopsConfig extends MailServiceConfig {
  /**
   * The id of the transactional e-mail you made in Loops. Its template gets the link as the data
   * variable `url` and, with `otp: true`, the one-time code as `code`: add those variables to it.
   */
  transactionalId: string;
}

export type LoopsUserConfig = Partial<Omit<LoopsConfig, "type" | "transactionalId">> &
  Pick<LoopsConfig, "transactionalId">;

/**
 * Passwordless sign-in by e-mail, sent as a Loops transactional e-mail (`POST
 * /api/v1/transactional`, Bearer key) with `fetch`: no SDK, runs on edge runtimes. Loops renders
 * the mail from your template, so there is no `from` here. The key is `apiKey`, else
 * `AUTH_LOOPS_KEY`. Needs an adapter with the verification-token methods.
 *
 * @example
 * ```ts
 * import Loops from "latchkey/providers/loops";
 *
 * Loops({ transactionalId: process.env.AUTH_LOOPS_TRANSACTIONAL_ID ?? "clx0example" });
 * ```
 */
export default function Loops(options: LoopsUserConfig): LoopsConfig {
  if (typeof options?.transactionalId !== "string" || options.transactionalId === "") {
    throw new TypeError(
      "Loops needs `transactionalId`: the id of the transactional e-mail (with a `url` data variable) you made in Loops.",
    );
  }
  return mailServiceProvider<LoopsConfig>(
    {
      name: "Loops",
      request: (mail, provider, apiKey) => ({
        path: "/api/v1/transactional",
        headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          transactionalId: provider.transactionalId,
          email: mail.to,
          dataVariables: { url: mail.url, ...(mail.code === undefined ? {} : { code: mail.code }) },
        }),
      }),
      // Loops's errors: `{ "success": false, "message": "…" }`.
      refusalMessage: messageField,
    },
    { id: "loops", name: "Loops", baseUrl: "https://app.loops.so", transactionalId: options.transactionalId },
    options,
  );
}
