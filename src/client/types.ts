/**
 * The client's option and result types, named and shaped as `next-auth/react`'s, so code written
 * against it compiles against `latchkey/client`.
 */
import type { ProviderType } from "../index.js";

/** A configured provider as `GET /providers` lists it: nothing secret, only what a page needs. */
export interface ClientSafeProvider {
  id: string;
  name: string;
  type: ProviderType;
  signinUrl: string;
  callbackUrl: string;
}

/** Extra query parameters for the authorization request, in any form `URLSearchParams` takes. */
export type SignInAuthorizationParams = string | string[][] | Record<string, string> | URLSearchParams;

/**
 * Options of {@link signIn}. Every other field is posted to the provider: `email` for e-mail,
 * the `credentials` inputs (`username`, `password`, …) for credentials, `code` with `email` to
 * finish an e-mail sign-in with its one-time code, `email` and `action` for passkeys.
 */
export interface SignInOptions<Redirect extends boolean = true> extends Record<string, unknown> {
  /** Where to land after signing in; default: the current page. */
  redirectTo?: string;
  /** @deprecated Use `redirectTo` (the older name, still read). */
  callbackUrl?: string;
  /**
   * `false` stays on the page and resolves with a {@link SignInResponse}, to show an error inline.
   * OAuth and OpenID Connect sign-ins then resolve with the provider's authorization URL to open.
   */
  redirect?: Redirect;
}

/** What {@link signIn} resolves with when `redirect: false`. */
export interface SignInResponse {
  /** The error type (`CredentialsSignin`, `AccessDenied`, `RateLimited`, …), or undefined. */
  error: string | undefined;
  /** The error's code, when the provider gave one (credentials: `credentials` unless `authorize` threw its own). */
  code: string | undefined;
  /** The HTTP status of the handler's answer. */
  status: number;
  /**
   * True when the sign-in went through. (next-auth v5 reports `ok: true` with a credentials error,
   * since that error arrives in a 200; latchkey reports false whenever `error` is set.)
   */
  ok: boolean;
  /** Where the browser would have gone; null when there is an error. */
  url: string | null;
  /**
   * latchkey's two-factor sign-in: the first factor is proven, but no session exists until the
   * second is (`submitTwoFactorCode`, `submitRecoveryCode`, `verifyTwoFactorWithPasskey`); `url`
   * is the challenge page, where `redirect: true` would have gone.
   */
  twoFactorRequired?: true;
  /** With `twoFactorRequired`: the second factors the app offers ("totp", "recovery", "passkey", "email"). */
  methods?: string[];
  /** With `twoFactorRequired`: the user must enrol an authenticator app first (at `url`). */
  enrolmentRequired?: true;
}

/** Options of {@link signOut}. */
export interface SignOutParams<Redirect extends boolean = true> {
  /** Where to land after signing out; default: the current page. */
  redirectTo?: string;
  /** @deprecated Use `redirectTo` (the older name, still read). */
  callbackUrl?: string;
  /** `false` stays on the page (other tabs and `useSession` still hear of it) and resolves with the URL. */
  redirect?: Redirect;
}

/** What {@link signOut} resolves with when `redirect: false`. */
export interface SignOutResponse {
  url: string;
}
