/**
 * The application-facing configuration: types (mirroring Auth.js v5 `AuthConfig`), environment
 * defaults, and the two symbols that unlock non-default behaviour.
 */
import type { Adapter, AdapterUser } from "./adapters/types.js";
import type { CallbacksOptions, EventCallbacks } from "./callbacks.js";
import type { CookiesOverrides } from "./cookie/names.js";
import type { JWTOptions } from "./jwt/index.js";
import type { LanguagePack } from "./locales/language.js";
import type { MessageOverrides } from "./locales/messages.js";
import type { Provider } from "./provider-types.js";
import type { RateLimitConfig } from "./rate-limit/rules.js";
import type { ShortLivedStore } from "./store/types.js";
import type { Theme } from "./theme.js";

export type {
  Account,
  ActiveOrganization,
  CallbacksOptions,
  DefaultSession,
  EventCallbacks,
  JWTCallbackParams,
  RedirectCallbackParams,
  Session,
  SessionCallbackParams,
  SessionCallbackResult,
  SignInCallbackParams,
  SignOutReason,
  UpdateTrigger,
} from "./callbacks.js";

/** Environment variables by name, as `process.env` holds them. */
export type EnvRecord = Record<string, string | undefined>;

export type { RateLimitConfig, Theme };

/** Pass as `skipCSRFCheck` to turn the CSRF check off, when a framework already does it. */
export const skipCSRFCheck: unique symbol = Symbol("latchkey.skip-csrf-check");
/** Pass as `raw` to make `Auth()` return its internal result instead of a `Response`. */
export const raw: unique symbol = Symbol("latchkey.raw");

export type SessionStrategy = "jwt" | "database";

/**
 * Database sessions as a value (`databaseStrategy` from `latchkey`), which carries their code: what
 * `session.strategy` takes on an edge runtime, where `Auth` does not bring database sessions itself.
 */
export interface DatabaseStrategy {
  readonly name: "database";
}

export interface SessionOptions {
  /**
   * Where sessions live: `"jwt"` keeps the session in an encrypted cookie; `"database"` keeps a
   * random token in the cookie and the session in the adapter, so it can be listed and revoked.
   * Default `"database"` when an `adapter` is configured, otherwise `"jwt"`. On an edge runtime
   * (a single-file bundle: Next.js middleware, a Worker) database sessions come with an import,
   * `databaseStrategy` from `latchkey`, passed here instead of `"database"` (docs/migrating.md).
   */
  strategy?: SessionStrategy | DatabaseStrategy;
  /** Seconds until an idle session expires. Default 30 days (2592000). */
  maxAge?: number;
  /**
   * Seconds between session extensions (database) or cookie re-issues (jwt); 0 extends on every
   * request. Default 24 hours (86400).
   */
  updateAge?: number;
  /** Database sessions: makes the session token. Default: 256 random bits, base64url. */
  generateSessionToken?: () => string;
  /**
   * Database sessions: answer `GET /session` and `getSession` from a short-lived encrypted cookie
   * holding the session and its user, reaching the adapter only when it is missing, expired, or the
   * session is due its `updateAge` extension. Sign-in and `update()` write it; sign-out clears it.
   * The trade-off: a session revoked elsewhere stays usable in a browser holding a cache cookie for
   * at most `maxAge` seconds, unless a shared `store` is configured, whose revocation markers end
   * it on its next request (README, "Which session strategy"). Off by default.
   *
   * @example
   * ```ts
   * const session: SessionOptions = { strategy: "database", cookieCache: { maxAge: 300 } };
   * ```
   */
  cookieCache?: { maxAge: number };
}

/**
 * Sessions issued by another library, read so that its signed-in users stay signed in after the
 * switch (docs/migrating.md, "From next-auth v4").
 */
