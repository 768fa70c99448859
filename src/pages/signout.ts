/**
 * The sign-out confirmation page. Signing out is a POST with a CSRF token so that a cross-site link
 * or image cannot log the user out; this page is what a plain GET shows instead.
 */
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
  const form = postForm(
    options.signoutUrl,
    `${csrfFields(options.csrfToken, options.callbackUrl)}\n${primaryButton("Sign out")}`,
  );
  const body = `<p class="center">Are you sure you want to sign out?</p>\n${form}`;
  return { html: renderDocument({ title: "Sign out", body, theme: options.theme }), status: 200 };
}
