/**
 * The page shown after an e-mail sign-in link was sent. For a provider that also mails one-time
 * codes it holds the code form; a refused code comes back here, with the address still filled in,
 * saying how many tries are left, or offering to mail a new code when none are.
 */
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
}

type CodeForm = NonNullable<VerifyRequestPageOptions["codeForm"]>;

/** Whether another code may still be typed for the sign-in this page is about. */
const canTryAgain = (refused: RefusedCode | undefined) =>
  refused === undefined || (refused.attemptsLeft ?? 0) > 0;

function refusalMessage({ attemptsLeft }: RefusedCode): string {
  if (attemptsLeft === undefined)
    return "That code has expired or was already used. Send yourself a new code.";
  if (attemptsLeft === 0)
    return "That code is not right, and that was the last try. Send yourself a new code.";
  const tries = attemptsLeft === 1 ? "1 try" : `${attemptsLeft} tries`;
  return `That code is not right. Check the code in the latest email and try again: ${tries} left.`;
}

function emailValue(email: string | undefined): string {
  return email ? ` value="${escapeHtml(email)}"` : "";
}

function codeForm(form: CodeForm): string {
  const inner = `${hiddenField("csrfToken", form.csrfToken)}
<div class="field">
<label for="input-email-for-code">Email</label>
<input id="input-email-for-code" type="email" name="email" autocomplete="email" required${emailValue(form.email)}>
</div>
<div class="field">
<label for="input-code">Code from the email</label>
<input id="input-code" type="text" name="code" inputmode="numeric" pattern="[0-9]{6}" maxlength="6" autocomplete="one-time-code" required${form.refused ? ` autofocus${invalidAttributes(true)}` : ""}>
</div>
${primaryButton("Sign in with code")}`;
  const lead = form.refused ? "" : `<p class="center">Or enter the 6-digit code from the email:</p>\n`;
  return `${lead}${postForm(form.actionUrl, inner)}`;
}

/** The way out when no code can be typed any more: mail a fresh link and code to the same address. */
function newCodeForm(form: CodeForm): string {
  const inner = `${hiddenField("csrfToken", form.csrfToken)}${hiddenField("email", form.email ?? "")}
${primaryButton("Send a new code")}`;
  const address = form.email ? ` to <strong>${escapeHtml(form.email)}</strong>` : "";
  return `<p class="center">We will email a new link and code${address}.</p>\n${postForm(form.signinUrl, inner)}`;
}

function codeSection(form: CodeForm): string {
  const alert = form.refused
    ? `<div class="alert" role="alert" id="${ERROR_ID}">${escapeHtml(refusalMessage(form.refused))}</div>\n`
    : "";
  // Without an address there is nothing to mail a new code to: the form asks for it again.
  const again = canTryAgain(form.refused) || !form.email;
  return `${alert}${again ? codeForm(form) : newCodeForm(form)}`;
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
  const intro = options.codeForm?.refused
    ? ""
    : `<p class="center">We sent a sign-in link to your email address. Open it on this device to continue.</p>
<p class="center">The link expires soon and works once. If it does not arrive, check your spam folder.</p>
`;
  const body = `${intro}${options.codeForm ? codeSection(options.codeForm) : ""}
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
