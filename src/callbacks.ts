/**
 * What the callbacks and events receive and return: the session, the account and user in play,
 * and the parameters of each callback. Applications extend `Session`, `User` and `JWT` by
 * declaration merging; these types carry the merged fields into every callback.
 */
import type { AdapterSession, AdapterUser, Awaitable } from "./adapters/types.js";
// The public entry, not ./jwt/types.js: a program that reads these types then also holds the
// "latchkey/jwt" module, so `declare module "latchkey/jwt"` works without a separate import.
import type { JWT } from "./jwt/index.js";
import type { Profile, User } from "./provider-types.js";

/**
 * The fields latchkey itself puts in a session. Extend {@link Session}, not this: referring to
 * `DefaultSession["user"]` in your own `Session` keeps the built-in user fields.
 */
export interface DefaultSession {
  /** The signed-in user: id, name, e-mail and image unless the `session` callback changes that. */
  user?: User;
  /** When the session expires, as an ISO 8601 date-time string. */
  expires: string;
  /**
   * The organization the user works in and their role there (docs/organizations.md): null when
   * none is active; absent unless `organizations` is configured.
   */
  activeOrganization?: ActiveOrganization | null;
}

/** The session's active organization: which one, and the signed-in user's role in it. */
export interface ActiveOrganization {
  id: string;
  slug: string;
  role: string;
}

/**
 * What `GET /session` and `getSession` return, as the `session` callback shapes it. Add your own
 * fields by declaration merging, and return them from the `session` callback.
 *
 * @example
 * ```ts
 * import type { DefaultSession } from "latchkey";
 *
 * declare module "latchkey" {
 *   interface Session {
 *     user: { role: string } & DefaultSession["user"];
 *   }
 * }
 * ```
 */
export interface Session extends DefaultSession {}

/**
 * The OAuth/e-mail/credentials/passkey account in play during a sign-in. OAuth and OIDC sign-ins
 * carry the provider's tokens (RFC 6749 §5.1), typed as Auth.js types them, so that code which
 * copies `account.access_token` into the token compiles as it did there.
 */
export interface Account {
  /** The provider's id, e.g. `"github"` or `"credentials"`. */
  provider: string;
  /** The provider's type: `"oauth"`, `"oidc"`, `"email"`, `"credentials"` or `"webauthn"`. */
  type: string;
  /** The user's id at the provider (credentials: the id `authorize` returned). */
  providerAccountId: string;
  /** The stored user's id, once there is one. */
  userId?: string;
  /** OAuth/OIDC: the access token the token endpoint issued. */
  access_token?: string;
  /** OAuth/OIDC: the refresh token, when the provider issued one. */
  refresh_token?: string;
  /** OIDC: the ID token, as the compact JWT the provider sent. */
  id_token?: string;
  /** The scope the provider granted, space-separated. */
  scope?: string;
  /** The access token's type, lowercased: `"bearer"`, `"dpop"`, … */
  token_type?: string;
  /** Seconds the access token lives, as the token endpoint said. */
  expires_in?: number;
  /** When the access token expires, in seconds since the epoch. */
  expires_at?: number;
  /** Any other field the provider returned (`session_state`, …). */
  [extra: string]: unknown;
}

/** Why the `jwt` callback runs: a sign-in, a first sign-in that created the user, or `POST /session`. */
export type UpdateTrigger = "signIn" | "signUp" | "update";

/** What the `signIn` callback receives. */
export interface SignInCallbackParams {
  /** The user the provider or `authorize` described; the stored user once there is one. */
  user: User | AdapterUser;
  /** The account signing in; null when there is none. */
  account: Account | null;
  /** OAuth/OIDC: the profile the provider returned. */
  profile?: Profile;
  /** E-mail sign-in: `verificationRequest` is true when the link is about to be sent, absent when it is used. */
  email?: { verificationRequest?: boolean };
  /** Credentials sign-in: the submitted fields, as `authorize` received them. */
  credentials?: Record<string, string>;
}

