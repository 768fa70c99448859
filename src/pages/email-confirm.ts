/**
 * The landing page of an e-mail sign-in link. Mail scanners and link previewers follow links with GET,
 * so the GET only shows this page; the token is consumed by the POST its button sends.
 */
import { email } from "../locales/en/email.js";
import { pages } from "../locales/en/pages.js";
import { fill, type Language, say } from "../locales/messages.js";
import { escapeHtml } from "./escape.js";
import { hiddenField, postForm, primaryButton } from "./form-fields.js";
import { type RenderedPage, renderDocument } from "./layout.js";
import type { Theme } from "./theme.js";

export interface EmailConfirmPageOptions {
  /** The one-time token from the link. */
  token: string;
  /** The identifier (e-mail address) the token was issued for. */
  email: string;
  /** Where to land after signing in; already validated by the core. */
  callbackUrl: string;
  /** Sent when the core protects the confirm POST with the CSRF cookie. */
  csrfToken?: string;
  /** The POST route that consumes the token, e.g. `/auth/callback/email`. */
  actionUrl: string;
  theme?: Theme;
  /** The request's language; English when absent. */
  language?: Language;
}

/**
 * Renders the one-click confirmation page; the form posts `token`, `email`, `callbackUrl` and
 * (when given) `csrfToken` to `actionUrl`.
 *
 * @example
 * ```ts
 * const { html } = renderEmailConfirmPage({
 *   token, email: "ada@example.com", callbackUrl: "/", actionUrl: "/auth/callback/email",
 * });
 * ```
 */
export function renderEmailConfirmPage(options: EmailConfirmPageOptions): RenderedPage {
  const fields = [
    hiddenField("token", options.token),
    hiddenField("email", options.email),
    hiddenField("callbackUrl", options.callbackUrl),
    options.csrfToken === undefined ? "" : hiddenField("csrfToken", options.csrfToken),
  ].join("");
  const { language } = options;
  const continueAs = fill(escapeHtml(say(language, email, "continueAs")), {
    email: `<strong>${escapeHtml(options.email)}</strong>`,
  });
  const body = `<p class="center">${continueAs}</p>
${postForm(options.actionUrl, `${fields}\n${primaryButton(say(language, pages, "signIn"))}`)}
<p class="note">${escapeHtml(say(language, email, "confirmNote"))}</p>`;
  const title = say(language, email, "confirmSignIn");
  return { html: renderDocument({ title, body, theme: options.theme, language }), status: 200 };
}
