/**
 * English words for errors, by error type: `[heading, message]`, the heading being the error page's
 * title. Each says what happened and what the user can do next, in words for someone signing in,
 * never for the developer (the error's own message, and where docs/errors.md explains it, go to the
 * log). `default` is for any other type: the type arrives in a query string, so only the types of
 * real error classes choose an entry and the raw value is never shown.
 *
 * `errors` holds the words of the errors any app can meet; the words of an error only a flow or a
 * feature raises are in that flow's or feature's table below, which it carries (`errorWords`), so an
 * app bundles them only with the providers and features it uses. The English pack
 * (`latchkey/locales/en`) and every other language hold them all, under one `errors` key.
 */
export type ErrorWords = readonly [heading: string, message: string];

const FAILED = "Sign-in failed";
const OWNER = "contact the site's owner";
const GO_TO = "Go to the sign-in page and";
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
  InvalidCheck: [
    "Sign-in expired",
    "Signing in took too long, or was finished in a different browser from the one it started in. Start signing in again.",
  ],
  MissingCSRF: [
    "Form expired",
    "The sign-in form had expired, or your browser did not send its cookie. Try again; if it keeps failing, allow cookies for this site.",
  ],
  RateLimited: [
    "Too many attempts",
    "There were too many sign-in attempts. Wait a few minutes, then try again.",
  ],
  StoreUnavailable: BRIEFLY,
  StoreFull: BRIEFLY,
  RateLimitStoreError: BRIEFLY,
  LockTimeout: BRIEFLY,
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

// The tables below are what flows and features carry: their words are written out whole, with no
// fragment substituted in (a template), because a bundler keeps a table built from a template even
// when nothing uses it, and these must fall away with the flow.

// Another way of signing in already owns the address (login/: OAuth, credentials and passkeys).
const ACCOUNT_NOT_LINKED: ErrorWords = [
  "Account already exists",
  "This email address already has an account that signs in another way. Sign in the way you did before; once signed in, you can add this way of signing in.",
];
// A sign-in e-mail that could not be sent: the e-mail flow's, a two-factor code's, an invitation's.
const EMAIL_NOT_SENT: ErrorWords = [
  "Email not sent",
  "We could not send the sign-in email. Check the address, then try again in a few minutes.",
];

/** The OAuth and OpenID Connect flow's errors. */
export const oauthErrors = {
  OAuthSignInError: [
    "Could not reach the provider",
    "We could not start signing you in with that provider. Try again in a few minutes, or choose another way to sign in.",
  ],
  OAuthCallbackError: [
    "Sign-in not finished",
    "The provider did not finish signing you in. Try again, or choose another way to sign in.",
  ],
  OAuthAccountNotLinked: [
    "Account already exists",
    "This email address already has an account that signs in another way. Sign in the way you did before; once signed in, you can link this provider.",
  ],
  AccountNotLinked: ACCOUNT_NOT_LINKED,
} satisfies Record<string, ErrorWords>;

/** The e-mail flow's errors. */
export const emailErrors = {
  Verification: [
    "Link no longer valid",
    "This sign-in link has expired or was already used. Go to the sign-in page and ask for a new one.",
  ],
  EmailSignInError: EMAIL_NOT_SENT,
} satisfies Record<string, ErrorWords>;

/** The credentials flow's errors. */
export const credentialsErrors = {
  CredentialsSignin: ["Sign-in failed", "Those details did not match an account. Check them and try again."],
  AccountNotLinked: ACCOUNT_NOT_LINKED,
} satisfies Record<string, ErrorWords>;

/** The passkey (WebAuthn) flow's errors. */
export const passkeyErrors = {
  WebAuthnVerificationError: [
    "Passkey not accepted",
    "Your passkey could not be verified. Try again, or choose another way to sign in.",
  ],
  AccountNotLinked: ACCOUNT_NOT_LINKED,
} satisfies Record<string, ErrorWords>;

/** Two-factor sign-in's errors (its e-mailed codes can fail to send). */
export const twoFactorErrors = {
  InvalidTwoFactorCode: [
    "Code not accepted",
    "That code did not work, or was used already. Try again with the code your authenticator app shows now, or use one of your recovery codes.",
  ],
  EmailSignInError: EMAIL_NOT_SENT,
} satisfies Record<string, ErrorWords>;

/** Organizations' errors (an invitation e-mail can fail to send). */
export const organizationsErrors = {
  EmailSignInError: EMAIL_NOT_SENT,
} satisfies Record<string, ErrorWords>;