export interface MigrateOptions {
  /**
   * Read next-auth v4's session cookie (`next-auth.session-token`, `__Secure-` prefixed on https,
   * chunked or whole): its encrypted JWT with JWT sessions, its session row with database sessions
   * (the schema is the same). The first `GET /session` (or `POST /session`) re-issues it as
   * latchkey's cookie, ending when the v4 session would have, and clears v4's; `getSession` reads
   * it without setting cookies; sign-out ends it. v4's session must be under one of `secret`'s
   * values (v4's NEXTAUTH_SECRET) and in v4's default format. Default false: v4 cookies are
   * ignored, and users signed in under v4 sign in again.
   *
   * `true` works on Node. Where `Auth` runs from a single-file bundle (Next.js middleware, a
   * Cloudflare Worker) pass `nextAuthV4Sessions` from `latchkey/migrate` instead, which brings the
   * code with it (`true` fails at startup there, naming the import).
   *
   * @example
   * ```ts
   * const config: AuthConfig = { providers, migrate: { nextAuthV4: true } };
   * ```
   */
  nextAuthV4?: boolean | NextAuthV4Sessions;
}

/**
 * next-auth v4's sessions as a value (`nextAuthV4Sessions` from `latchkey/migrate`), which carries
 * the code that reads them: what `migrate.nextAuthV4` takes on an edge runtime.
 */
export interface NextAuthV4Sessions {
  readonly migrates: "next-auth-v4";
}

/**
 * Paths (or URLs on the app's origin) of the application's own pages, used instead of the built-in
 * ones. They receive what the built-in pages would in their query: `callbackUrl` (sign-in), `error`
 * and, for a refused credentials sign-in, `code`.
 */
export interface PagesOptions {
  /** The sign-in page; also where sign-in errors land, with `?error=`. Default `${basePath}/signin`. */
  signIn: string;
  /** The sign-out confirmation page. Default `${basePath}/signout`. */
  signOut: string;
  /** Where other errors land, with `?error=`. Default `${basePath}/error`. */
  error: string;
  /** Shown after an e-mail sign-in link was sent. Default `${basePath}/verify-request`. */
  verifyRequest: string;
  /** Where a user goes after the sign-in that created them. Default: the `callbackUrl`, like any sign-in. */
  newUser: string;
}

/** The `logger` option: where latchkey reports errors, warnings and (with `debug`) what it does. */
export interface LoggerInstance {
  /** Default: `console.error`, with the error's name, message and cause. */
  error(error: Error): void;
  /** Default: `console.warn`. */
  warn(code: string, message?: string): void;
  /** Called only when `debug` is true. Default: `console.debug`. */
  debug(message: string, metadata?: unknown): void;
}

/**
 * Everything `Auth()`, `getSession()` and the session functions need. Only `providers` is required;
 * the secret can come from AUTH_SECRET.
 *
 * @example
 * ```ts
 * import type { AuthConfig } from "latchkey";
 * import Credentials from "latchkey/providers/credentials";
 *
 * export const config: AuthConfig = {
 *   providers: [
 *     Credentials({
 *       credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
 *       authorize: ({ username }) => (username ? { id: username, name: username } : null),
 *     }),
 *   ],
 *   session: { strategy: "jwt", maxAge: 7 * 24 * 60 * 60 },
 * };
 * ```
 */
