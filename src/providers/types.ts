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

/** A user as a provider describes it; the id may be absent until storage assigns one. */
export interface User {
  id?: string;
  name?: string | null;
  email?: string | null;
  image?: string | null;
  [extra: string]: unknown;
}

/** One input of a credentials form, rendered on the default sign-in page. */
export interface CredentialInput {
  label?: string;
  type?: string;
  placeholder?: string;
  required?: boolean;
  autocomplete?: string;
  value?: string;
}

export interface CredentialsConfig<
  Inputs extends Record<string, CredentialInput> = Record<string, CredentialInput>,
> extends CommonProviderOptions {
  type: "credentials";
  credentials: Inputs;
  /**
   * Checks the submitted fields and returns the user, or null to refuse. Throw a `CredentialsSignin`
   * subclass with a `code` to tell the sign-in page why.
   */
  authorize: (
    credentials: Partial<Record<keyof Inputs, unknown>>,
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
