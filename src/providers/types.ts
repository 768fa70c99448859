/**
 * Provider configuration types. A provider is plain data plus, for some types, a few functions;
 * the flow for its `type` (src/flows/) does the work.
 */
import type { AdapterUser } from "../adapters/types.js";

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

export interface EmailConfig extends CommonProviderOptions {
  type: "email";
  /** Seconds a link or code stays valid. */
  maxAge?: number;
  sendVerificationRequest: (params: {
    identifier: string;
    url: string;
    token: string;
    expires: Date;
    provider: EmailConfig;
    request: Request;
  }) => Promise<void> | void;
  [extra: string]: unknown;
}

/** Whether the authenticator must verify the user (PIN, biometrics), per WebAuthn Level 3 §5.8.6. */
export type UserVerificationRequirement = "required" | "preferred" | "discouraged";

/** Whether the authenticator must store a discoverable credential (a passkey), per WebAuthn Level 3 §5.4.6. */
export type ResidentKeyRequirement = "required" | "preferred" | "discouraged";

/**
 * Who the passkeys belong to (the WebAuthn Relying Party, WebAuthn Level 3 §4). Every field is
 * optional: without them the app's origin (AUTH_URL, or the request URL when the host is trusted)
 * gives the origin, its hostname the id, and its host the name.
 */
export interface RelyingPartyOptions {
  /**
   * The RP ID: the app's hostname or a registrable suffix of it (`example.com` for
   * `login.example.com`). Passkeys are bound to it: changing it later orphans every stored passkey.
   */
  id?: string;
  /** Shown by the browser and the authenticator when a passkey is created. */
  name?: string;
  /** The origin(s) a ceremony may come from, e.g. `https://login.example.com`. */
  origin?: string | string[];
}

export interface WebAuthnConfig extends CommonProviderOptions {
  type: "webauthn";
  /** Defaults to the app's origin; see {@link RelyingPartyOptions}. */
  relyingParty?: RelyingPartyOptions;
  /** @deprecated Auth.js's spelling of {@link WebAuthnConfig.relyingParty}; accepted for migrations. */
  relayingParty?: RelyingPartyOptions;
  /**
   * Whether the authenticator must verify the user. Default `"preferred"`: asked for, not required.
   * `"required"` also refuses any response whose UV flag is clear.
   */
  userVerification?: UserVerificationRequirement;
  /** Whether new credentials must be discoverable. `Passkey` defaults to `"required"`, `WebAuthn` to `"preferred"`. */
  residentKey?: ResidentKeyRequirement;
  /** Milliseconds the browser gives the user to finish a ceremony. Default 300000 (5 minutes). */
  timeout?: number;
  /** Offer passkeys in the e-mail field's autofill on the default sign-in page (conditional UI). Default true. */
  enableConditionalUI?: boolean;
  /** COSE algorithm ids offered at registration, most preferred first. Default: the library's (EdDSA, ES256, RS256). */
  supportedAlgorithmIDs?: number[];
  style?: ProviderButtonStyles;
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
