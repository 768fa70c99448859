/**
 * The application-facing configuration: types (mirroring Auth.js v5 `AuthConfig`), environment
 * defaults, and the two symbols that unlock non-default behaviour.
 */
import type { Adapter, AdapterSession, AdapterUser } from "./adapters/types.js";
import type { CookiesOverrides } from "./cookie/names.js";
import type { EnvRecord } from "./core/env.js";
import type { JWT, JWTOptions } from "./jwt/types.js";
import type { Profile, Provider, User } from "./providers/types.js";

export type { EnvRecord };

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