/** What the `redirect` callback receives. */
export interface RedirectCallbackParams {
  /** Where the client asked to go (the `callbackUrl`), absolute or relative. */
  url: string;
  /** The app's origin, e.g. `https://app.example.com`. */
  baseUrl: string;
}

/**
 * What the `session` callback receives. As in Auth.js, `token` and `user` are both typed as present;
 * which one is there depends on `session.strategy`: `token` with `"jwt"`, `user` with `"database"`.
 */
export interface SessionCallbackParams {
  /**
   * The session built so far. JWT sessions: `expires` (an ISO string) and the token's name, e-mail
   * and image. Database sessions, as in Auth.js: the stored session row, with `userId` and
   * `expires` as a `Date` (the extended expiry when this read extended it), and `user`, the stored
   * user; never the session token (a bearer secret the callback could leak into the response).
   * A `Date` left in `expires` reaches the client as its ISO string. As in Auth.js, `expires` is
   * typed as both a string and a `Date`: it holds a `Date` with database sessions, an ISO string
   * with JWT sessions.
   */
  session: Session & { user: User; userId?: string } & Pick<AdapterSession, "expires">;
  /** JWT sessions: the token, as the `jwt` callback returned it. Absent with database sessions. */
  token: JWT;
  /** Database sessions: the stored user. Absent with JWT sessions. */
  user: AdapterUser;
  /** `"update"` when the client called `POST /session`; absent on a plain read. */
  trigger?: "update";
  /**
   * `POST /session`: the `data` the client sent. Typed `any` as in Auth.js; it is client-controlled
   * all the same: check its shape before use.
   */
  // biome-ignore lint/suspicious/noExplicitAny: Auth.js types it so, and apps read it without a cast.
  newSession?: any;
}

/** What the `jwt` callback receives. */
export interface JWTCallbackParams {
  /** The current token: fresh at sign-in (name, email, picture, sub), decoded from the cookie afterwards. */
  token: JWT;
  /**
   * Sign-in only: the user the provider or `authorize` described, or the stored user. Typed as
   * always there, as Auth.js types it, so that code which checks `account` or `trigger` first
   * compiles as it did there; on a session read or update it is `undefined`.
   */
  user: User | AdapterUser;
  /** Sign-in only: the account signing in, with the provider's tokens. */
  account?: Account | null;
  /** OAuth/OIDC sign-in only: the profile the provider returned. */
  profile?: Profile;
  /** Why the callback runs; absent when a session is read. */
  trigger?: UpdateTrigger;
  /**
   * Sign-in only: whether this sign-in created the user.
   * @deprecated Compare `trigger` with `"signUp"` instead.
   */
  isNewUser?: boolean;
  /**
   * `POST /session`: the `data` the client sent. Typed `any` as in Auth.js, so that
   * `token.name = session.user.name` compiles as it did there; it is client-controlled all the
   * same: check its shape before you copy anything from it into the token.
   */
  // biome-ignore lint/suspicious/noExplicitAny: Auth.js types it so, and apps read it without a cast.
  session?: any;
}

/**
 * What the `session` callback may return: the object sent to the client as the session. Usually the
 * `session` it received, with the fields the app added to {@link Session}.
 */
export type SessionCallbackResult = Session | DefaultSession | Record<string, unknown>;

/**
 * Functions that shape a sign-in and the session. Each one left out keeps its default.
 *
 * @example
 * ```ts
 * const callbacks: Partial<CallbacksOptions> = {
 *   signIn: ({ user }) => user.email?.endsWith("@example.com") ?? false,
 *   jwt: ({ token, user }) => (user ? { ...token, sub: user.id } : token),
 * };
 * ```
 */
