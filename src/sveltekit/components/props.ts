/**
 * The props of `latchkey/sveltekit/components`' `<SignIn>` and `<SignOut>`, the names
 * `@auth/sveltekit/components` takes, and the small rules the two components share (what the form
 * posts, where to). See docs/sveltekit.md, "Sign-in and sign-out components".
 */
import type { Snippet } from "svelte";
import type { HTMLFormAttributes } from "svelte/elements";
import { AUTHORIZATION_PARAM_PREFIX } from "../form-fields.js";

/** Extra parameters for the provider's authorization request (`prompt=login`, `login_hint=…`). */
export type SignInAuthorizationParams = string | string[][] | Record<string, string> | URLSearchParams;

/** Where to go after signing in (`redirectTo`); `redirect` is accepted for Auth.js's type and unused. */
export interface SignInFormOptions {
  /** Where to land afterwards (default: the page the form was on). */
  redirectTo?: string;
  /** Auth.js's `signIn()` option; a form always follows the redirect, so it changes nothing here. */
  redirect?: boolean;
}

/** Where to go after signing out. */
export interface SignOutFormOptions {
  /** Where to land afterwards (default: the page the form was on). */
  redirectTo?: string;
  /** Auth.js's `signOut()` option; a form always follows the redirect, so it changes nothing here. */
  redirect?: boolean;
}

/** The attributes passed on to the `<form>` (`id`, `data-*`, `aria-*`…), besides those below. */
type FormAttributes = Omit<HTMLFormAttributes, "method" | "children">;

export interface SignInProps extends FormAttributes {
  /**
   * The provider's id (`"github"`, `"credentials"`, `"resend"`). None, or one the app does not
   * have: the form leads to latchkey's sign-in page, which lists the app's providers.
   */
  provider?: string;
  /** The route, without its leading slash, whose default form action is `signIn`. Default `"signin"`. */
  signInPage?: string;
  /** `redirectTo`: where to land afterwards. A `FormData` is read for the same field. */
  options?: SignInFormOptions | FormData;
  /** Extra parameters for the provider's authorization request (OAuth and OpenID Connect providers). */
  authorizationParams?: SignInAuthorizationParams;
  /** Classes added to the form's own `signInButton` class. */
  className?: string;
  /** The button's content (default: "Sign in", or "Sign in with <provider>"). Also `slot="submitButton"`. */
  submitButton?: Snippet;
  /** A credentials provider's inputs (their `name`s are the provider's fields). Also `slot="credentials"`. */
  credentials?: Snippet;
  /**
   * An e-mail provider's input, named `email` (default for latchkey's e-mail providers: a required
   * e-mail field). Also `slot="email"`.
   */
  email?: Snippet;
}

export interface SignOutProps extends FormAttributes {
  /** The route, without its leading slash, whose default form action is `signOut`. Default `"signout"`. */
  signOutPage?: string;
  /** `redirectTo`: where to land afterwards. */
  options?: SignOutFormOptions;
  /** Classes added to the form's own `signOutButton` class. */
  className?: string;
  /** The button's content (default: "Sign out"). Also `slot="submitButton"`. */
  submitButton?: Snippet;
}

/** The ids of latchkey's e-mail providers, for which `<SignIn>` shows an e-mail field by default. */
export const EMAIL_PROVIDER_IDS: readonly string[] = [
  "email",
  "nodemailer",
  "resend",
  "sendgrid",
  "postmark",
  "mailgun",
  "forwardemail",
];

/**
 * The form's `action`: the app's own route, always a path on the app's origin. Leading slashes are
 * dropped, so `"//evil.example"` cannot turn it into another host's address.
 */
export function routeOf(page: string): string {
  return `/${page.replace(/^[/\\]+/, "")}`;
}

/** The `redirectTo` the options carry, if any. */
export function redirectToOf(options: SignInFormOptions | SignOutFormOptions | FormData | undefined) {
  const value = options instanceof FormData ? options.get("redirectTo") : options?.redirectTo;
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * The hidden fields that carry authorization parameters: `authorizationParams-<name>`, which
 * latchkey's `signIn` action sends on as the authorization request's parameters.
 */
export function authorizationFields(params: SignInAuthorizationParams | undefined): [string, string][] {
  if (params === undefined) return [];
  return [...new URLSearchParams(params)].map(([name, value]) => [
    `${AUTHORIZATION_PARAM_PREFIX}${name}`,
    value,
  ]);
}

/** The form's classes: its own, then the app's. */
export function formClass(own: string, ...added: (string | null | undefined)[]): string {
  return [own, ...added].filter((name) => typeof name === "string" && name !== "").join(" ");
}
