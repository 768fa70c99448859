/**
 * Provider configuration types. A provider is plain data plus, for some types, a few functions;
 * the flow for its `type` (src/flows/) does the work.
 */
import type { customFetch } from "./custom-fetch.js";
import type { Language } from "./locales/messages.js";
import type { Theme } from "./theme.js";

export type ProviderType = "oidc" | "oauth" | "email" | "credentials" | "webauthn";

export interface CommonProviderOptions {
  /** Unique among the configured providers; part of the provider's URLs. */
  id: string;
  /** Shown on the default sign-in page: "Sign in with <name>". */
  name: string;
  type: ProviderType;
  /**
   * Set by a deprecated catalogue module: the id of the module that replaces it. Each
   * configuration names it once in its log (`DeprecatedProvider`).
   */
  replacedBy?: string;
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
 * What `authorize` receives: the fields declared in `credentials`, each typed `string` as next-auth
 * v4 typed them (so that `users[credentials.username]` compiles as it did there). A field the client
 * left out is absent all the same: check each one before use. Fields that were not declared never
 * reach `authorize`, and a non-string value is refused (400) before `authorize` runs.
 */
export type SubmittedCredentials<Inputs extends Record<string, CredentialInput>> = Record<
  keyof Inputs,
  string
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
  // Method syntax on purpose: a provider typed with its own fields still fits `Provider`.
  authorize(credentials: SubmittedCredentials<Inputs>, request: Request): Promise<User | null> | User | null;
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

/**
 * What an OAuth/OIDC provider says about the user: the ID token's claims or the userinfo response
 * (the standard claims of OpenID Connect Core 1.0 §5.1, and whatever else the provider sends). An
 * interface, as in Auth.js, so an app may add the claims of its provider by declaration merging.
 * `email_verified` and `picture` are left `unknown`: providers send them in other shapes (Apple's
 * `"true"`, Facebook's picture object), and a catalogue provider's own profile type says which.
 */
export interface Profile {
  sub?: string | null;
  name?: string | null;
  given_name?: string | null;
  family_name?: string | null;
  middle_name?: string | null;
  nickname?: string | null;
  preferred_username?: string | null;
  profile?: string | null;
  website?: string | null;
  email?: string | null;
  gender?: string | null;
  birthdate?: string | null;
  zoneinfo?: string | null;
  locale?: string | null;
  phone_number?: string | null;
  updated_at?: Date | string | number | null;
  /** Some providers send the avatar as `image`. */
  image?: string | null;
  [claim: string]: unknown;
}

/**
 * The claims a provider sends beyond those its profile type names, as a `profile` callback sees
 * them: whatever the provider put there.
 */
// biome-ignore lint/suspicious/noExplicitAny: Auth.js types unnamed claims so, and `profile()` callbacks read them without a cast.
export type ProfileClaims = Record<string, any>;

/** Parameters of a callback, as the provider sent them (query string, or a `form_post` body). */
export type CallbackParams = Record<string, string>;

/**
 * The authorization endpoint: its URL, and parameters added to every authorization request (e.g.
 * `scope`, `prompt`). Parameters of the sign-in request's query (`POST /signin/:id?prompt=login`)
 * are added too; the protocol's own (`state`, `code_challenge`, `nonce`, `redirect_uri`,
 * `client_id`, `response_type`) are always latchkey's.
 */
export interface AuthorizationEndpointHandler {
  url?: string;
  params?: Record<string, string>;
}

/** What a custom token request receives. */
export interface TokenRequestContext {
  /** The callback's parameters (`code`, …). */
  params: CallbackParams;
  /** The check values of this sign-in; `code_verifier` when PKCE is on. */
  checks: { code_verifier?: string };
  /** The `redirect_uri` of the authorization request, which the token request must repeat. */
  redirectUri: string;
  provider: OAuthConfig;
}

/**
 * The token endpoint: its URL, extra parameters for the code grant, `request` to replace the token
 * request entirely (a provider that does not speak RFC 6749 §4.1.3), or `conform` to repair a
 * non-standard response before it is validated.
 */
export interface TokenEndpointHandler {
  url?: string;
  params?: Record<string, string>;
  request?: (context: TokenRequestContext) => Promise<{ tokens: TokenSet }> | { tokens: TokenSet };
  conform?: (response: Response) => Promise<Response> | Response;
}

/** What a custom userinfo request receives. */
export interface UserinfoRequestContext {
  tokens: TokenSet;
  provider: OAuthConfig;
}

/** The userinfo endpoint: its URL, query parameters, or `request` to fetch the profile another way. */
export interface UserinfoEndpointHandler {
  url?: string;
  params?: Record<string, string>;
  request?: (context: UserinfoRequestContext) => Promise<Profile> | Profile;
}

/**
 * How the client authenticates at the token endpoint (RFC 8414 §2 names): `client_secret_basic`
 * (default), `client_secret_post`, `private_key_jwt` (with `client.privateKey`), or `none` for a
 * public client, which then relies on PKCE.
 */
export type TokenEndpointAuthMethod =
  | "client_secret_basic"
  | "client_secret_post"
  | "private_key_jwt"
  | "none";

/** Client metadata overrides (`client` option). */
export interface OAuthClientOptions {
  token_endpoint_auth_method?: TokenEndpointAuthMethod;
  /** `private_key_jwt`: the key that signs the client assertion, and its `kid`. */
  privateKey?: CryptoKey | { key: CryptoKey; kid?: string };
  /** The algorithm the provider signs ID tokens with, when it is not RS256 and discovery does not say. */
  id_token_signed_response_alg?: string;
  /**
   * Pushed Authorization Requests (RFC 9126): used when the server's metadata requires them, and
   * when this is true. Default false.
   */
  use_par?: boolean;
  [extra: string]: unknown;
}

/**
 * A yes/no question about a provider's profile. Declared through a method so that it is checked
 * bivariantly, like `profile`: a provider typed with its own profile still fits `Provider`.
 */
export type ProfileCheck<P extends Profile = Profile> = { check(profile: P): boolean }["check"];

/** The options of OAuth 2.0 and OpenID Connect providers, beyond `id`, `name` and `type`. */
export interface OAuthProviderOptions<P extends Profile = Profile> {
  /** The authorization server's issuer identifier; discovery reads `<issuer>/.well-known/openid-configuration`. */
  issuer?: string;
  /** The `fetch` every request to this provider goes through (see `customFetch`); default the global one. */
  [customFetch]?: typeof fetch;
  /** Where the server's metadata is, when it is not under the issuer (RFC 8414 or OpenID Connect Discovery). */
  wellKnown?: string;
  authorization?: string | AuthorizationEndpointHandler;
  token?: string | TokenEndpointHandler;
  userinfo?: string | UserinfoEndpointHandler;
  /** The JWKS URI, for providers without discovery that issue ID tokens. */
  jwks_endpoint?: string;
  clientId?: string;
  clientSecret?: string;
  /**
   * Maps the provider's profile to the user. Default: `id` (from `sub` or `id`), `name`, `email`,
   * `image`. A claim the profile's type does not name is typed `any` here, as in Auth.js, so that
   * `role: profile.role ?? "user"` compiles as it did there.
   */
  // Method syntax on purpose: a provider typed with its own profile (GitHub's) still fits `Provider`.
  profile?(profile: P & ProfileClaims, tokens: TokenSet): Promise<User> | User;
  /**
   * The fields of the token response stored on the account. Default: access_token, id_token,
   * refresh_token, expires_at, scope, token_type (lowercased), session_state; whatever this
   * returns is stored as well.
   */
  account?: (tokens: TokenSet) => TokenSet | undefined;
  /**
   * Link a first sign-in to the stored user with the same e-mail address. Only for providers that
   * verify addresses; otherwise anyone who registers your user's address there takes the account.
   */
  allowDangerousEmailAccountLinking?: boolean;
  /**
   * Whether this provider's word that an address is its user's (`email_verified: true`) proves the
   * address to latchkey: the new user's `emailVerified` is set, and a stored user whose address
   * nobody had proven yet gets this account linked after the pre-hijack defence ran (README,
   * "Security rules"). Default: false for `oidc`/`oauth` providers you configure yourself, and for a
   * catalogue provider unless its documentation says it verifies addresses (Google, Apple, GitHub).
   * A function replaces the reading of `email_verified`: it returns whether this profile's address
   * is verified, for providers whose claim is shaped differently or holds only for some accounts.
   *
   * @example
   * ```ts
   * import OIDC from "latchkey/providers/oidc";
   *
   * // Your own OpenID Provider, which only issues email_verified after a confirmation mail:
   * const provider = OIDC({ id: "corp", name: "Corp", issuer: "https://id.example.com", trustEmailVerified: true });
   * ```
   */
  trustEmailVerified?: boolean | ProfileCheck<P>;
  /** A stable deployment's auth URL that relays callbacks to preview deployments. */
  redirectProxyUrl?: string;
  /** Client metadata: the token endpoint authentication method, PAR, and other overrides. */
  client?: OAuthClientOptions;
  style?: ProviderButtonStyles;
}

/** Fields shared by OAuth 2.0 and OpenID Connect providers. */
export interface OAuthCommonConfig<P extends Profile = Profile>
  extends CommonProviderOptions,
    OAuthProviderOptions<P> {
  [extra: string]: unknown;
}

export interface OAuth2Config<P extends Profile = Profile> extends OAuthCommonConfig<P> {
  type: "oauth";
  /** Default ["pkce"]; "state" is added when a redirect proxy is used. */
  checks?: Array<"none" | "state" | "pkce">;
}

export interface OIDCConfig<P extends Profile = Profile> extends OAuthCommonConfig<P> {
  type: "oidc";
  /** Default ["pkce"]; "state" is added when a redirect proxy is used. */
  checks?: Array<"none" | "state" | "nonce" | "pkce">;
  /**
   * Whether the profile is the ID token's claims (default) or, when false, the userinfo response
   * (whose `sub` must match the ID token's).
   */
  idToken?: boolean;
  /**
   * Multi-tenant issuers (Microsoft Entra ID's `common` endpoint): the issuer is a template holding
   * `{tenantid}`, filled from this claim of each ID token before the `iss` comparison.
   */
  issuerTenantClaim?: string;
}

/** An OAuth 2.0 or OpenID Connect provider. */
export type OAuthConfig<P extends Profile = Profile> = OAuth2Config<P> | OIDCConfig<P>;

/** What an OAuth 2.0 provider factory takes: every option, each optional, without `type`. */
export interface OAuthUserConfig<P extends Profile = Profile> extends Partial<OAuthProviderOptions<P>> {
  id?: string;
  name?: string;
  checks?: OAuth2Config<P>["checks"];
  [extra: string]: unknown;
}

/** What an OpenID Connect provider factory takes: every option, each optional, without `type`. */
export interface OIDCUserConfig<P extends Profile = Profile> extends Partial<OAuthProviderOptions<P>> {
  id?: string;
  name?: string;
  checks?: OIDCConfig<P>["checks"];
  idToken?: boolean;
  issuerTenantClaim?: string;
  [extra: string]: unknown;
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
  /** The language of the request that asked for the mail: write the mail (and subject) in it. */
  language: Language;
  /**
   * What the mail is for: a sign-in link (and code), only a code as the second factor, or an
   * invitation to an organization (`url` accepts it; `invitation` names who invited to what).
   */
  purpose?: "signIn" | "secondFactor" | "invitation";
  /** With `purpose: "invitation"`: the organization's name, the inviter's name or address, the role offered. */
  invitation?: InvitationMailWords;
  request: Request;
}

/** What an invitation e-mail names, as text (the renderer escapes it). */
export interface InvitationMailWords {
  organization: string;
  inviter: string;
  role: string;
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
  /**
   * The mail service's API key, for providers that send through an HTTP API (`latchkey/providers/resend`
   * and the others). Default: the environment's `AUTH_<PROVIDER>_KEY`, e.g. `AUTH_RESEND_KEY`.
   */
  apiKey?: string;
  /** Sends the mail. Throwing ends the sign-in with `EmailSignInError`. */
  sendVerificationRequest: (params: EmailVerificationRequest) => Promise<void> | void;
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
