/**
 * Provider configuration types. A provider is plain data plus, for some types, a few functions;
 * the flow for its `type` (src/flows/) does the work.
 */
import type { AdapterUser } from "../adapters/types.js";
import type { Theme } from "../pages/theme.js";

export type ProviderType = "oidc" | "oauth" | "email" | "credentials" | "webauthn";

export interface CommonProviderOptions {
  /** Unique among the configured providers; part of the provider's URLs. */
  id: string;
  /** Shown on the default sign-in page: "Sign in with <name>". */
  name: string;
  type: ProviderType;
}

export interface ProviderButtonStyles {
  brandColor?: string;
  logo?: string;
  /** @deprecated use brandColor */
  bg?: string;
  /** @deprecated */
  text?: string;
}

/**
 * The fields latchkey itself reads from a user. Extend {@link User}, not this: `DefaultUser` stays as
 * shipped, so that `DefaultSession["user"]` and similar references keep meaning "the built-in fields".
 */
export interface DefaultUser {
  /** The user's id; absent until storage assigns one (a provider profile has none yet). */
  id?: string;
  name?: string | null;
  email?: string | null;
  /** URL of an avatar. */
  image?: string | null;
}

/**
 * A user as a provider or `authorize` describes it, and as the `jwt`, `signIn` and `session`
 * callbacks receive it. Add your own fields by declaration merging; they then also appear on
 * `AdapterUser`, which extends this.
 *
 * @example
 * ```ts
 * import type { User } from "latchkey";
 *
 * declare module "latchkey" {
 *   interface User {
 *     role?: string;
 *   }
 * }
 *
 * const admin: User = { id: "user-1", role: "admin" };
 * ```
 */
export interface User extends DefaultUser {}

/** One input of a credentials form, rendered on the default sign-in page. */
export interface CredentialInput {
  label?: string;
  type?: string;
  placeholder?: string;
  required?: boolean;
  autocomplete?: string;
  value?: string;
}

/**
 * What `authorize` receives: each declared field as the string the client sent, or absent. Fields
 * that were not declared in `credentials` never reach it, and a non-string value is refused (400)
 * before `authorize` runs.
 */
export type SubmittedCredentials<Inputs extends Record<string, CredentialInput>> = Partial<
  Record<keyof Inputs, string>
>;

export interface CredentialsConfig<
  Inputs extends Record<string, CredentialInput> = Record<string, CredentialInput>,
> extends CommonProviderOptions {
  type: "credentials";
  /** The form fields, by name: the sign-in page renders them, and only they reach `authorize`. */
  credentials: Inputs;
  /**
   * Checks the submitted fields and returns the user, or null to refuse. Throw a `CredentialsSignin`
   * subclass with a `code` to tell the sign-in page why.
   */
  authorize: (
    credentials: SubmittedCredentials<Inputs>,
    request: Request,
  ) => Promise<User | null> | User | null;
}

export type TokenSet = Record<string, unknown> & {
  access_token?: string;
  token_type?: string;
  id_token?: string;
  refresh_token?: string;
  expires_in?: number;
  expires_at?: number;
  scope?: string;
};

export type Profile = Record<string, unknown> & {
  sub?: string | null;
  name?: string | null;
  email?: string | null;
  image?: string | null;
};

/** Fields shared by OAuth 2.0 and OpenID Connect providers. */
export interface OAuthCommonConfig<P extends Profile = Profile> extends CommonProviderOptions {
  issuer?: string;
  wellKnown?: string;
  authorization?: string | { url?: string; params?: Record<string, string> };
  token?: string | { url?: string; params?: Record<string, string> };
  userinfo?: string | { url?: string; params?: Record<string, string> };
  clientId?: string;
  clientSecret?: string;
  profile?: (profile: P, tokens: TokenSet) => Promise<User> | User;
  account?: (tokens: TokenSet) => TokenSet | undefined;
  allowDangerousEmailAccountLinking?: boolean;
  redirectProxyUrl?: string;
  client?: Record<string, unknown>;
  style?: ProviderButtonStyles;
  [extra: string]: unknown;
}

export interface OAuth2Config<P extends Profile = Profile> extends OAuthCommonConfig<P> {
  type: "oauth";
  /** Default ["pkce"]; "state" is added when a redirect proxy is used. */
  checks?: Array<"none" | "state" | "pkce">;
}

export interface OIDCConfig<P extends Profile = Profile> extends OAuthCommonConfig<P> {
  type: "oidc";
  checks?: Array<"none" | "state" | "nonce" | "pkce">;
}

/** What `sendVerificationRequest` receives: everything needed to write the sign-in e-mail. */
export interface EmailVerificationRequest {
  /** The normalised address the mail goes to. Send to this one address only. */
  identifier: string;
  /** The sign-in link, on the app's configured origin (AUTH_URL, or the trusted host). */
  url: string;
  /** The one-time token inside `url`. */
  token: string;
  /** With `otp: true`: the numeric one-time code to show in the mail as well. */
  code?: string;
  expires: Date;
  provider: EmailConfig;
  /** The configured theme, for a mail that looks like the sign-in pages. */
  theme: Theme;
  request: Request;
}

/**
 * A passwordless e-mail provider: `POST /signin/:id` sends a one-time link (and, with `otp`, a code);
 * following it signs the address's owner in.
 */
export interface EmailConfig extends CommonProviderOptions {
  type: "email";
  /** Seconds a link or code stays valid. Default 24 hours (86400). */
  maxAge?: number;
  /**
   * Whether the link opens a confirm page whose button signs in (the default), so that mail
   * scanners that fetch links cannot use them up. `false`: following the link signs in at once,
   * as in Auth.js.
   */
  confirm?: boolean;
  /**
   * Also send a 6-digit one-time code, entered on the verify-request page (`POST /callback/:id`
   * with `email` and `code`). After 5 wrong codes the sign-in is void. Default false.
   */
  otp?: boolean;
  /**
   * Turns what the user typed into the address to send to and sign in as. Default: trimmed,
   * lower-cased, and refused (400) unless it is exactly one plain address.
   */
  normalizeIdentifier?: (identifier: string) => string;
  /** Makes the link's token. Default: 256 random bits, base64url. */
  generateVerificationToken?: () => string | Promise<string>;
  /** Sends the mail. Throwing ends the sign-in with `EmailSignInError`. */
  sendVerificationRequest: (params: EmailVerificationRequest) => Promise<void> | void;
}

export interface WebAuthnConfig extends CommonProviderOptions {
  type: "webauthn";
  [extra: string]: unknown;
}

export type ProviderConfig = OAuth2Config | OIDCConfig | EmailConfig | CredentialsConfig | WebAuthnConfig;

/** A provider object, or a factory returning one (e.g. `GitHub` passed without calling it). */
export type Provider = ProviderConfig | (() => ProviderConfig);

/** What `GET /providers` lists for each provider. */
export interface AppProvider extends CommonProviderOptions {
  signinUrl: string;
  callbackUrl: string;
}

export type { AdapterUser };