export interface AuthConfig {
  /**
   * The ways to sign in, e.g. `Credentials({...})` or `GitHub` (a factory may be passed uncalled).
   * Each needs a unique `id`.
   */
  providers: Provider[];
  /**
   * Storage for users, accounts, database sessions and e-mail tokens. Required by database sessions
   * and e-mail sign-in. Default: none (JWT sessions, nothing stored).
   *
   * @example
   * ```ts
   * import { PrismaAdapter } from "latchkey/adapters/prisma";
   *
   * const config: AuthConfig = { providers, adapter: PrismaAdapter(prisma) };
   * ```
   */
  adapter?: Adapter;
  /**
   * Keys the session JWT, the CSRF token and the check cookies. One secret, or several for rotation:
   * the first is used for new values, all of them are accepted. Default: AUTH_SECRET_3, _2 and _1
   * (the rotation slots, newest first), then AUTH_SECRET. Use 32+ random bytes (`openssl rand -base64 33`).
   */
  secret?: string | string[];
  /** How sessions are stored and for how long; see {@link SessionOptions}. */
  session?: SessionOptions;
  /**
   * The session JWT (JWT sessions): `maxAge` (default `session.maxAge`) and a custom `encode`/`decode`
   * pair. Default: latchkey's encrypted JWT, readable by Auth.js v5.
   */
  jwt?: JWTOptions;
  /** Functions that shape a sign-in and the session; see {@link CallbacksOptions}. */
  callbacks?: Partial<CallbacksOptions>;
  /**
   * Handlers told about sign-ins, sign-outs, new users and session reads; see {@link EventCallbacks}.
   *
   * @example
   * ```ts
   * const config: AuthConfig = {
   *   providers,
   *   events: { signIn: ({ user }) => audit.log("sign-in", user.id) },
   * };
   * ```
   */
  events?: Partial<EventCallbacks>;
  /**
   * The application's own pages, used instead of the built-in ones. Each must be a path or a URL
   * on the app's origin. Default: the built-in pages under `basePath`.
   *
   * @example
   * ```ts
   * const config: AuthConfig = { providers, pages: { signIn: "/login", error: "/login" } };
   * ```
   */
  pages?: Partial<PagesOptions>;
  /** Where the routes live. Default: AUTH_URL's path when it has one, otherwise `/auth`. */
  basePath?: string;
  /**
   * Trust the request's Host header, and its `X-Forwarded-Host` / `X-Forwarded-Proto` headers, to
   * build URLs (links, redirects) when AUTH_URL does not pin the app's URL: the request URL is used,
   * with the forwarded headers honoured, because behind a proxy they are what the browser saw. On
   * Node, `toNodeHandler` removes forwarded headers unless its `trustProxy` option is on. Default: true when AUTH_TRUST_HOST is `true` or `1`, when AUTH_URL, VERCEL or
   * CF_PAGES is set, or when NODE_ENV is not `production`; otherwise false.
   */
  trustHost?: boolean;
  /**
   * Use `__Secure-`/`__Host-` cookie names and the `Secure` attribute. Default: whether the app's
   * URL is https.
   */
  useSecureCookies?: boolean;
  /**
   * Per-cookie overrides of name and attributes. The defaults match Auth.js v5, so sessions survive
   * a migration; override only when the app needs to (e.g. a shared `domain`).
   *
   * @example
   * ```ts
   * const config: AuthConfig = {
   *   providers,
   *   cookies: { sessionToken: { options: { domain: "example.com" } } },
   * };
   * ```
   */
  cookies?: CookiesOverrides;
  /**
   * Look of the built-in pages. Default: colours that follow the browser's light or dark preference,
   * no logo.
   *
   * @example
   * ```ts
   * const config: AuthConfig = {
   *   providers,
   *   theme: { brandColor: "#3451d1", logo: "/logo.svg", colorScheme: "light" },
   * };
   * ```
   */
  theme?: Theme;
  /**
   * The default language of the pages and e-mails, a BCP 47 tag; `"en"` unless set. A request
   * whose `Accept-Language` names none of the app's languages gets it.
   */
  locale?: string;
  /**
   * Language packs the app offers besides English (the built-in ones: `latchkey/locales/<tag>`, see
   * README, "Languages"). Each request gets the best match for its `Accept-Language`.
   *
   * @example
   * ```ts
   * import de from "latchkey/locales/de";
   * import fr from "latchkey/locales/fr";
   *
   * const config: AuthConfig = { providers, locales: [de, fr] };
   * ```
   */
  locales?: readonly LanguagePack[];
  /**
   * Words to override, by locale tag and message key (docs/pages.md lists the keys). With a pack in
   * `locales` (which brings the negotiation), a locale named here only is added as a language, its
   * missing keys in English.
   *
   * @example
   * ```ts
   * const config: AuthConfig = {
   *   providers,
   *   messages: { en: { signIn: "Log in", errors: { AccessDenied: ["Members only", "Ask for an invitation."] } } },
   * };
   * ```
   */
  messages?: Readonly<Record<string, MessageOverrides>>;
  /**
   * Replaces any of `error`, `warn` and `debug`; the ones left out log to the console.
   *
   * @example
   * ```ts
   * const config: AuthConfig = { providers, logger: { error: (error) => reportToSentry(error) } };
   * ```
   */
  logger?: Partial<LoggerInstance>;
  /** Log what each request does through `logger.debug`. Never on in production. Default false. */
  debug?: boolean;
  /**
   * Pass the exported `skipCSRFCheck` symbol to turn the CSRF check off, when a framework already
   * checks. Default: the check is on.
   */
  skipCSRFCheck?: typeof skipCSRFCheck;
  /** Pass the exported `raw` symbol to make `Auth()` return its internal result instead of a `Response`. */
  raw?: typeof raw;
  /**
   * OAuth/OIDC: a stable deployment's URL through which the provider's callbacks reach preview
   * deployments, whose URLs change. Default: none.
   */
  redirectProxyUrl?: string;
  /**
   * Auth.js's switches for features it ships as experimental. latchkey has none: the `Passkey()` and
   * `WebAuthn()` providers bring their flow, so `enableWebAuthn` is accepted, as Auth.js apps set
   * it, and changes nothing.
   *
   * @deprecated Remove it; it is read by nothing.
   */
  experimental?: { enableWebAuthn?: boolean };
  /**
   * OAuth/OIDC, on the stable deployment: the only origins it relays a provider's callback to. An
   * entry is an origin, or one whose host starts with `*.` for any subdomain of the rest. Default:
   * every origin a `state` sealed with the app's secret names.
   *
   * @example
   * ```ts
   * const config: AuthConfig = {
   *   providers,
   *   redirectProxyUrl: "https://app.example.com/auth",
   *   redirectProxyAllowedOrigins: ["https://app.example.com", "https://*.preview.example.com"],
   * };
   * ```
   */
  redirectProxyAllowedOrigins?: string[];
  /** Largest request body read, in bytes; larger ones get 413 before they are buffered. Default 64 KiB. */
  maxBodyBytes?: number;
  /**
   * Short-lived state shared by the requests of this app: locks that let one first sign-up per
   * account run at a time, and (with their own work) rate-limit counters, token-refresh locks and
   * single-use WebAuthn challenges. Default: a bounded in-process `MemoryStore`, which is right for
   * one app instance; several instances behind a load balancer should share one store. When set,
   * it also holds session revocation markers: a revoked session whose data a cookie still carries
   * (a `cookieCache` entry, a JWT) is refused on its next request, not when that cookie expires.
   *
   * @example
   * ```ts
   * import { MemoryStore } from "latchkey/rate-limit";
   * const config: AuthConfig = { providers: [], store: new MemoryStore({ maxKeys: 50_000 }) };
   * ```
   */
  store?: ShortLivedStore;
  /**
   * How long any call to `store` (and `rateLimit.store`) may take, in milliseconds. A call that has
   * not answered by then, or that fails, refuses the request at once (`StoreUnavailable`,
   * `RateLimitStoreError`: "try again later") rather than let a sign-in hang while a client waits
   * for a Redis that is down. Default 1000.
   *
   * @example
   * ```ts
   * const config: AuthConfig = { providers: [], storeTimeoutMs: 250 };
   * ```
   */
  storeTimeoutMs?: number;
  /**
   * Limits on sign-in attempts (`POST /callback/:id`) and sign-in requests (`POST /signin/:id`, e.g.
   * e-mail links), counted per client address (IPv6 per /64) and per account identifier. A request
   * over a limit gets 429 with `Retry-After` before anything runs; when the store fails, the request
   * is refused and the failure logged. `false` turns the limiter off. Default: on, with
   * `DEFAULT_RATE_LIMIT_RULES` (10 attempts per account and 60 per address in 15 minutes; 5 e-mails
   * per address and 30 requests per client address in an hour), counters in `store`.
   *
   * @example
   * ```ts
   * const config: AuthConfig = {
   *   providers,
   *   rateLimit: { rules: { signInAttempt: { perAccount: 5 } } },
   * };
   * ```
   */
  rateLimit?: RateLimitConfig | false;
  /**
   * Sessions issued by another library to read and re-issue as latchkey's; see {@link MigrateOptions}.
   * Default: none.
   *
   * @example
   * ```ts
   * const config: AuthConfig = { providers, migrate: { nextAuthV4: true } };
   * ```
   */
  migrate?: MigrateOptions;
  /**
   * Two-factor sign-in: after any first factor (credentials, e-mail, OAuth/OIDC, passkey) succeeds
   * for a user with a second factor enrolled (or one `required` says must have it), no session is
   * issued until the second factor is proven at `<basePath>/two-factor`; see
   * {@link TwoFactorOptions}. The adapter must implement the two-factor methods (`getTwoFactor`, …);
   * startup fails naming any that is missing. Default: off.
   *
   * @example
   * ```ts
   * import { MemoryAdapter } from "latchkey/adapters";
   *
   * const config: AuthConfig = {
   *   providers,
   *   adapter: MemoryAdapter(),
   *   twoFactor: { methods: ["totp"], issuer: "Acme" },
   * };
   * ```
   */
  twoFactor?: TwoFactorOptions;
  /**
   * Organizations: users create organizations, invite others by e-mail with a role, and work in
   * one of them at a time (`activeOrganization` on the session); see {@link OrganizationsOptions}
   * and docs/organizations.md. The adapter must implement the organization methods
   * (`createOrganization`, …); startup fails naming any that is missing. On edge runtimes write
   * `organizations: Organizations({ … })` with `Organizations` from `"latchkey/organizations"`.
   * Default: off.
   *
   * @example
   * ```ts
   * import { MemoryAdapter } from "latchkey/adapters";
   *
   * const config: AuthConfig = {
   *   providers,
   *   adapter: MemoryAdapter(),
   *   organizations: { roles: { member: { project: ["read"] }, editor: { project: ["read", "update"] } } },
   * };
   * ```
   */
  organizations?: OrganizationsOptions;
}

