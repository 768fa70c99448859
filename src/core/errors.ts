/**
 * Every error class latchkey raises, with its traits: `type` (stable, for application code), `kind`
 * (which page a browser lands on), `clientSafe` (whether the browser may learn the type) and
 * `status`. The handler's answers, the error page's status and the sign-in page's messages are all
 * derived from these classes; `docs/errors.md` says when each happens and how to fix it.
 */
import { AuthError } from "../auth-error.js";
import { MissingSecret } from "../jwt/errors.js";
import { LockTimeout, StoreFull, StoreUnavailable } from "../store/errors.js";

export { AuthError, type ErrorPageKind } from "../auth-error.js";
export { LockTimeout, MissingSecret, StoreFull, StoreUnavailable };

/** Errors that end a sign-in: a browser lands back on the sign-in page, which explains the type. */
export class SignInError extends AuthError {
  static override readonly type: string = "SignInError";
  static override readonly kind = "signIn";
}

/**
 * Errors about the request itself (its route, method, body or provider id). They are answered at
 * once with their status and reason as JSON, on any route: no page can explain a request that
 * never made sense.
 */
export class RequestError extends AuthError {
  static override readonly type: string = "RequestError";
  static override readonly clientSafe = true;
  static override readonly status: number = 400;
}

// ---- Configuration and deployment mistakes: never the client's doing, shown as "Configuration".

/** The configuration is inconsistent; the message names the option to fix. */
export class InvalidConfig extends AuthError {
  // Widened for its one subclass, so that `instanceof InvalidConfig` also catches InvalidEndpoints.
  static override readonly type: "InvalidConfig" | "InvalidEndpoints" = "InvalidConfig";
}
/**
 * An OAuth/OIDC provider names no `issuer` (or `wellKnown`) to discover its endpoints from, and
 * lacks one of the endpoints it needs without discovery: `authorization`, `token`, and `userinfo`
 * (or a `userinfo.request` of its own). Auth.js's name; a kind of {@link InvalidConfig}.
 */
export class InvalidEndpoints extends InvalidConfig {
  static override readonly type = "InvalidEndpoints";
}
/**
 * The provider's `profile` function threw while it mapped the provider's profile to a user; the
 * thrown error is the cause.
 */
export class OAuthProfileParseError extends AuthError {
  static override readonly type = "OAuthProfileParseError";
}
/** A feature needs an adapter and none is configured. */
export class MissingAdapter extends AuthError {
  static override readonly type = "MissingAdapter";
}
/** The adapter lacks a method a configured feature calls; the message names it. */
export class MissingAdapterMethods extends AuthError {
  static override readonly type = "MissingAdapterMethods";
}
/** A credentials provider has no `authorize` function. */
export class MissingAuthorize extends AuthError {
  static override readonly type = "MissingAuthorize";
}
/** The session strategy is not one latchkey supports with this configuration. */
export class UnsupportedStrategy extends AuthError {
  static override readonly type = "UnsupportedStrategy";
}
/** The request came to a host that is neither AUTH_URL nor trusted (`trustHost`). */
export class UntrustedHost extends AuthError {
  static override readonly type = "UntrustedHost";
}

// ---- Auth.js names for conditions latchkey never reaches, exported so that code which catches them
// by class (`error instanceof ErrorPageLoop`) compiles unchanged; docs/errors.md says why each
// cannot happen here.

/** Auth.js: two WebAuthn providers with `enableConditionalUI`. latchkey's passkey flow allows it. */
export class DuplicateConditionalUI extends AuthError {
  static override readonly type = "DuplicateConditionalUI";
}
/** Auth.js: conditional UI without a `webauthn` autocomplete field. latchkey's passkey page has one. */
export class MissingWebAuthnAutocomplete extends AuthError {
  static override readonly type = "MissingWebAuthnAutocomplete";
}
/** Auth.js: a feature behind `experimental`. latchkey has no experimental switches. */
export class ExperimentalFeatureNotEnabled extends AuthError {
  static override readonly type = "ExperimentalFeatureNotEnabled";
}
/** Auth.js: a custom error page that requires signing in, which would loop. latchkey never raises it. */
export class ErrorPageLoop extends AuthError {
  static override readonly type = "ErrorPageLoop";
}

// ---- Failures inside a flow that the client is not told about (logged in full).

/** The adapter threw; the original error is the cause. */
export class AdapterError extends AuthError {
  static override readonly type = "AdapterError";
}
/** A flow's callback failed for a reason that is not the client's to know; the cause says why. */
export class CallbackRouteError extends AuthError {
  static override readonly type = "CallbackRouteError";
}
/** A custom `jwt.encode`/`jwt.decode` failed. */
export class JWTSessionError extends AuthError {
  static override readonly type = "JWTSessionError";
}
/** The session cookie could not be read or written. */
export class SessionTokenError extends AuthError {
  static override readonly type = "SessionTokenError";
}
/** Something failed while signing out. */
export class SignOutError extends AuthError {
  static override readonly type = "SignOutError";
}
/** An `events.*` handler threw; logged, never fatal. */
export class EventError extends AuthError {
  static override readonly type = "EventError";
}
/** An OAuth provider could not be reached or answered badly when a sign-in started. */
export class OAuthSignInError extends SignInError {
  static override readonly type = "OAuthSignInError";
}
/** The verification e-mail could not be sent. */
export class EmailSignInError extends SignInError {
  static override readonly type = "EmailSignInError";
}

