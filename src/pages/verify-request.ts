/**
 * The page shown after an e-mail sign-in link was sent.
 */
import { escapeHtml } from "./escape.js";
import { type RenderedPage, renderDocument } from "./layout.js";
import type { Theme } from "./theme.js";

export interface VerifyRequestPageOptions {
  /** The app's host (`app.example.com`) or origin (`https://app.example.com`), named on the page. */
  host: string;
  theme?: Theme;
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