/** What a role may do: for each resource, the actions allowed on it (`{ project: ["create"] }`). */
export type OrganizationStatements = Readonly<Record<string, readonly string[]>>;

/** An organization as the API returns it: the stored record with `metadata` parsed. */
export interface Organization {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  metadata: Record<string, unknown> | null;
  createdAt: Date;
}

/** What `sendInvitation` receives: everything needed to write the invitation e-mail. */
export interface OrganizationInvitationMail {
  /** The invited address; send to this one address only. */
  email: string;
  /** The link that accepts it (it leads through sign-in, or sign-up, first). */
  url: string;
  organization: Organization;
  role: string;
  /** Who invited them. */
  inviter: { id: string; name: string | null; email: string };
  expires: Date;
  request: Request;
}

/** What the organization before-hooks receive; throwing `OrganizationRefused` (or any error) refuses. */
export interface OrganizationHooks {
  /** Before an organization is created, e.g. to check a plan's limit. */
  beforeCreateOrganization?(params: { user: AdapterUser; name: string; slug: string }): void | Promise<void>;
  /** Before a member joins (by `addMember` or an accepted invitation). */
  beforeAddMember?(params: {
    organization: Organization;
    userId: string;
    role: string;
  }): void | Promise<void>;
  /** Before an invitation is stored and sent. */
  beforeInvite?(params: {
    organization: Organization;
    email: string;
    role: string;
    inviter: AdapterUser;
  }): void | Promise<void>;
  /** Before a member's role changes. */
  beforeRoleChange?(params: {
    organization: Organization;
    userId: string;
    from: string;
    to: string;
  }): void | Promise<void>;
}

