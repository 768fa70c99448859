/**
 * The sign-in e-mail: an HTML and a plain-text body naming the site, with the link and, for
 * providers with one-time codes, the code. Everything interpolated is escaped: the host and URL
 * come from the app's configured origin, the code is digits, but nothing here trusts that.
 */
import { escapeHtml } from "./escape.js";
import { CSS_NAMED_COLORS } from "./named-colors.js";
import { isColorKeyword, resolveTheme, type Theme } from "./theme.js";

export interface VerificationEmailOptions {
  /** The sign-in link. */
  url: string;
  /** The one-time code, when the provider sends one. */
  code?: string;
  theme?: Theme;
}

export interface VerificationEmail {
  subject: string;
  html: string;
  text: string;
}

/**
 * A theme colour an e-mail client will draw. Mail clients take inline styles only, with no
 * `@supports` to fall back from a keyword that names no colour (the button would lose its
 * background and keep its white text), so a keyword must be one of CSS's named colours here.
 */
function drawableColor(color: string | undefined): string | undefined {
  if (color === undefined || !isColorKeyword(color)) return color;
  return CSS_NAMED_COLORS.has(color) ? color : undefined;
}

/**
 * Renders the sign-in e-mail for `url` (its host names the site in the subject and the body).
 *
 * @example
 * ```ts
 * const { subject, html, text } = renderVerificationEmail({ url: "https://app.example.com/auth/callback/email?token=…", code: "123456" });
 * ```
 */
export function renderVerificationEmail(options: VerificationEmailOptions): VerificationEmail {
  const host = new URL(options.url).host;
  const theme = resolveTheme(options.theme);
  const brand = drawableColor(theme.brandColor) ?? "#346df1";
  const buttonText = drawableColor(theme.buttonText) ?? "#ffffff";
  const codeHtml =
    options.code === undefined
      ? ""
      : `<p style="font-family:Helvetica,Arial,sans-serif;font-size:16px;color:#444">Or enter this code on the sign-in page:</p>
<p style="font-family:Menlo,Consolas,monospace;font-size:28px;letter-spacing:6px;color:#222"><strong>${escapeHtml(options.code)}</strong></p>`;
  const html = `<!doctype html>
<html lang="en">
<body style="background:#f9f9f9;margin:0;padding:24px">
<table role="presentation" width="100%" style="max-width:600px;margin:auto;background:#ffffff;border-radius:10px;padding:24px">
<tr><td style="font-family:Helvetica,Arial,sans-serif;font-size:20px;color:#222;text-align:center">Sign in to <strong>${escapeHtml(host)}</strong></td></tr>
<tr><td style="text-align:center;padding:24px 0">
<a href="${escapeHtml(options.url)}" target="_blank" style="font-family:Helvetica,Arial,sans-serif;font-size:18px;color:${escapeHtml(buttonText)};background:${escapeHtml(brand)};text-decoration:none;border-radius:5px;padding:10px 20px;display:inline-block;font-weight:bold">Sign in</a>
${codeHtml}
</td></tr>
<tr><td style="font-family:Helvetica,Arial,sans-serif;font-size:14px;color:#666;text-align:center">If you did not ask for this email, you can safely ignore it.</td></tr>
</table>
</body>
</html>
`;
  const text = [
    `Sign in to ${host}`,
    "",
    options.url,
    ...(options.code === undefined ? [] : ["", `Or enter this code on the sign-in page: ${options.code}`]),
    "",
    "If you did not ask for this email, you can safely ignore it.",
    "",
  ].join("\n");
  return { subject: `Sign in to ${host}`, html, text };
}
