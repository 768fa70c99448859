/**
 * `latchkey/client`: sign in, sign out and read the session from the browser, with the names,
 * options and results of `next-auth/react`'s functions. No dependencies and no Node APIs; each
 * function is its own export, so a bundler keeps only the ones a page imports.
 *
 * @module
 */

export type { ActiveOrganization, Session } from "../index.js";
export { authUrl, type ClientOptions, configureClient, signInPageUrl } from "./base-url.js";
export type {
  ClientInvitation,
  ClientMember,
  ClientOrganization,
  OrganizationResult,
} from "./organization.js";
export * as organization from "./organization.js";
export { type PasskeyOptions, registerPasskey, signInWithPasskeyAutofill } from "./passkey.js";
export { ClientFetchError } from "./requests.js";
export { getCsrfToken, getProviders, getSession, updateSession } from "./session.js";
export {
  onSessionChange,
  type SessionChange,
  type SessionChangeListener,
  type SessionChangeTrigger,
} from "./session-events.js";
export { signIn } from "./sign-in.js";
export { signOut } from "./sign-out.js";
export {
  sendTwoFactorEmailCode,
  submitRecoveryCode,
  submitTwoFactorCode,
  type TwoFactorOptions,
  type TwoFactorResponse,
  verifyTwoFactorWithPasskey,
} from "./two-factor.js";
export type {
  ClientSafeProvider,
  SignInAuthorizationParams,
  SignInOptions,
  SignInResponse,
  SignOutParams,
  SignOutResponse,
} from "./types.js";