/** What the organization events receive (awaited, like `events`; a throw is logged, never fatal). */
export interface OrganizationEvents {
  organizationCreated?(params: { organization: Organization; userId: string }): void | Promise<void>;
  organizationDeleted?(params: { organization: Organization; userId: string }): void | Promise<void>;
  memberAdded?(params: { organization: Organization; userId: string; role: string }): void | Promise<void>;
  memberRemoved?(params: { organization: Organization; userId: string; by: string }): void | Promise<void>;
  roleChanged?(params: {
    organization: Organization;
    userId: string;
    from: string;
    to: string;
    by: string;
  }): void | Promise<void>;
  invitationSent?(params: {
    organization: Organization;
    email: string;
    role: string;
    url: string;
  }): void | Promise<void>;
  invitationAccepted?(params: {
    organization: Organization;
    userId: string;
    role: string;
  }): void | Promise<void>;
}

/**
 * Organizations (`organizations` in {@link AuthConfig}).
 *
 * @example
 * ```ts
 * const organizations: OrganizationsOptions = {
 *   roles: { member: { project: ["read"] }, billing: { invoice: ["read", "pay"] } },
 *   limits: { organizationsPerUser: 5, membersPerOrganization: 50 },
 *   invitationMaxAge: 7 * 24 * 60 * 60,
 * };
 * ```
 */
