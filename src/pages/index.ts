/**
 * Default pages: plain server-rendered HTML for sign-in, sign-out, verify-request, error and the
 * e-mail link confirmation. Each renderer is pure and returns `{ html, status }`.
 */
export { type EmailConfirmPageOptions, renderEmailConfirmPage } from "./email-confirm.js";
export { type ErrorPageOptions, renderErrorPage } from "./error.js";
export { type ErrorCopy, errorCopy } from "./error-copy.js";
export { escapeHtml } from "./escape.js";
export type { RenderedPage } from "./layout.js";
export {
  type CredentialInput,
  renderSignInPage,
  type SignInForm,
  type SignInPageEntry,
  type SignInPageOptions,
  type SignInPageProvider,
} from "./signin.js";
export { renderSignOutPage, type SignOutPageOptions } from "./signout.js";
export { resolveTheme, type SafeTheme, sanitizeColor, sanitizeLogoUrl, type Theme } from "./theme.js";
export {
  renderVerificationEmail,
  type VerificationEmail,
  type VerificationEmailOptions,
} from "./verification-email.js";
export {
  type RefusedCode,
  renderVerifyRequestPage,
  type VerifyRequestPageOptions,
} from "./verify-request.js";
