/**
 * The error page for `/error?error=<Type>`. Its wording is chosen by type (error-copy.ts); its status
 * comes from the error class (the caller passes it), so the page holds no second map of statuses.
 */
import { pages } from "../locales/en/pages.js";
import { type Language, say } from "../locales/messages.js";
import { errorCopy } from "./error-copy.js";
import { escapeHtml } from "./escape.js";
import { type RenderedPage, renderDocument } from "./layout.js";
import type { Theme } from "./theme.js";

export interface ErrorPageOptions {
  /** Error type from the query string; picks the wording, never shown verbatim. */
  error: string;
  /** Link target for trying again, e.g. `/auth/signin`. */
  signinUrl: string;
  /** The HTTP status, from the error's class (`errorPageStatus`). */
  status: number;
  theme?: Theme;
  /** The request's language; English when absent. */
  language?: Language;
}

/**
 * Renders the error page.
 *
 * @example
 * ```ts
 * const { html, status } = renderErrorPage({ error: "Verification", signinUrl: "/auth/signin", status: 403 });
 * ```
 */
export function renderErrorPage(options: ErrorPageOptions): RenderedPage {
  const copy = errorCopy(options.error, options.language);
  const body = `<p class="center">${escapeHtml(copy.message)}</p>
<p class="actions"><a class="button" href="${escapeHtml(options.signinUrl)}">${escapeHtml(say(options.language, pages, "signIn"))}</a></p>`;
  return {
    html: renderDocument({ title: copy.heading, body, theme: options.theme, language: options.language }),
    status: options.status,
  };
}
