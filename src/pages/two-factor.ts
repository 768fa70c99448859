/**
 * The two-factor pages: the challenge (a code from the authenticator app, or a recovery code), the
 * enrolment (QR code, the secret for manual entry, a confirm form), and the recovery codes, shown
 * once. No page runs an inline script: the code field is plain HTML (`autocomplete="one-time-code"`
 * lets the browser offer a code it sees), the codes download through a `data:` link, and "use a
 * passkey" runs the passkey flow's script from `<basePath>/webauthn-script`, so every page works
 * under a Content-Security-Policy of `script-src 'self'`.
 */
import { sayCount } from "../locales/count.js";
import { email as emailWords } from "../locales/en/email.js";
import { twoFactor } from "../locales/en/two-factor.js";
import { type Language, say } from "../locales/messages.js";
import { escapeHtml } from "./escape.js";
import { ERROR_ID, hiddenField, invalidAttributes, postForm, primaryButton } from "./form-fields.js";
import { type RenderedPage, renderDocument } from "./layout.js";
import type { Theme } from "./theme.js";

/** What went wrong with the last code, in the user's words (never the error's own message). */
export type TwoFactorRefusal = "wrongCode" | "wrongRecoveryCode" | "wrongEmailCode" | "wrongPasskey";

/** A message of these pages in `language`, escaped. */
const words = (language: Language | undefined, key: keyof typeof twoFactor) =>
  escapeHtml(say(language, twoFactor, key));

function alert(refusal: TwoFactorRefusal | undefined, language: Language | undefined): string {
  return refusal === undefined
    ? ""
    : `<div class="alert" role="alert" id="${ERROR_ID}">${words(language, refusal)}</div>\n`;
}

export interface TwoFactorChallengePageOptions {
  /** Where the form posts (`<basePath>/two-factor`). */
  actionUrl: string;
  csrfToken: string;
  /** Which code the form asks for; the page links to the other ways. */
  method: "totp" | "recovery" | "email";
  /** This page's URL for the other method (`?method=recovery` or without it). */
  otherMethodUrl: string;
  /** A step-up for a signed-in user rather than the second step of a sign-in. */
  stepUp?: boolean;
  refusal?: TwoFactorRefusal;
  /** Where "start again" leads. */
  signinUrl: string;
  theme?: Theme;
  /** Offer "use a passkey": the options URL and the passkey script's URL. */
  passkey?: { optionsUrl: string; scriptUrl: string };
  /** Offer a code by e-mail: this page for it, where "send" posts, and whether a code was just sent. */
  email?: { pageUrl: string; sendUrl: string; sent?: boolean; callbackUrl?: string };
  /** Offer "trust this device" beside the code. */
  trustDevice?: boolean;
  /** The request's language; English when absent. */
  language?: Language;
}

/**
 * Whether a refusal is about the typed code, so the code field is marked invalid and named by the
 * message; a refused passkey is not about the field.
 */
const aboutTheCode = (refusal: TwoFactorRefusal | undefined) =>
  refusal !== undefined && refusal !== "wrongPasskey";

/** A 6-digit code's field (space allowed, as "123 456"); the one-time-code autocomplete fills a mailed or texted code. */
function codeField(id: string, label: string, autofocus: boolean, invalid: boolean): string {
  return `<div class="field">
<label for="${id}">${label}</label>
<input id="${id}" type="text" name="code" inputmode="numeric" pattern="[0-9 ]{6,7}" maxlength="7" autocomplete="one-time-code" required${autofocus ? " autofocus" : ""}${invalidAttributes(invalid)}>
</div>`;
}

const totpField = (autofocus: boolean, invalid: boolean, language: Language | undefined) =>
  codeField("input-two-factor-code", words(language, "codeFromApp"), autofocus, invalid);
const emailCodeField = (autofocus: boolean, invalid: boolean, language: Language | undefined) =>
  codeField("input-email-code", words(language, "codeFromMail"), autofocus, invalid);

const trustField = (language: Language | undefined) => `<div class="field checkbox">
<label><input type="checkbox" name="trustDevice" value="on"> ${words(language, "trustDevice")}</label>
</div>`;

/**
 * "Use a passkey": a form the passkey script drives (`data-passkey`): it fetches the options, runs
 * `navigator.credentials.get()` and posts the assertion as `data` with `method=passkey`.
 */
