/**
 * Typed errors. Every error latchkey raises on purpose is an {@link AuthError} with a stable `type`
 * that applications can branch on, and a message that says what to do about it. Which types a
 * browser may see, and where each one sends it, is decided in `core/error-response.ts`.
 */

export type ErrorType =
  | "AccessDenied"
  | "AdapterError"
  | "CallbackRouteError"
  | "Configuration"
  | "CredentialsSignin"
  | "EventError"
  | "InvalidCallbackUrl"
  | "InvalidCheck"
  | "InvalidConfig"
  | "InvalidProvider"
  | "InvalidRequest"
  | "JWTSessionError"
  | "MissingAdapter"
  | "MissingAdapterMethods"
  | "MissingAuthorize"
  | "MissingCSRF"
  | "MissingSecret"
  | "OAuthAccountNotLinked"
  | "OAuthCallbackError"
  | "OAuthSignInError"
  | "EmailSignInError"
  | "PayloadTooLarge"
  | "SessionTokenError"
  | "SignOutError"
  | "UnknownAction"
  | "UnsupportedMediaType"
  | "UnsupportedStrategy"
  | "UntrustedHost"
  | "Verification";

/** Where a browser is sent when this error ends a flow: the sign-in page or the error page. */
export type ErrorPageKind = "signIn" | "error";

export class AuthError extends Error {
  /** Stable identifier of the error kind; safe to compare against in application code. */
  readonly type: ErrorType;
  readonly kind: ErrorPageKind = "error";

  constructor(type: ErrorType, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.type = type;
    this.name = type;
  }
}

const define = (type: ErrorType, kind: ErrorPageKind = "error") =>
  class extends AuthError {
    override readonly kind = kind;
    constructor(message: string = type, options?: { cause?: unknown }) {
      super(type, message, options);
    }
  };

/** No usable secret (or salt) was configured: a deployment mistake, never the client's doing. */
export class MissingSecret extends define("MissingSecret") {}
/** The configuration is inconsistent; the message names the option to fix. */
export class InvalidConfig extends define("InvalidConfig") {}
/** A feature needs an adapter and none is configured. */
export class MissingAdapter extends define("MissingAdapter") {}
/** The adapter lacks a method a configured feature calls; the message names it. */
export class MissingAdapterMethods extends define("MissingAdapterMethods") {}
/** A credentials provider has no `authorize` function. */
export class MissingAuthorize extends define("MissingAuthorize") {}
/** The request came to a host that is neither AUTH_URL nor trusted (`trustHost`). */
export class UntrustedHost extends define("UntrustedHost") {}
/** The adapter threw; the original error is the cause. */
export class AdapterError extends define("AdapterError") {}
/** The `signIn` callback refused the sign-in. */
export class AccessDenied extends define("AccessDenied") {}
/** A state-changing POST arrived without a valid CSRF token. */
export class MissingCSRF extends define("MissingCSRF", "signIn") {}
/** The request named an action latchkey does not have. */
export class UnknownAction extends define("UnknownAction") {}
/** The request named a provider that is not configured, or one that cannot do this action. */
export class InvalidProvider extends define("InvalidProvider") {}
/** The request is malformed: bad JSON, non-UTF-8 bytes, duplicate or array-valued fields. */
export class InvalidRequest extends define("InvalidRequest") {}
/** The body is larger than `maxBodyBytes`. */
export class PayloadTooLarge extends define("PayloadTooLarge") {}
/** The body is neither JSON nor a form. */
export class UnsupportedMediaType extends define("UnsupportedMediaType") {}
/** The session cookie could not be read or written. */
export class SessionTokenError extends define("SessionTokenError") {}
/** The JWT session could not be encoded or decoded by a custom `jwt.encode`/`jwt.decode`. */
export class JWTSessionError extends define("JWTSessionError") {}
/** Something failed while signing out. */
export class SignOutError extends define("SignOutError") {}
/** An `events.*` handler threw; logged, never fatal. */
export class EventError extends define("EventError") {}
/** A flow's callback failed for a reason that is not the client's to know; the cause says why. */
export class CallbackRouteError extends define("CallbackRouteError") {}
/** A sign-in flow's check (state, PKCE, nonce, challenge) was missing or did not match. */
export class InvalidCheck extends define("InvalidCheck") {}
/** An OAuth provider could not be reached or answered badly at sign-in. */
export class OAuthSignInError extends define("OAuthSignInError", "signIn") {}
/** The OAuth callback failed: the provider returned an error or an invalid response. */
export class OAuthCallbackError extends define("OAuthCallbackError", "signIn") {}
/** An OAuth identity with an e-mail that belongs to another user, and linking is not allowed. */
export class OAuthAccountNotLinked extends define("OAuthAccountNotLinked", "signIn") {}
/** The e-mail could not be sent. */
export class EmailSignInError extends define("EmailSignInError", "signIn") {}
/** A verification token (e-mail link or code) was invalid, used or expired. */
export class Verification extends define("Verification") {}
/** The session strategy is not one latchkey supports with this configuration. */
export class UnsupportedStrategy extends define("UnsupportedStrategy") {}

/**
 * Thrown from a credentials provider's `authorize` to refuse a sign-in. Subclass it and set `code`
 * to tell the sign-in page why (`?error=CredentialsSignin&code=<code>`); the code reaches the
 * client, so keep it free of secrets.
 *
 * @example
 * ```ts
 * import { CredentialsSignin } from "latchkey";
 * import Credentials from "latchkey/providers/credentials";
 *
 * class InvalidLogin extends CredentialsSignin {
 *   override code = "invalid_credentials";
 * }
 *
 * Credentials({
 *   authorize: async ({ email, password }) => {
 *     const user = await checkPassword(email, password);
 *     if (!user) throw new InvalidLogin();
 *     return user;
 *   },
 * });
 * ```
 */
export class CredentialsSignin extends AuthError {
  override readonly kind = "signIn";
  code = "credentials";
  constructor(message = "CredentialsSignin", options?: { cause?: unknown }) {
    super("CredentialsSignin", message, options);
  }
}