export interface OrganizationsOptions {
  /**
   * Statements the app adds to the built-in roles (`admin`, `member`) and roles of its own. `owner`
   * may always do everything. Default: the built-in roles only.
   */
  roles?: Readonly<Record<string, OrganizationStatements>>;
  limits?: {
    /** Organizations one user may create. Default 10. */
    organizationsPerUser?: number;
    /** Members one organization may have. Default 100. */
    membersPerOrganization?: number;
    /** Pending invitations one organization may have. Default 100. */
    pendingInvitationsPerOrganization?: number;
  };
  /** Seconds an invitation stays valid. Default 48 hours. */
  invitationMaxAge?: number;
  /**
   * Sends the invitation mail. Default: the first e-mail provider's `sendVerificationRequest`, with
   * the invitation's link as `url`; without either, no mail is sent and `invite` returns the link.
   */
  sendInvitation?(mail: OrganizationInvitationMail): void | Promise<void>;
  /**
   * Where the invitation link lands a signed-in user, with `?invitation=<id>`: the app's page that
   * shows it and accepts it (`acceptInvitation`). Default `"/"`.
   */
  invitationPage?: string;
  /** Before-hooks that may refuse an operation by throwing. */
  hooks?: OrganizationHooks;
  /** Told after each operation. */
  events?: OrganizationEvents;
}

/** A user as two-factor sign-in's `required` function sees them: the stored user. */
export type TwoFactorUser = AdapterUser;

/**
 * Two-factor sign-in (`twoFactor` in {@link AuthConfig}).
 *
 * @example
 * ```ts
 * const twoFactor: TwoFactorOptions = {
 *   methods: ["totp"],
 *   // Staff must enrol an authenticator app; everyone else may.
 *   required: (user) => user.email?.endsWith("@acme.example") ?? false,
 *   issuer: "Acme",
 *   pendingMaxAge: 300,
 * };
 * ```
 */
export interface TwoFactorOptions {
  /**
   * The second factors offered; `"totp"` must be among them. `"totp"`: an authenticator app
   * (RFC 6238), with 10 single-use recovery codes as its fallback; a user with a confirmed app is
   * asked for a second factor. `"passkey"`: such a user may instead use one of their passkeys
   * (needs a `Passkey` provider). `"email"`: or a 6-digit code mailed to their address (needs an
   * e-mail provider with `otp: true`, which sends it).
   */
  methods: ReadonlyArray<"totp" | "passkey" | "email">;
  /**
   * Offers "trust this device" after a second factor: a sealed cookie for that user in that browser
   * skips the second factor for `maxAge` days (1 to 400). It is void once the user's sessions are
   * revoked (`revokeUserSessions`, `revokeOtherSessions`) or two-factor sign-in is turned off.
   * Default: not offered.
   */
  trustDevice?: { maxAge: number };
  /**
   * Who must pass a second factor. `"enrolled"` (default): users who enrolled one. `"always"`:
   * everyone; a user without one is sent to enrol (`<basePath>/two-factor-setup`) before any
   * session is issued. A function decides per user (true: as `"always"` for that user).
   */
  required?: "always" | "enrolled" | ((user: TwoFactorUser) => boolean | Promise<boolean>);
  /** The name authenticator apps show beside the account (the `otpauth://` issuer). Default: the app's host. */
  issuer?: string;
  /** Seconds between the first factor and the second before the user must start again. Default 300. */
  pendingMaxAge?: number;
  /** Seconds a second factor counts as recent for `regenerateRecoveryCodes` and `disableTwoFactor`. Default 300. */
  recentAuthMaxAge?: number;
}