function passkeyBlock(options: TwoFactorChallengePageOptions): string {
  if (options.passkey === undefined) return "";
  const { language } = options;
  const inner = `${hiddenField("csrfToken", options.csrfToken)}${hiddenField("method", "passkey")}${hiddenField("action", "")}${hiddenField("data", "")}
${options.trustDevice ? trustField(language) : ""}
<button type="button" class="button secondary" data-passkey-action="authenticate">${words(language, "usePasskey")}</button>
<p class="note" role="status" data-passkey-status hidden></p>
<noscript><p class="note">${words(language, "passkeysNeedScriptShort")}</p></noscript>`;
  return `${postForm(options.actionUrl, inner, ` class="passkey" data-passkey data-options-url="${escapeHtml(options.passkey.optionsUrl)}"`)}
<script src="${escapeHtml(options.passkey.scriptUrl)}" defer></script>`;
}

/** The e-mail method's page: "send me a code", then the code field once one was sent. */
function emailBlock(options: TwoFactorChallengePageOptions, inner: string): string {
  const email = options.email;
  if (email === undefined) return "";
  const send = postForm(
    email.sendUrl,
    `${hiddenField("csrfToken", options.csrfToken)}${email.callbackUrl === undefined ? "" : hiddenField("callbackUrl", email.callbackUrl)}
<button type="submit" class="button${email.sent ? " secondary" : ""}">${email.sent ? escapeHtml(say(options.language, emailWords, "sendNewCode")) : words(options.language, "emailMeCode")}</button>`,
  );
  return email.sent
    ? `<p class="center">${words(options.language, "codeSent")}</p>
${postForm(options.actionUrl, inner)}
${send}`
    : send;
}

function recoveryField(autofocus: boolean, invalid: boolean, language: Language | undefined): string {
  return `<div class="field">
<label for="input-recovery-code">${words(language, "recoveryCode")}</label>
<input id="input-recovery-code" type="text" name="code" autocomplete="off" autocapitalize="none" spellcheck="false" maxlength="64" required${autofocus ? " autofocus" : ""}${invalidAttributes(invalid)}>
</div>`;
}

/**
 * Renders the page that asks for the second factor.
 *
 * @example
 * ```ts
 * const { html } = renderTwoFactorChallengePage({
 *   actionUrl: "/auth/two-factor", csrfToken, method: "totp",
 *   otherMethodUrl: "/auth/two-factor?method=recovery", signinUrl: "/auth/signin",
 * });
 * ```
 */
export function renderTwoFactorChallengePage(options: TwoFactorChallengePageOptions): RenderedPage {
  const { language } = options;
  const totp = options.method === "totp";
  const invalid = aboutTheCode(options.refusal);
  const field =
    options.method === "email"
      ? emailCodeField(true, invalid, language)
      : totp
        ? totpField(true, invalid, language)
        : recoveryField(true, invalid, language);
  const inner = `${hiddenField("csrfToken", options.csrfToken)}${hiddenField("method", options.method)}
${field}
${options.trustDevice ? trustField(language) : ""}
${primaryButton(say(language, twoFactor, options.stepUp ? "confirm" : "verify"))}`;
  const lead = words(language, options.stepUp ? "stepUpLead" : "twoFactorLead");
  const other = `<a href="${escapeHtml(options.otherMethodUrl)}">${words(language, totp ? "useRecoveryCode" : "useApp")}</a>`;
  const byEmail =
    options.email && options.method !== "email"
      ? ` · <a href="${escapeHtml(options.email.pageUrl)}">${words(language, "emailMeCode")}</a>`
      : "";
  const startAgain = options.stepUp
    ? ""
    : ` · <a href="${escapeHtml(options.signinUrl)}">${words(language, "startAgain")}</a>`;
  const form = options.method === "email" ? emailBlock(options, inner) : postForm(options.actionUrl, inner);
  const body = `${alert(options.refusal, language)}<p class="center">${lead}</p>
${form}
${options.method === "email" ? "" : passkeyBlock(options)}
<p class="center actions">${other}${byEmail}${startAgain}</p>`;
  const status = options.refusal === undefined ? 200 : 401;
  const title = say(language, twoFactor, "twoFactor");
  return { html: renderDocument({ title, body, theme: options.theme, language }), status };
}