// ---- Refusals the browser is told about by type.

/** The `signIn` callback refused the sign-in. */
export class AccessDenied extends AuthError {
  static override readonly type = "AccessDenied";
  static override readonly clientSafe = true;
  static override readonly status = 403;
}
/** A verification token (e-mail link or code) was invalid, used or expired. */
export class Verification extends AuthError {
  static override readonly type = "Verification";
  static override readonly clientSafe = true;
  static override readonly status = 403;
}
/**
 * A sign-in's check (state, PKCE verifier, nonce, challenge) was missing or did not match: most
 * often the sign-in took longer than its 15-minute check cookie, or was finished in another browser.
 * The browser is told, so that its page can say to start again (Auth.js shows "Configuration",
 * which sends the user to the site's owner for what starting over fixes); the type says nothing
 * about which check failed, and the log keeps that.
 */
export class InvalidCheck extends AuthError {
  static override readonly type = "InvalidCheck";
  static override readonly clientSafe = true;
  static override readonly status = 400;
}
/** A state-changing POST arrived without a valid CSRF token. */
export class MissingCSRF extends SignInError {
  static override readonly type = "MissingCSRF";
  static override readonly clientSafe = true;
  static override readonly status = 403;
}
/** The OAuth callback failed: the provider returned an error or an invalid response. */
export class OAuthCallbackError extends SignInError {
  static override readonly type = "OAuthCallbackError";
  static override readonly clientSafe = true;
  static override readonly status = 400;
}
/** An OAuth identity whose e-mail belongs to another user, and linking is not allowed. */
export class OAuthAccountNotLinked extends SignInError {
  static override readonly type = "OAuthAccountNotLinked";
  static override readonly clientSafe = true;
  static override readonly status = 400;
}
/**
 * The identity proven at sign-in belongs to no stored user, but its e-mail address belongs to one.
 * latchkey never links by e-mail on its own; the message says how to link on purpose.
 */
export class AccountNotLinked extends SignInError {
  static override readonly type = "AccountNotLinked";
  static override readonly clientSafe = true;
  static override readonly status = 400;
}
/**
 * Too many sign-in attempts or sign-in requests from this client address, or naming this account,
 * within the rule's window (see the `rateLimit` option), or the in-memory store had no room for
 * this request's new counters (a flood from more clients or accounts than its `maxKeys`). Answered
 * at once with 429 and `Retry-After`; the action never ran, so no password was checked and no
 * e-mail sent.
 */
