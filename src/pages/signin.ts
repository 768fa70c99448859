/**
 * The default sign-in page: one block per configured provider, in configuration order, each posting
 * to the route the core gives it.
 */

import { pages } from "../locales/en/pages.js";
import { type Language, say } from "../locales/messages.js";
import type { CredentialInput } from "../provider-types.js";
import { errorCopy } from "./error-copy.js";
import { escapeHtml } from "./escape.js";
import {
  csrfFields,
  ERROR_ID,
  hiddenField,
  invalidAttributes,
  postForm,
  primaryButton,
} from "./form-fields.js";
import { type RenderedPage, renderDocument } from "./layout.js";
import { readableTextOn, sanitizeColor, sanitizeLogoUrl, type Theme } from "./theme.js";

/**
 * How a provider is offered: a button that starts its sign-in (OAuth, OIDC), an e-mail field, a
 * form of its own fields posted to its callback (credentials), or a passkey button. The page knows
 * these forms, not provider types; each flow says which form its providers take.
 */
export type SignInForm = "button" | "email" | "fields" | "passkey";

/** One input of a credentials provider, keyed by its form field name. */
export type { CredentialInput };

/** What a flow says about how the page offers one of its providers. */
export interface SignInPageEntry {
  form: SignInForm;
  style?: { logo?: string; brandColor?: string; bg?: string; text?: string };
  /** For `form: "fields"`: the inputs, keyed by field name. */
  credentials?: Record<string, CredentialInput>;
  /** For `form: "email"`: the provider also mails a one-time code, entered on the verify-request page. */
  otp?: boolean;
  /** For `form: "passkey"`: offer passkeys in the e-mail field's autofill (WebAuthn conditional mediation). */
  conditionalUI?: boolean;
  /** For `form: "passkey"`: where the page's script fetches the ceremony options. */
  optionsUrl?: string;
  /** The script this form needs (the passkey script), linked once per page as `passkeyScriptUrl`. */
  scriptUrl?: string;
}

/** A provider as the sign-in page needs it: already resolved by the core, URLs absolute or rooted. */
export interface SignInPageProvider extends SignInPageEntry {
  id: string;
  name: string;
  signinUrl: string;
  callbackUrl: string;
}

export interface SignInPageOptions {
  providers: SignInPageProvider[];
  csrfToken: string;
  /** Where to land after signing in; already validated by the core. */
  callbackUrl: string;
  /** Error type from `?error=`; selects a message, never shown verbatim. */
  error?: string;
  /** `?code=` that accompanies `CredentialsSignin`; exposed as a data attribute when it looks like a code. */
  code?: string;
  /** Prefills the e-mail field, e.g. after a failed e-mail sign-in. */
  email?: string;
  theme?: Theme;
  /** The handler's passkey script; passkey blocks need it, and the page links it once. */
  passkeyScriptUrl?: string;
  /** The request's language; English when absent. */
  language?: Language;
}

/** Input types a credentials field may ask for; anything else renders as text. */
const CREDENTIAL_INPUT_TYPES = new Set(["text", "password", "email", "tel", "number", "url", "search"]);

/** Custom error codes are developer-chosen identifiers; free text from the URL would let anyone word the banner. */
const ERROR_CODE = /^[\w.-]{1,64}$/;

/**
 * Renders the sign-in page.
 *
 * @example
 * ```ts
 * const { html, status } = renderSignInPage({
 *   providers: [{ id: "github", name: "GitHub", form: "button",
 *     signinUrl: "/auth/signin/github", callbackUrl: "/auth/callback/github" }],
 *   csrfToken, callbackUrl: "https://app.example/dashboard",
 * });
 * return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
 * ```
 */
export function renderSignInPage(options: SignInPageOptions): RenderedPage {
  const blocks = options.providers.map((provider, index) => ({
    provider,
    markup: renderProvider(provider, index, options),
  }));
  const { language } = options;
  const t = (key: keyof typeof pages) => escapeHtml(say(language, pages, key));
  let body = options.error === undefined ? "" : errorBanner(options);
  blocks.forEach((block, index) => {
    const previous = blocks[index - 1];
    // Buttons stack without a gap; a divider separates a form with fields from its neighbours.
    if (previous && (hasFields(previous.provider) || hasFields(block.provider))) {
      body += `\n<div class="divider" aria-hidden="true">${t("or")}</div>\n`;
    }
    body += block.markup;
  });
  if (blocks.length === 0) body += `<p class="center">${t("noMethods")}</p>`;
  // An external, deferred script: the page works under a Content-Security-Policy without 'unsafe-inline'.
  if (options.passkeyScriptUrl && options.providers.some((provider) => provider.form === "passkey")) {
    body += `\n<script src="${escapeHtml(options.passkeyScriptUrl)}" defer></script>`;
  }
  return {
    html: renderDocument({ title: say(language, pages, "signIn"), body, theme: options.theme, language }),
    status: 200,
  };
}

function hasFields(provider: SignInPageProvider): boolean {
  return provider.form === "email" || provider.form === "fields" || provider.form === "passkey";
}

function errorBanner({ error = "", code, language }: SignInPageOptions): string {
  const codeAttribute =
    error === "CredentialsSignin" && code !== undefined && ERROR_CODE.test(code)
      ? ` data-code="${escapeHtml(code)}"`
      : "";
  return `<div class="alert" role="alert" id="${ERROR_ID}"${codeAttribute}>${escapeHtml(errorCopy(error, language).message)}</div>\n`;
}

