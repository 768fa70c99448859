import {
  mailServiceProvider,
  requireSender,
  type SenderConfig,
  senderProblem,
} from "./mail-service/provider.js";

export type PostmarkConfig = SenderConfig;
export type PostmarkUserConfig = Partial<Omit<PostmarkConfig, "type">>;

/** Postmark's refusals: `{ "ErrorCode": 300, "Message": "…" }` (its API error codes). */
interface PostmarkAnswer {
  ErrorCode?: unknown;
  Message?: unknown;
}

const answer = (body: unknown): PostmarkAnswer => (typeof body === "object" && body !== null ? body : {});

/**
 * Passwordless sign-in by e-mail, sent through Postmark's API (`POST /email` with the server token
 * in `X-Postmark-Server-Token`) with `fetch`: no SDK, runs on edge runtimes. The token is
 * `apiKey`, else `AUTH_POSTMARK_KEY`. Needs an adapter with the verification-token methods.
 *
 * @example
 * ```ts
 * import Postmark from "latchkey/providers/postmark";
 *
 * Postmark({ from: "Example <no-reply@example.com>" }); // the server token from AUTH_POSTMARK_KEY
 * ```
 */
export default function Postmark(options: PostmarkUserConfig = {}): PostmarkConfig {
  return mailServiceProvider<PostmarkConfig>(
    {
      name: "Postmark",
      request: (mail, provider, apiKey) => ({
        path: "/email",
        headers: {
          Accept: "application/json",
          "Content-Type": "application/json",
          "X-Postmark-Server-Token": apiKey,
        },
        body: JSON.stringify({
          From: requireSender("Postmark", provider.from),
          To: mail.to,
          Subject: mail.subject,
          HtmlBody: mail.html,
          TextBody: mail.text,
        }),
      }),
      problem: (provider) => senderProblem("Postmark", provider.from),
      refusalMessage: (body) => {
        const { ErrorCode, Message } = answer(body);
        if (typeof Message !== "string") return undefined;
        return typeof ErrorCode === "number" ? `${Message} (ErrorCode ${ErrorCode})` : Message;
      },
    },
    { id: "postmark", name: "Postmark", baseUrl: "https://api.postmarkapp.com", from: options.from },
    options,
  );
}