export class RateLimited extends AuthError {
  static override readonly type = "RateLimited";
  static override readonly clientSafe = true;
  static override readonly status = 429;
  /** Seconds until the window that refused the request ends (sent as `Retry-After`). */
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, message?: string) {
    super(message ?? `Too many sign-in attempts; try again in ${retryAfterSeconds} seconds.`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
/**
 * The rate-limit store (Redis, usually) failed or did not answer in time, so a guarded request
 * could not be counted. The limiter fails closed: the request is refused rather than let through
 * uncounted, and the browser is told to try again later (503); the cause is logged.
 */
export class RateLimitStoreError extends AuthError {
  static override readonly type = "RateLimitStoreError";
  static override readonly clientSafe = true;
  static override readonly status = 503;
}
/** A WebAuthn registration or authentication response did not verify. */
export class WebAuthnVerificationError extends AuthError {
  static override readonly type = "WebAuthnVerificationError";
  static override readonly clientSafe = true;
  static override readonly status = 400;
}

/**
 * A second factor (an authenticator app's code, a recovery code) was wrong, or was used already.
 * The two-factor page says so and asks again; the pending sign-in stays valid until it expires.
 */
export class InvalidTwoFactorCode extends SignInError {
  static override readonly type = "InvalidTwoFactorCode";
  static override readonly clientSafe = true;
  static override readonly status = 401;
}

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
 *   credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
 *   authorize: async ({ email, password }) => {
 *     const user = await checkPassword(email, password);
 *     if (!user) throw new InvalidLogin();
 *     return user;
 *   },
 * });
 * ```
 */
export class CredentialsSignin extends SignInError {
  static override readonly type = "CredentialsSignin";
  static override readonly clientSafe = true;
  static override readonly status = 401;
  /** Reaches the sign-in page as `&code=`; a short identifier, never free text or a secret. */
  code = "credentials";
}

// ---- `getAccessToken`: why no upstream access token could be handed out. They reach server code
// only (never a browser through `Auth()`), so none is client-safe.

/** `getAccessToken` was called for a request that carries no valid session. */
export class NotSignedIn extends AuthError {
  static override readonly type = "NotSignedIn";
  static override readonly status = 401;
}
/**
 * The signed-in user has no account at that provider, or its access token expired and there is no
 * refresh token to renew it: the user must sign in with the provider (again).
 */
export class NoProviderAccount extends AuthError {
  static override readonly type = "NoProviderAccount";
  static override readonly status = 403;
}
/** The provider refused the refresh token (`invalid_grant`): the user must sign in again. */
export class RefreshTokenRejected extends AuthError {
  static override readonly type = "RefreshTokenRejected";
  static override readonly status = 401;
}
/**
 * The change asked for (turning two-factor sign-in off, new recovery codes, or what the app guards
 * with `requireRecentAuth`) needs a recent second factor, and the session has none: send the user to
 * the step-up page (`<basePath>/two-factor`), then try again.
 */
export class StepUpRequired extends AuthError {
  static override readonly type = "StepUpRequired";
  static override readonly status = 403;
}
/** The refresh failed for another reason (network, server error); the old refresh token is kept. */
export class TokenRefreshError extends AuthError {
  static override readonly type = "TokenRefreshError";
  static override readonly status = 502;
}

// ---- Malformed requests: answered directly with a 4xx and the reason.

/** The request named an action latchkey does not have: no such route (RFC 9110 §15.5.5). */
export class UnknownAction extends RequestError {
  static override readonly type = "UnknownAction";
  static override readonly status = 404;
}
/** The request named a provider that is not configured, or one that cannot do this action. */
export class InvalidProvider extends RequestError {
  static override readonly type = "InvalidProvider";
}
/** The request is malformed: bad JSON, non-UTF-8 bytes, duplicate or ill-typed fields. */
export class InvalidRequest extends RequestError {
  // Widened for its one subclass, so that `instanceof InvalidRequest` also catches InvalidCallbackUrl.
  static override readonly type: "InvalidRequest" | "InvalidCallbackUrl" = "InvalidRequest";
}
/**
 * The client sent a `callbackUrl` that is not a URL at all (a control character, too long, not
 * parsable). A well-formed URL to another site is no error: the redirect falls back to the app.
 * Auth.js's name; a kind of {@link InvalidRequest}, answered 400 (Auth.js answers 500).
 */
export class InvalidCallbackUrl extends InvalidRequest {
  static override readonly type = "InvalidCallbackUrl";
}
/** The body is larger than `maxBodyBytes`. */
export class PayloadTooLarge extends RequestError {
  static override readonly type = "PayloadTooLarge";
  static override readonly status = 413;
}
/** The body is neither JSON nor a URL-encoded form, or not UTF-8. */
export class UnsupportedMediaType extends RequestError {
  static override readonly type = "UnsupportedMediaType";
  static override readonly status = 415;
}
/** The route exists but not for this method; `allowed` lists the ones it takes (sent as `Allow`). */
export class MethodNotAllowed extends RequestError {
  static override readonly type = "MethodNotAllowed";
  static override readonly status = 405;
  constructor(readonly allowed: readonly string[]) {
    super(`Use ${allowed.join(" or ")} for this route.`);
  }
}

/** Every error class, for what is derived from them (statuses, page messages, `docs/errors.md`). */
export const ERROR_CLASSES = [
  MissingSecret,
  InvalidConfig,
  InvalidEndpoints,
  MissingAdapter,
  MissingAdapterMethods,
  MissingAuthorize,
  UnsupportedStrategy,
  UntrustedHost,
  AdapterError,
  CallbackRouteError,
  OAuthProfileParseError,
  JWTSessionError,
  SessionTokenError,
  SignOutError,
  EventError,
  RateLimitStoreError,
  StoreUnavailable,
  StoreFull,
  LockTimeout,
  InvalidCheck,
  OAuthSignInError,
  EmailSignInError,
  AccessDenied,
  Verification,
  MissingCSRF,
  OAuthCallbackError,
  OAuthAccountNotLinked,
  AccountNotLinked,
  RateLimited,
  WebAuthnVerificationError,
  CredentialsSignin,
  InvalidTwoFactorCode,
  NotSignedIn,
  StepUpRequired,
  NoProviderAccount,
  RefreshTokenRejected,
  TokenRefreshError,
  UnknownAction,
  InvalidProvider,
  InvalidRequest,
  PayloadTooLarge,
  UnsupportedMediaType,
  MethodNotAllowed,
  InvalidCallbackUrl,
  DuplicateConditionalUI,
  MissingWebAuthnAutocomplete,
  ExperimentalFeatureNotEnabled,
  ErrorPageLoop,
] as const;

/** The `type` of every error latchkey raises. */
export type ErrorType = (typeof ERROR_CLASSES)[number]["type"];

/**
 * Whether the browser may learn this error's type (Auth.js's name for `error.clientSafe`); any other
 * error reaches it as `Configuration`.
 *
 * @example
 * ```ts
 * import { AccessDenied, InvalidConfig, isClientError } from "latchkey";
 *
 * isClientError(new AccessDenied()); // true
 * isClientError(new InvalidConfig()); // false
 * ```
 */
export function isClientError(error: Error): error is AuthError {
  return error instanceof AuthError && error.clientSafe;
}