function renderProvider(provider: SignInPageProvider, index: number, options: SignInPageOptions): string {
  switch (provider.form) {
    case "button":
      return postForm(
        provider.signinUrl,
        `${csrfFields(options.csrfToken, options.callbackUrl)}\n${providerButton(provider, options.language, "submit")}`,
      );
    case "email":
      return emailForm(provider, index, options);
    case "fields":
      return credentialsForm(provider, index, options);
    case "passkey":
      return passkeyForm(provider, index, options);
    default:
      return "";
  }
}

/** Field ids are index-based: provider ids and credential keys may hold characters unfit for an id. */
function fieldId(providerIndex: number, field: string | number): string {
  return `provider-${providerIndex}-${field}`;
}

/** The e-mail field of the e-mail and passkey forms, labelled in the page's language. */
const emailField = (id: string, language: Language | undefined, attributes: string) =>
  `<div class="field">
<label for="${id}">${escapeHtml(say(language, pages, "email"))}</label>
<input id="${id}" name="email" type="email" placeholder="${escapeHtml(say(language, pages, "emailPlaceholder"))}"${attributes}>
</div>`;

/** "Sign in with <provider>" in the page's language, as text. */
const signInWith = (provider: SignInPageProvider, language: Language | undefined) =>
  say(language, pages, "signInWith", { provider: provider.name });

function emailForm(provider: SignInPageProvider, index: number, options: SignInPageOptions): string {
  const id = fieldId(index, "email");
  const value = options.email ? ` value="${escapeHtml(options.email)}"` : "";
  const invalid = invalidAttributes(options.error === "EmailSignInError");
  const field = emailField(id, options.language, ` autocomplete="email" required${value}${invalid}`);
  return postForm(
    provider.signinUrl,
    `${csrfFields(options.csrfToken, options.callbackUrl)}\n${field}\n${primaryButton(signInWith(provider, options.language))}`,
  );
}

function credentialsForm(provider: SignInPageProvider, index: number, options: SignInPageOptions): string {
  const fields = Object.entries(provider.credentials ?? {}).map(([name, input], fieldIndex) => {
    const id = fieldId(index, fieldIndex);
    const type = input.type && CREDENTIAL_INPUT_TYPES.has(input.type) ? input.type : "text";
    const attributes = [
      `id="${id}"`,
      `name="${escapeHtml(name)}"`,
      `type="${type}"`,
      input.placeholder ? `placeholder="${escapeHtml(input.placeholder)}"` : "",
      input.autocomplete ? `autocomplete="${escapeHtml(input.autocomplete)}"` : "",
      input.required ? "required" : "",
    ].filter(Boolean);
    return `<div class="field">
<label for="${id}">${escapeHtml(input.label || name)}</label>
<input ${attributes.join(" ")}${invalidAttributes(options.error === "CredentialsSignin")}>
</div>`;
  });
  return postForm(
    provider.callbackUrl,
    `${csrfFields(options.csrfToken, options.callbackUrl)}\n${fields.join("\n")}\n${primaryButton(signInWith(provider, options.language))}`,
  );
}

/**
 * The passkey block: an e-mail field (needed to create a passkey while signed out; its autofill
 * offers saved passkeys), "Sign in with <name>" and "Create a passkey". The linked script fetches
 * the options, runs the ceremony, fills `action` and `data`, and submits the form to the callback.
 */
function passkeyForm(provider: SignInPageProvider, index: number, options: SignInPageOptions): string {
  const id = fieldId(index, "email");
  const { language } = options;
  const t = (key: keyof typeof pages) => escapeHtml(say(language, pages, key));
  const attributes = [
    ` class="passkey" data-passkey`,
    ` data-provider="${escapeHtml(provider.id)}"`,
    ` data-options-url="${escapeHtml(provider.optionsUrl ?? "")}"`,
    provider.conditionalUI ? " data-conditional-ui" : "",
  ].join("");
  const inner = `${csrfFields(options.csrfToken, options.callbackUrl)}
${hiddenField("action", "")}${hiddenField("data", "")}
${emailField(id, language, ` autocomplete="username webauthn"`)}
${providerButton(provider, language, "button", `data-passkey-action="authenticate"`)}
<button type="button" class="button secondary" data-passkey-action="register">${t("createPasskey")}</button>
<p class="note" role="status" data-passkey-status hidden></p>
<noscript><p class="note">${t("passkeysNeedScript")}</p></noscript>`;
  return postForm(provider.callbackUrl, inner, attributes);
}

/** A button styled by the provider's own colours and logo, for OAuth/OIDC and passkeys. */
function providerButton(
  provider: SignInPageProvider,
  language: Language | undefined,
  type: "submit" | "button",
  extra = "",
): string {
  const style = providerStyle(provider);
  const logo = sanitizeLogoUrl(provider.style?.logo);
  const image = logo ? `<img src="${escapeHtml(logo)}" alt="" width="20" height="20">` : "";
  const attributes = [`type="${type}"`, `class="button provider"`, style, extra].filter(Boolean).join(" ");
  return `<button ${attributes}>${image}<span>${escapeHtml(signInWith(provider, language))}</span></button>`;
}

/**
 * The provider's colours as custom properties on its button. A keyword that names no colour makes
 * its property invalid at computed-value time: the background falls back to transparent on the card
 * and the text inherits the page's colour, so the button stays readable.
 */
function providerStyle(provider: SignInPageProvider): string {
  const background = sanitizeColor(provider.style?.bg) ?? sanitizeColor(provider.style?.brandColor);
  const text = sanitizeColor(provider.style?.text) ?? (background ? readableTextOn(background) : undefined);
  const declarations = [
    background ? `--provider-bg: ${background}` : "",
    text ? `--provider-text: ${text}` : "",
  ].filter(Boolean);
  return declarations.length === 0 ? "" : `style="${escapeHtml(declarations.join("; "))}"`;
}
