/**
 * The application-facing configuration: types (mirroring Auth.js v5 `AuthConfig`), environment
 * defaults, and the two symbols that unlock non-default behaviour.
 */
import type { Adapter, AdapterSession, AdapterUser } from "./adapters/types.js";
import type { CookiesOverrides } from "./cookie/names.js";
import type { JWT, JWTOptions } from "./jwt/types.js";
import type { Profile, Provider, User } from "./providers/types.js";

/** Pass as `skipCSRFCheck` to turn the CSRF check off, when a framework already does it. */
export const skipCSRFCheck: unique symbol = Symbol("latchkey.skip-csrf-check");
/** Pass as `raw` to make `Auth()` return its internal result instead of a `Response`. */
export const raw: unique symbol = Symbol("latchkey.raw");

/** What `GET /session` returns and the `session` callback shapes. */
export interface Session {
  user?: { name?: string | null; email?: string | null; image?: string | null; id?: string };
  /** ISO 8601 expiry. */
  expires: string;
  [extra: string]: unknown;
}

/** The OAuth/e-mail/credentials account in play during a sign-in. */
export interface Account {
  provider: string;
  type: string;
  providerAccountId: string;
  userId?: string;
  [extra: string]: unknown;
}

export type SessionStrategy = "jwt" | "database";

export interface SessionOptions {
  strategy?: SessionStrategy;
  /** Seconds until an idle session expires. Default 30 days. */
  maxAge?: number;
  /** Seconds between session extensions (database) or cookie re-issues (jwt). Default 24 hours. */
  updateAge?: number;
  /** Database sessions: makes the session token. Default: 256 random bits, base64url. */
  generateSessionToken?: () => string;
}

export type UpdateTrigger = "signIn" | "signUp" | "update";

export interface CallbacksOptions {
  /** Allow (true), refuse (false) or redirect (a URL) a sign-in. */
  signIn(params: {
    user: User | AdapterUser;
    account: Account | null;
    profile?: Profile;
    email?: { verificationRequest?: boolean };
    credentials?: Record<string, unknown>;
  }): boolean | string | Promise<boolean | string>;
  /** Where to send the browser after sign-in/out; the result is validated again against the app's origin. */
  redirect(params: { url: string; baseUrl: string }): string | Promise<string>;
  /** Shapes the session object sent to the client. Only what it returns reaches the client. */
  session(params: {
    session: Session;
    token?: JWT;
    user?: AdapterUser;
    trigger?: "update";
    newSession?: unknown;
  }): Session | Record<string, unknown> | Promise<Session | Record<string, unknown>>;
  /** Shapes the JWT (jwt strategy). Returning null signs the user out. */
  jwt(params: {
    token: JWT;
    user?: User | AdapterUser;
    account?: Account | null;
    profile?: Profile;
    trigger?: UpdateTrigger;
    isNewUser?: boolean;
    session?: unknown;
  }): JWT | null | Promise<JWT | null>;
}

export interface EventCallbacks {
  signIn(message: {
    user: User | AdapterUser;
    account: Account | null;
    profile?: Profile;
    isNewUser?: boolean;
  }): unknown;
  signOut(message: { session: AdapterSession | null | undefined } | { token: JWT | null }): unknown;
  createUser(message: { user: AdapterUser }): unknown;
  updateUser(message: { user: AdapterUser }): unknown;
  linkAccount(message: { user: AdapterUser | User; account: Account; profile?: Profile }): unknown;
  session(message: { session: Session; token?: JWT }): unknown;
}

export interface PagesOptions {
  signIn: string;
  signOut: string;
  error: string;
  verifyRequest: string;
  newUser: string;
}

export interface Theme {
  colorScheme?: "auto" | "dark" | "light";
  logo?: string;
  brandColor?: string;
  buttonText?: string;
}

export interface LoggerInstance {
  error(error: Error): void;
  warn(code: string, message?: string): void;
  debug(message: string, metadata?: unknown): void;
}

