/**
 * English words of sign-in by e-mail: the "check your e-mail" page with its code form, the link's
 * confirm page, the sign-in e-mail and the second-factor code e-mail. `{count}` picks a plural form.
 */
export const email = {
  checkEmail: "Check your email",
  linkSent: "We sent a sign-in link to your email address. Open it on this device to continue.",
  linkNote: "The link expires soon and works once. If it does not arrive, check your spam folder.",
  orEnterCode: "Or enter the 6-digit code from the email:",
  codeFromEmail: "Code from the email",
  signInWithCode: "Sign in with code",
  codeExpired: "That code has expired or was already used. Send yourself a new code.",
  codeLastTry: "That code is not right, and that was the last try. Send yourself a new code.",
  codeWrong: {
    one: "That code is not right. Check the code in the latest email and try again: {count} try left.",
    other: "That code is not right. Check the code in the latest email and try again: {count} tries left.",
  } as Plural,
  sendNewCode: "Send a new code",
  newCode: "We will email a new link and code.",
  newCodeTo: "We will email a new link and code to {email}.",
  backTo: "Back to {host}",
  returnTo: "You can close this page and return to {host}.",
  confirmSignIn: "Confirm sign-in",
  continueAs: "Continue signing in as {email}.",
  confirmNote: "This link works once. If you did not ask to sign in, close this page.",
  mailSubject: "Sign in to {host}",
  mailCode: "Or enter this code on the sign-in page:",
  mailIgnore: "If you did not ask for this email, you can safely ignore it.",
  codeMailSubject: "Your sign-in code for {host}",
  codeMailLead: "Enter this code to finish signing in:",
  codeMailExpiry: "The code works once, for {minutes}.",
  codeMailOpen: "Open the sign-in page",
};

/**
 * A message with plural forms, chosen by `Intl.PluralRules` for `{count}` (CLDR categories: a
 * language uses the ones it has; `other` is always required).
 */
export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
