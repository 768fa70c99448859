/**
 * The page shown after an e-mail sign-in link was sent.
 */
import { escapeHtml } from "./escape.js";
import { hiddenField, postForm, primaryButton } from "./form-fields.js";
import { type RenderedPage, renderDocument } from "./layout.js";
import type { Theme } from "./theme.js";

export interface VerifyRequestPageOptions {
  /** The app's host (`app.example.com`) or origin (`https://app.example.com`), named on the page. */
  host: string;
  /** For a provider that mails one-time codes: where the code form posts, with its CSRF token. */
  codeForm?: { actionUrl: string; csrfToken: string };
  theme?: Theme;
}

function codeForm({ actionUrl, csrfToken }: { actionUrl: string; csrfToken: string }): string {
  const inner = `${hiddenField("csrfToken", csrfToken)}
<label class="section-header" for="input-email-for-code">Email</label>
<input id="input-email-for-code" type="email" name="email" autocomplete="email" required>
<label class="section-header" for="input-code">Code from the email</label>
<input id="input-code" type="text" name="code" inputmode="numeric" pattern="[0-9]{6}" maxlength="6" autocomplete="one-time-code" required>
${primaryButton("Sign in with code")}`;
  return `<p class="center">Or enter the 6-digit code from the email:</p>\n${postForm(actionUrl, inner)}`;
}

/**
 * Renders the "check your e-mail" page. An http(s) origin becomes a link back to the site; any other
 * value is shown as escaped text only.
 *
 * @example
 * ```ts
 * const { html } = renderVerifyRequestPage({ host: "https://app.example.com" });
 * ```
 */
export function renderVerifyRequestPage(options: VerifyRequestPageOptions): RenderedPage {
  const site = siteReference(options.host);
  const body = `<p class="center">We sent a sign-in link to your email address. Open it on this device to continue.</p>
<p class="center">The link expires soon and works once. If it does not arrive, check your spam folder.</p>
${options.codeForm ? codeForm(options.codeForm) : ""}
${site ? `<p class="center actions">${site}</p>` : ""}`;
  return { html: renderDocument({ title: "Check your email", body, theme: options.theme }), status: 200 };
}

function siteReference(host: string): string {
  if (!host) return "";
  try {
    const url = new URL(host);
    if (url.protocol === "http:" || url.protocol === "https:") {
      return `<a href="${escapeHtml(url.origin)}">Back to ${escapeHtml(url.host)}</a>`;
    }
  } catch {
    // Not a URL: a bare host name, shown as text below.
  }
  return `You can close this page and return to ${escapeHtml(host)}.`;
}
