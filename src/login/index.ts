/**
 * The one place that decides who a sign-in is: it asks the `signIn` callback, finds or creates
 * users and links accounts. Flows only report what the provider proved (a user and an account) and
 * pick the policy for their provider type; the rules live in this folder, one module per policy,
 * with the shared ones (sign-up, the pre-hijack defence) beside them.
 */
export { resolveCredentialsUser } from "./credentials.js";
export { emailUserResolver } from "./email.js";
export { type OAuthLinking, oauthUserResolver } from "./oauth.js";
export {
  assertPasskeyEmailFree,
  type NewAuthenticator,
  type PasskeyOwner,
  registerPasskey,
  resolvePasskeyUser,
} from "./passkey.js";
export type { ProvenIdentity, ProvenSignIn, ResolvedSignIn, UserResolver } from "./types.js";
export { signInVerdict } from "./verdict.js";
