/**
 * What an end user reads about an error, by its type: the error page, the sign-in page's banner and
 * the `message` of a JSON refusal all take it from here. Each entry says what happened and what the
 * user can do next, in words for someone who is signing in, never for the developer: the error's
 * own message, and where `docs/errors.md` explains it, go to the log instead.
 *
 * The type arrives in a query string, so only the types of real error classes choose an entry and
 * anything else gets the default one; the raw value is never shown.
 */
import type { ClientErrorType } from "../core/error-traits.js";

export interface ErrorCopy {
  /** The page's title and heading. */
  heading: string;
  /** What happened and what to do next. */
  message: string;
}

const START_AGAIN = "Start signing in again.";

const ERROR_COPY: ReadonlyMap<ClientErrorType, ErrorCopy> = new Map<ClientErrorType, ErrorCopy>([
  // Every error the browser is not told about: a fault of the site, its database or its store,
  // never something the user did or can fix by starting over.
  [
    "Configuration",
    {
      heading: "Sign-in is unavailable",
      message:
        "Something went wrong on this site, not with anything you did. Try again in a few minutes. If it keeps happening, contact the site's owner.",
    },
  ],
  [
    "AccessDenied",
    {
      heading: "Access denied",
      message:
        "This account may not sign in here. Try another account, or contact the site's owner if you think this is a mistake.",
    },
  ],
  [
    "Verification",
    {
      heading: "Link no longer valid",
      message:
        "This sign-in link has expired or was already used. Go to the sign-in page and ask for a new one.",
    },
  ],
  [
    "InvalidCheck",
    {
      heading: "Sign-in expired",
      message: `Signing in took too long, or was finished in a different browser from the one it started in. ${START_AGAIN}`,
    },
  ],
  [
    "MissingCSRF",
    {
      heading: "Form expired",
      message:
        "The sign-in form had expired, or your browser did not send its cookie. Try again; if it keeps failing, allow cookies for this site.",
    },
  ],
  [
    "OAuthSignInError",
    {
      heading: "Could not reach the provider",
      message:
        "We could not start signing you in with that provider. Try again in a few minutes, or choose another way to sign in.",
    },
  ],
  [
    "OAuthCallbackError",
    {
      heading: "Sign-in not finished",
      message: "The provider did not finish signing you in. Try again, or choose another way to sign in.",
    },
  ],
  [
    "OAuthAccountNotLinked",
    {
      heading: "Account already exists",
      message:
        "This email address already has an account that signs in another way. Sign in the way you did before; once signed in, you can link this provider.",
    },
  ],
  [
    "AccountNotLinked",
    {
      heading: "Account already exists",
      message:
        "This email address already has an account that signs in another way. Sign in the way you did before; once signed in, you can add this way of signing in.",
    },
  ],
  [
    "EmailSignInError",
    {
      heading: "Email not sent",
      message: "We could not send the sign-in email. Check the address, then try again in a few minutes.",
    },
  ],
  [
    "CredentialsSignin",
    {
      heading: "Sign-in failed",
      message: "Those details did not match an account. Check them and try again.",
    },
  ],
  [
    "InvalidTwoFactorCode",
    {
      heading: "Code not accepted",
      message:
        "That code did not work, or was used already. Try again with the code your authenticator app shows now, or use one of your recovery codes.",
    },
  ],
  [
    "RateLimited",
    {
      heading: "Too many attempts",
      message: "There were too many sign-in attempts. Wait a few minutes, then try again.",
    },
  ],
  // The site's short-lived store (Redis, usually) did not answer: nothing the user did, and it
  // passes, so the page says to come back rather than to contact anyone.
  ...(["StoreUnavailable", "StoreFull", "RateLimitStoreError", "LockTimeout"] as const).map(
    (type): [ClientErrorType, ErrorCopy] => [
      type,
      {
        heading: "Temporarily unavailable",
        message: "Sign-in is briefly unavailable on this site. Please try again later.",
      },
    ],
  ),
  [
    "WebAuthnVerificationError",
    {
      heading: "Passkey not accepted",
      message: "Your passkey could not be verified. Try again, or choose another way to sign in.",
    },
  ],
  // Requests that do not make sense reach a person only when they followed a broken link or an old
  // bookmark: a browser asking for HTML gets a page, anything else the request's own reason.
  [
    "UnknownAction",
    {
      heading: "Page not found",
      message: "There is no sign-in page at this address. Check the link, or go to the sign-in page.",
    },
  ],
  [
    "InvalidProvider",
    {
      heading: "Sign-in method not found",
      message:
        "This site does not offer that way of signing in. Go to the sign-in page and choose one it offers.",
    },
  ],
]);

const DEFAULT_COPY: ErrorCopy = {
  heading: "Sign-in failed",
  message: `We could not sign you in. ${START_AGAIN}`,
};

/**
 * The words for an error type; unknown types (including `__proto__`-style keys) get the default.
 *
 * @example
 * ```ts
 * errorCopy("InvalidCheck").heading; // "Sign-in expired"
 * errorCopy("<script>").heading; // "Sign-in failed"
 * ```
 */
export function errorCopy(type: string): ErrorCopy {
  return ERROR_COPY.get(type as ClientErrorType) ?? DEFAULT_COPY;
}
