/**
 * What the sign-in page says for each `?error=` type. The type arrives in the query string, so only
 * the types of real error classes choose a message and anything else gets the default one; the raw
 * value is never shown.
 */
import type { ClientErrorType } from "../core/error-traits.js";

const SIGNIN_ERROR_MESSAGES: ReadonlyMap<ClientErrorType, string> = new Map<ClientErrorType, string>([
  ["OAuthSignInError", "We could not start signing you in with that provider. Please try again."],
  ["OAuthCallbackError", "The provider did not complete the sign-in. Please try again."],
  [
    "OAuthAccountNotLinked",
    "This email is already linked to another sign-in method. To protect your account, sign in the way you did before.",
  ],
  [
    "AccountNotLinked",
    "This email already belongs to an account that signs in another way. Sign in the way you did before.",
  ],
  ["EmailSignInError", "We could not send the sign-in email. Check the address and try again."],
  ["CredentialsSignin", "Those details did not match an account. Check them and try again."],
  ["AccessDenied", "You do not have permission to sign in."],
  ["Verification", "That sign-in link is no longer valid. It may have been used already or expired."],
  ["MissingCSRF", "Your sign-in form expired. Please try again."],
  ["RateLimited", "There were too many sign-in attempts. Wait a few minutes, then try again."],
  ["WebAuthnVerificationError", "Your passkey could not be verified. Please try again."],
]);

const DEFAULT_MESSAGE = "Something went wrong while signing in. Please try again.";

/**
 * The human message for a sign-in error type; unknown types (including `__proto__`-style keys)
 * get the default message.
 *
 * @example
 * ```ts
 * signInErrorMessage("CredentialsSignin"); // "Those details did not match an account. …"
 * signInErrorMessage("<script>"); // the default message
 * ```
 */
export function signInErrorMessage(type: string): string {
  return SIGNIN_ERROR_MESSAGES.get(type as ClientErrorType) ?? DEFAULT_MESSAGE;
}
