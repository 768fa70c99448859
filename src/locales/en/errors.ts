/**
 * English words for errors, by error type: `[heading, message]`, the heading being the error page's
 * title. Each says what happened and what the user can do next, in words for someone signing in,
 * never for the developer (the error's own message, and where docs/errors.md explains it, go to the
 * log). `default` is for any other type: the type arrives in a query string, so only the types of
 * real error classes choose an entry and the raw value is never shown.
 */
export type ErrorWords = readonly [heading: string, message: string];

const FAILED = "Sign-in failed";
const ANOTHER_WAY = "or choose another way to sign in.";
const OWNER = "contact the site's owner";
const GO_TO = "Go to the sign-in page and";
const EXISTS = "Account already exists";
const ALREADY =
  "This email address already has an account that signs in another way. Sign in the way you did before; once signed in, you can";
// The site's short-lived store (Redis, usually) did not answer: nothing the user did, and it
// passes, so the page says to come back rather than to contact anyone.
const BRIEFLY: ErrorWords = [
  "Temporarily unavailable",
  "Sign-in is briefly unavailable on this site. Please try again later.",
];

export const errors = {
  // Every error the browser is not told about: a fault of the site, its database or its store.
  Configuration: [
    "Sign-in is unavailable",
    `Something went wrong on this site, not with anything you did. Try again in a few minutes. If it keeps happening, ${OWNER}.`,
  ],
  AccessDenied: [
    "Access denied",
    `This account may not sign in here. Try another account, or ${OWNER} if you think this is a mistake.`,
  ],
  Verification: [
    "Link no longer valid",
    `This sign-in link has expired or was already used. ${GO_TO} ask for a new one.`,
  ],
  InvalidCheck: [
    "Sign-in expired",
    "Signing in took too long, or was finished in a different browser from the one it started in. Start signing in again.",
  ],
  MissingCSRF: [
    "Form expired",
    "The sign-in form had expired, or your browser did not send its cookie. Try again; if it keeps failing, allow cookies for this site.",
  ],
  OAuthSignInError: [
    "Could not reach the provider",
    `We could not start signing you in with that provider. Try again in a few minutes, ${ANOTHER_WAY}`,
  ],
  OAuthCallbackError: [
    "Sign-in not finished",
    `The provider did not finish signing you in. Try again, ${ANOTHER_WAY}`,
  ],
  OAuthAccountNotLinked: [EXISTS, `${ALREADY} link this provider.`],
  AccountNotLinked: [EXISTS, `${ALREADY} add this way of signing in.`],
  EmailSignInError: [
    "Email not sent",
    "We could not send the sign-in email. Check the address, then try again in a few minutes.",
  ],
  CredentialsSignin: [FAILED, "Those details did not match an account. Check them and try again."],
  InvalidTwoFactorCode: [
    "Code not accepted",
    "That code did not work, or was used already. Try again with the code your authenticator app shows now, or use one of your recovery codes.",
  ],
  RateLimited: [
    "Too many attempts",
    "There were too many sign-in attempts. Wait a few minutes, then try again.",
  ],
  StoreUnavailable: BRIEFLY,
  StoreFull: BRIEFLY,
  RateLimitStoreError: BRIEFLY,
  LockTimeout: BRIEFLY,
  WebAuthnVerificationError: [
    "Passkey not accepted",
    `Your passkey could not be verified. Try again, ${ANOTHER_WAY}`,
  ],
  // Requests that do not make sense reach a person only when they followed a broken link or an old
  // bookmark: a browser asking for HTML gets a page, anything else the request's own reason.
  UnknownAction: [
    "Page not found",
    "There is no sign-in page at this address. Check the link, or go to the sign-in page.",
  ],
  InvalidProvider: [
    "Sign-in method not found",
    `This site does not offer that way of signing in. ${GO_TO} choose one it offers.`,
  ],
  default: [FAILED, "We could not sign you in. Start signing in again."],
} satisfies Record<string, ErrorWords>;