export interface AuthConfig {
  providers: Provider[];
  adapter?: Adapter;
  /** One secret, or several for rotation (newest first). Falls back to AUTH_SECRET (+ _1, _2, _3). */
  secret?: string | string[];
  session?: SessionOptions;
  jwt?: JWTOptions;
  callbacks?: Partial<CallbacksOptions>;
  events?: Partial<EventCallbacks>;
  pages?: Partial<PagesOptions>;
  /** Where the routes live. Default `/auth`. */
  basePath?: string;
  /** Trust the request's Host (and X-Forwarded-*) headers to build URLs. Defaults from the environment. */
  trustHost?: boolean;
  /** Force `__Secure-`/`__Host-` cookies; defaults to whether the app URL is https. */
  useSecureCookies?: boolean;
  cookies?: CookiesOverrides;
  theme?: Theme;
  logger?: Partial<LoggerInstance>;
  debug?: boolean;
  skipCSRFCheck?: typeof skipCSRFCheck;
  raw?: typeof raw;
  redirectProxyUrl?: string;
  /** Largest request body read, in bytes; larger ones get 413 before they are buffered. Default 64 KiB. */
  maxBodyBytes?: number;
}

export type EnvRecord = Record<string, string | undefined>;

export const readProcessEnv = (): EnvRecord =>
  (globalThis as { process?: { env?: EnvRecord } }).process?.env ?? {};

/** AUTH_SECRET is the newest; AUTH_SECRET_1.._3 are older secrets still accepted during rotation. */
export function secretsFromEnv(env: EnvRecord): string[] | undefined {
  const secrets = ["AUTH_SECRET", "AUTH_SECRET_1", "AUTH_SECRET_2", "AUTH_SECRET_3"]
    .map((name) => env[name])
    .filter((value): value is string => typeof value === "string" && value.length > 0);
  return secrets.length > 0 ? secrets : undefined;
}

/** Whether to trust the Host header when no AUTH_URL pins the app's URL. */
export function trustHostFromEnv(env: EnvRecord): boolean {
  if (env.AUTH_TRUST_HOST !== undefined) return env.AUTH_TRUST_HOST === "true" || env.AUTH_TRUST_HOST === "1";
  return Boolean(env.AUTH_URL ?? env.VERCEL ?? env.CF_PAGES) || env.NODE_ENV !== "production";
}

/** AUTH_URL's path, when it has one beyond "/": apps mounted at /api/auth set it there. */
export function basePathFromEnv(env: EnvRecord): string | undefined {
  if (!env.AUTH_URL) return undefined;
  try {
    const path = new URL(env.AUTH_URL).pathname.replace(/\/+$/, "");
    return path === "" ? undefined : path;
  } catch {
    return undefined; // an unparsable AUTH_URL is reported by the config assertions, with its name
  }
}

/**
 * Fills what the configuration leaves out from the environment: `secret` from AUTH_SECRET[_1.._3],
 * `trustHost` from AUTH_TRUST_HOST/AUTH_URL, `basePath` from AUTH_URL's path, and each provider's
 * `clientId`/`clientSecret`/`issuer` from AUTH_<PROVIDER>_ID/_SECRET/_ISSUER. Explicit options win.
 * Like Auth.js, it writes into the object it is given (and returns it); `Auth()` itself works on a copy.
 *
 * @example
 * ```ts
 * const config = setEnvDefaults(process.env, { providers: [GitHub] });
 * ```
 */
export function setEnvDefaults(env: EnvRecord, config: AuthConfig): AuthConfig {
  config.secret ??= secretsFromEnv(env);
  config.trustHost ??= trustHostFromEnv(env);
  config.basePath ??= basePathFromEnv(env);
  config.providers = config.providers.map((provider) => withProviderEnv(env, provider));
  return config;
}

function withProviderEnv(env: EnvRecord, provider: Provider): Provider {
  const resolved = typeof provider === "function" ? provider() : provider;
  if (resolved.type !== "oauth" && resolved.type !== "oidc") return resolved;
  const prefix = `AUTH_${resolved.id.toUpperCase().replace(/-/g, "_")}`;
  return {
    ...resolved,
    clientId: resolved.clientId ?? env[`${prefix}_ID`],
    clientSecret: resolved.clientSecret ?? env[`${prefix}_SECRET`],
    issuer: resolved.issuer ?? env[`${prefix}_ISSUER`],
  };
}
