/**
 * The sign-out confirmation page. Signing out is a POST with a CSRF token so that a cross-site link
 * or image cannot log the user out; this page is what a plain GET shows instead.
 */
import { pages } from "../locales/en/pages.js";
import { type Language, say } from "../locales/messages.js";
import { escapeHtml } from "./escape.js";
import { csrfFields, postForm, primaryButton } from "./form-fields.js";
import { type RenderedPage, renderDocument } from "./layout.js";
import type { Theme } from "./theme.js";

export interface SignOutPageOptions {
  csrfToken: string;
  /** The POST sign-out route, e.g. `/auth/signout`. */
  signoutUrl: string;
  /** Where to go after signing out; already validated by the core. */
  callbackUrl?: string;
  theme?: Theme;
  /** The request's language; English when absent. */
  language?: Language;
}

/**
 * Renders the "are you sure?" page with a POST form to `signoutUrl`.
 *
 * @example
 * ```ts
 * const { html } = renderSignOutPage({ csrfToken, signoutUrl: "/auth/signout", callbackUrl: "/" });
 * ```
 */
export function renderSignOutPage(options: SignOutPageOptions): RenderedPage {
  const { language } = options;
  const title = say(language, pages, "signOut");
  const form = postForm(
    options.signoutUrl,
    `${csrfFields(options.csrfToken, options.callbackUrl)}\n${primaryButton(title)}`,
  );
  const body = `<p class="center">${escapeHtml(say(language, pages, "signOutQuestion"))}</p>\n${form}`;
  return { html: renderDocument({ title, body, theme: options.theme, language }), status: 200 };
}