export interface TwoFactorSetupPageOptions {
  /** Where the confirm form posts (`<basePath>/two-factor-setup`). */
  actionUrl: string;
  csrfToken: string;
  /** The `otpauth://` URI drawn as a QR code, as trusted SVG markup (generated, never user input). */
  qrSvg: string;
  /** The shared secret in base32, for typing into an app by hand. */
  secret: string;
  refusal?: TwoFactorRefusal;
  theme?: Theme;
  /** The request's language; English when absent. */
  language?: Language;
}

/** Groups of four, as authenticator apps print secrets: easier to type, the same characters. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/**
 * Renders the enrolment page: scan the QR code (or type the secret), then confirm with a code.
 *
 * @example
 * ```ts
 * const { html } = renderTwoFactorSetupPage({
 *   actionUrl: "/auth/two-factor-setup", csrfToken, qrSvg, secret: "JBSWY3DPEHPK3PXP",
 * });
 * ```
 */
export function renderTwoFactorSetupPage(options: TwoFactorSetupPageOptions): RenderedPage {
  const { language } = options;
  const inner = `${hiddenField("csrfToken", options.csrfToken)}
${totpField(options.refusal !== undefined, aboutTheCode(options.refusal), language)}
${primaryButton(say(language, twoFactor, "turnOn"))}`;
  const body = `${alert(options.refusal, language)}<p class="center">${words(language, "scanCode")}</p>
<div class="center" role="img" aria-label="${words(language, "qrCode")}">${options.qrSvg}</div>
<p class="center">${words(language, "cannotScan")}</p>
<p class="center"><code>${escapeHtml(grouped(options.secret))}</code></p>
${postForm(options.actionUrl, inner)}`;
  const status = options.refusal === undefined ? 200 : 401;
  return {
    html: renderDocument({ title: say(language, twoFactor, "setUp"), body, theme: options.theme, language }),
    status,
  };
}

export interface RecoveryCodesPageOptions {
  /** The new codes, shown this once. */
  codes: readonly string[];
  /** Where "Continue" leads (the sign-in's callback URL). */
  continueUrl: string;
  theme?: Theme;
  /** The request's language; English when absent. */
  language?: Language;
}

/**
 * Renders the recovery codes, shown once, with a download as a text file (a `data:` URL, so no
 * script is needed).
 *
 * @example
 * ```ts
 * const { html } = renderRecoveryCodesPage({ codes: ["7kq2m-x9d4e"], continueUrl: "/" });
 * ```
 */
export function renderRecoveryCodesPage(options: RecoveryCodesPageOptions): RenderedPage {
  const text = `${options.codes.join("\n")}\n`;
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  const list = options.codes.map((code) => `<li><code>${escapeHtml(code)}</code></li>`).join("\n");
  const { language } = options;
  const body = `<p class="center">${words(language, "keepCodes")}</p>
<ul class="recovery-codes">
${list}
</ul>
<p class="center actions"><a href="${escapeHtml(href)}" download="recovery-codes.txt">${words(language, "download")}</a></p>
<p class="center actions"><a class="button" href="${escapeHtml(options.continueUrl)}">${words(language, "continue")}</a></p>`;
  const title = say(language, twoFactor, "recoveryCodes");
  return { html: renderDocument({ title, body, theme: options.theme, language }), status: 200 };
}

export interface RecoveryCodeUsedPageOptions {
  remaining: number;
  continueUrl: string;
  theme?: Theme;
  /** The request's language; English when absent. */
  language?: Language;
}

/**
 * Renders the page after a sign-in with a recovery code: how many are left, and the way on.
 *
 * @example
 * ```ts
 * const { html } = renderRecoveryCodeUsedPage({ remaining: 9, continueUrl: "/" });
 * ```
 */
export function renderRecoveryCodeUsedPage(options: RecoveryCodeUsedPageOptions): RenderedPage {
  const { language } = options;
  const left =
    options.remaining === 0
      ? say(language, twoFactor, "lastRecoveryCode")
      : sayCount(language, twoFactor, "recoveryCodesLeft", options.remaining);
  const body = `<p class="center">${escapeHtml(left)}</p>
<p class="center actions"><a class="button" href="${escapeHtml(options.continueUrl)}">${words(language, "continue")}</a></p>`;
  return {
    html: renderDocument({
      title: say(language, twoFactor, "usedRecoveryCode"),
      body,
      theme: options.theme,
      language,
    }),
    status: 200,
  };
}