export interface CallbacksOptions {
  /**
   * Allows (true), refuses (false, the client lands on the error page with `AccessDenied`) or
   * redirects (a URL) a sign-in. Default: allows every sign-in.
   */
  signIn(params: SignInCallbackParams): Awaitable<boolean | string>;
  /**
   * Where to send the browser after sign-in or sign-out. The result is checked again: a URL on
   * another origin is replaced by `baseUrl`. Default: a relative `url` is joined to `baseUrl`; an
   * absolute one is returned as it is (and so kept only when it is on the app's origin).
   *
   * @example
   * ```ts
   * const callbacks: Partial<CallbacksOptions> = {
   *   redirect: ({ url, baseUrl }) => (url.startsWith(`${baseUrl}/admin`) ? `${baseUrl}/` : url),
   * };
   * ```
   */
  redirect(params: RedirectCallbackParams): Awaitable<string>;
  /**
   * Shapes the session object sent to the client; only what it returns reaches the client. Default:
   * the user's name, e-mail and image, and `expires`.
   *
   * @example
   * ```ts
   * const callbacks: Partial<CallbacksOptions> = {
   *   session: ({ session, token }) => ({ ...session, user: { ...session.user, id: token.sub } }),
   * };
   * ```
   */
  session(params: SessionCallbackParams): Awaitable<SessionCallbackResult>;
  /**
   * JWT sessions: shapes the token stored in the session cookie, at sign-in and on every session
   * read or update. Returning null signs the user out. Default: returns the token unchanged.
   *
   * @example
   * ```ts
   * const callbacks: Partial<CallbacksOptions> = {
   *   jwt: ({ token, account }) => (account ? { ...token, provider: account.provider } : token),
   * };
   * ```
   */
  jwt(params: JWTCallbackParams): Awaitable<JWT | null>;
}

/**
 * Why sessions ended, as `events.signOut` reports it: `"signOut"`, the user signed out;
 * `"revoked"`, the user ended one of their sessions (`revokeSession`); `"revokedOthers"`, the user
 * ended all but the current one (`revokeOtherSessions`); `"revokedByAdmin"`, the app ended them by
 * user id (`revokeUserSessions`, `revokeUserSession`); `"addressProven"`, the user's e-mail
 * address was proven for the first time, which ends every session issued before (README,
 * "Security rules").
 */
export type SignOutReason = "signOut" | "revoked" | "revokedOthers" | "revokedByAdmin" | "addressProven";

/**
 * Handlers told about what happened, after it happened. They cannot change the outcome; one that
 * throws is logged and the request goes on.
 */
export interface EventCallbacks {
  /** A sign-in succeeded. */
  signIn(message: {
    /** The signed-in user (the stored user, when there is an adapter). */
    user: User | AdapterUser;
    /** The account used, or null. */
    account: Account | null;
    /** OAuth/OIDC: the provider's profile. */
    profile?: Profile;
    /** Whether this sign-in created the user. */
    isNewUser?: boolean;
  }): unknown;
  /**
   * A session ended: the user signed out, or a session was revoked (`reason` says which), once per
   * session ended.
   */
  signOut(
    message:
      | {
          /** Database sessions: the deleted session, when the adapter returned it. */
          session: AdapterSession | null | undefined;
          reason: SignOutReason;
        }
      | {
          /**
           * JWT sessions: the session token's claims at sign-out, or null when the cookie did not
           * decode or the session was revoked from elsewhere.
           */
          token: JWT | null;
          reason: SignOutReason;
          /** A revocation: the user whose sessions it ended. */
          userId?: string;
          /** A revocation of a session the store recorded (`listSessions`): its id. */
          sessionId?: string;
        },
  ): unknown;
  /** The adapter created a user. */
  createUser(message: { user: AdapterUser }): unknown;
  /** The adapter updated a user (e.g. `emailVerified` after an e-mail sign-in). */
  updateUser(message: { user: AdapterUser }): unknown;
  /** An account was linked to a user. */
  linkAccount(message: {
    user: AdapterUser | User;
    account: Account;
    /** OAuth/OIDC: the provider's profile. */
    profile?: Profile;
  }): unknown;
  /** A session was read or updated (`GET`/`POST /session`, `getSession`). */
  session(message: {
    /** The session as the `session` callback returned it. */
    session: Session;
    /** JWT sessions: the token. Absent with database sessions. */
    token?: JWT;
  }): unknown;
}
