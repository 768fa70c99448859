/**
 * The sign-in e-mail: an HTML and a plain-text body naming the site, with the link and, for
 * providers with one-time codes, the code; or, as a second factor, the code and a link to the page
 * it is typed on. Written in the language of the request that asked for it. Everything interpolated is escaped: the host and URL
 * come from the app's configured origin, the code is digits, but nothing here trusts that.
 */
import { email } from "../locales/en/email.js";
import { invitation as invitationWords } from "../locales/en/invitation.js";
import { pages } from "../locales/en/pages.js";
import { fill, type Language, say } from "../locales/messages.js";
import { escapeHtml } from "./escape.js";
import { CSS_NAMED_COLORS } from "./named-colors.js";
import { isColorKeyword, resolveTheme, type Theme } from "./theme.js";

export interface VerificationEmailOptions {
  /** The sign-in link. */
  url: string;
  /** The one-time code, when the provider sends one. */
  code?: string;
  theme?: Theme;
  /** The language of the request that asked for the mail; English when absent. */
  language?: Language;
  /**
   * `"secondFactor"`: a code to finish a sign-in, `url` opening the page it is typed on.
   * `"invitation"`: an invitation to an organization, `url` accepting it.
   */
  purpose?: "signIn" | "secondFactor" | "invitation";
  /** With `purpose: "invitation"`: who invited to which organization, with which role. */
  invitation?: { organization: string; inviter: string; role: string };
  /** When the code stops working; the second-factor mail says in how many minutes. */
  expires?: Date;
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
  if (options.purpose === "invitation" && options.invitation)
    return renderInvitationEmail(options, options.invitation);
  const { language, code } = options;
  const locale = language?.locale ?? "en";
  const host = new URL(options.url).host;
  const t = (key: keyof typeof email, params?: Record<string, string>) => say(language, email, key, params);
  const secondFactor = options.purpose === "secondFactor" && code !== undefined;
  const minutes = Math.max(1, Math.round(((options.expires?.getTime() ?? 0) - Date.now()) / 60_000));
  // "10 minutes", "10 Minuten", "10 دقائق": the unit's name and plural form from Intl (ECMA-402 §16).
  const expiry = options.expires
    ? t("codeMailExpiry", {
        minutes: new Intl.NumberFormat(locale, { style: "unit", unit: "minute", unitDisplay: "long" }).format(
          minutes,
        ),
      })
    : "";
  const subject = t(secondFactor ? "codeMailSubject" : "mailSubject", { host });
  const heading = secondFactor
    ? escapeHtml(t("codeMailLead"))
    : fill(escapeHtml(t("mailSubject")), { host: `<strong>${escapeHtml(host)}</strong>` });
  const button = secondFactor ? t("codeMailOpen") : say(language, pages, "signIn");
  const codeLead = secondFactor ? expiry : t("mailCode");
  const codeHtml =
    code === undefined
      ? ""
      : `<p style="font-family:Helvetica,Arial,sans-serif;font-size:16px;color:#444">${escapeHtml(codeLead)}</p>
<p style="font-family:Menlo,Consolas,monospace;font-size:28px;letter-spacing:6px;color:#222" dir="ltr"><strong>${escapeHtml(code)}</strong></p>`;
  const html = mailFrame(options, heading, button, codeHtml, t("mailIgnore"));
  const text = (
    secondFactor
      ? [t("codeMailLead"), "", code, "", expiry, "", `${button}: ${options.url}`]
      : [subject, "", options.url, ...(code === undefined ? [] : ["", `${t("mailCode")} ${code}`])]
  )
    .concat("", t("mailIgnore"), "")
    .join("\n");
  return { subject, html, text };
}

/**
 * The invitation e-mail: who invited the reader to which organization as what, and the link that
 * accepts it, in the language of the request that sent it.
 */
function renderInvitationEmail(
  options: VerificationEmailOptions,
  words: { organization: string; inviter: string; role: string },
): VerificationEmail {
  const { language } = options;
  const t = (key: keyof typeof invitationWords) => say(language, invitationWords, key, words);
  const subject = t("invitationSubject");
  const body = t("invitationBody");
  const button = t("invitationAccept");
  const ignore = t("invitationIgnore");
  const html = mailFrame(options, escapeHtml(body), button, "", ignore);
  const text = [body, "", `${button}: ${options.url}`, "", ignore, ""].join("\n");
  return { subject, html, text };
}

/** The HTML every mail shares: `headingHtml` (markup), one button to `options.url`, `extraHtml`, a closing line. */
function mailFrame(
  options: VerificationEmailOptions,
  headingHtml: string,
  button: string,
  extraHtml: string,
  closing: string,
): string {
  const locale = options.language?.locale ?? "en";
  const dir = say(options.language, pages, "dir") === "rtl" ? "rtl" : "ltr";
  const theme = resolveTheme(options.theme);
  const brand = drawableColor(theme.brandColor) ?? "#346df1";
  const buttonText = drawableColor(theme.buttonText) ?? "#ffffff";
  return `<!doctype html>
<html lang="${escapeHtml(locale)}" dir="${dir}">
<body style="background:#f9f9f9;margin:0;padding:24px">
<table role="presentation" width="100%" style="max-width:600px;margin:auto;background:#ffffff;border-radius:10px;padding:24px">
<tr><td style="font-family:Helvetica,Arial,sans-serif;font-size:20px;color:#222;text-align:center">${headingHtml}</td></tr>
<tr><td style="text-align:center;padding:24px 0">
<a href="${escapeHtml(options.url)}" target="_blank" style="font-family:Helvetica,Arial,sans-serif;font-size:18px;color:${escapeHtml(buttonText)};background:${escapeHtml(brand)};text-decoration:none;border-radius:5px;padding:10px 20px;display:inline-block;font-weight:bold">${escapeHtml(button)}</a>
${extraHtml}
</td></tr>
<tr><td style="font-family:Helvetica,Arial,sans-serif;font-size:14px;color:#666;text-align:center">${escapeHtml(closing)}</td></tr>
</table>
</body>
</html>
`;
}
