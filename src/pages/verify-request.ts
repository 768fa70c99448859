/**
 * The page shown after an e-mail sign-in link was sent. For a provider that also mails one-time
 * codes it holds the code form; a refused code comes back here, with the address still filled in,
 * saying how many tries are left, or offering to mail a new code when none are.
 */
import { sayCount } from "../locales/count.js";
import { email } from "../locales/en/email.js";
import { pages } from "../locales/en/pages.js";
import { fill, type Language, say } from "../locales/messages.js";
import { escapeHtml } from "./escape.js";
import { ERROR_ID, hiddenField, invalidAttributes, postForm, primaryButton } from "./form-fields.js";
import { type RenderedPage, renderDocument } from "./layout.js";
import type { Theme } from "./theme.js";

/** Why the code form was shown again: the code typed was refused. */
export interface RefusedCode {
  /** Tries left when the code was wrong; undefined when it could not be tried (expired, used, void). */
  attemptsLeft?: number;
}

export interface VerifyRequestPageOptions {
  /** The app's host (`app.example.com`) or origin (`https://app.example.com`), named on the page. */
  host: string;
  /** For a provider that mails one-time codes: where the code form posts, with its CSRF token. */
  codeForm?: {
    actionUrl: string;
    csrfToken: string;
    /** The address the sign-in was asked for; filled in so the user types only the code. */
    email?: string;
    /** The code just typed was refused; the page says why and what to do. */
    refused?: RefusedCode;
    /** Where "Send a new code" posts the address: the provider's sign-in route. */
    signinUrl: string;
  };
  theme?: Theme;
  /** The request's language; English when absent. */
  language?: Language;
}

type CodeForm = NonNullable<VerifyRequestPageOptions["codeForm"]>;

/** A message of this page, escaped, parameters (already markup) filled in. */
const words = (language: Language | undefined, key: keyof typeof email, params?: Record<string, string>) =>
  fill(escapeHtml(say(language, email, key)), params);

/** Whether another code may still be typed for the sign-in this page is about. */
const canTryAgain = (refused: RefusedCode | undefined) =>
  refused === undefined || (refused.attemptsLeft ?? 0) > 0;

function refusalMessage({ attemptsLeft }: RefusedCode, language: Language | undefined): string {
  if (attemptsLeft === undefined) return say(language, email, "codeExpired");
  if (attemptsLeft === 0) return say(language, email, "codeLastTry");
  return sayCount(language, email, "codeWrong", attemptsLeft);
}

function emailValue(email: string | undefined): string {
  return email ? ` value="${escapeHtml(email)}"` : "";
}

function codeForm(form: CodeForm, language: Language | undefined): string {
  const inner = `${hiddenField("csrfToken", form.csrfToken)}
<div class="field">
<label for="input-email-for-code">${escapeHtml(say(language, pages, "email"))}</label>
<input id="input-email-for-code" type="email" name="email" autocomplete="email" required${emailValue(form.email)}>
</div>
<div class="field">
<label for="input-code">${words(language, "codeFromEmail")}</label>
<input id="input-code" type="text" name="code" inputmode="numeric" pattern="[0-9]{6}" maxlength="6" autocomplete="one-time-code" required${form.refused ? ` autofocus${invalidAttributes(true)}` : ""}>
</div>
${primaryButton(say(language, email, "signInWithCode"))}`;
  const lead = form.refused ? "" : `<p class="center">${words(language, "orEnterCode")}</p>\n`;
  return `${lead}${postForm(form.actionUrl, inner)}`;
}

/** The way out when no code can be typed any more: mail a fresh link and code to the same address. */
function newCodeForm(form: CodeForm, language: Language | undefined): string {
  const inner = `${hiddenField("csrfToken", form.csrfToken)}${hiddenField("email", form.email ?? "")}
${primaryButton(say(language, email, "sendNewCode"))}`;
  const what = form.email
    ? words(language, "newCodeTo", { email: `<strong>${escapeHtml(form.email)}</strong>` })
    : words(language, "newCode");
  return `<p class="center">${what}</p>\n${postForm(form.signinUrl, inner)}`;
}

function codeSection(form: CodeForm, language: Language | undefined): string {
  const alert = form.refused
    ? `<div class="alert" role="alert" id="${ERROR_ID}">${escapeHtml(refusalMessage(form.refused, language))}</div>\n`
    : "";
  // Without an address there is nothing to mail a new code to: the form asks for it again.
  const again = canTryAgain(form.refused) || !form.email;
  return `${alert}${again ? codeForm(form, language) : newCodeForm(form, language)}`;
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
  const { language } = options;
  const site = siteReference(options.host, language);
  const intro = options.codeForm?.refused
    ? ""
    : `<p class="center">${words(language, "linkSent")}</p>
<p class="center">${words(language, "linkNote")}</p>
`;
  const body = `${intro}${options.codeForm ? codeSection(options.codeForm, language) : ""}
${site ? `<p class="center actions">${site}</p>` : ""}`;
  const title = say(language, email, "checkEmail");
  return { html: renderDocument({ title, body, theme: options.theme, language }), status: 200 };
}

function siteReference(host: string, language: Language | undefined): string {
  if (!host) return "";
  try {
    const url = new URL(host);
    if (url.protocol === "http:" || url.protocol === "https:") {
      return `<a href="${escapeHtml(url.origin)}">${words(language, "backTo", { host: escapeHtml(url.host) })}</a>`;
    }
  } catch {
    // Not a URL: a bare host name, shown as text below.
  }
  return words(language, "returnTo", { host: escapeHtml(host) });
}
