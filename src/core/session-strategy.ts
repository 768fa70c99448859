/**
 * What a session strategy is, as the rest of latchkey sees it: one object that does the whole job
 * (read, who is signed in, issue, re-issue, sign out, list, revoke), chosen once per configuration
 * and carried on the request context. Callers never ask which strategy it is; `session/` holds the
 * strategies, and a new one is a new object there.
 *
 * The request context is a type parameter only so that this file and `context.ts`, which carries a
 * `SessionStrategyImpl<ServerContext>`, need not import each other.
 */
import type { Adapter, AdapterUser } from "../adapters/types.js";
import type { Account, Session, SignOutReason } from "../config.js";
import type { CookieToSet } from "../cookie/header.js";
import type { JWT } from "../jwt/types.js";
import type { Profile, User } from "../provider-types.js";
import type { ResolvedConfig } from "./resolved-config.js";
import type { FeatureMarks, SessionAuthentication, SessionMarks } from "./session-marks.js";

export interface SessionResult {
  session: Session | null;
  cookies: CookieToSet[];
  /**
   * The features' marks as they stand (organizations: the active organization), whatever the
   * `session` callback kept of them; undefined when none is recorded or nobody is signed in.
   */
  features?: FeatureMarks;
}

export type { SessionAuthentication, SessionMarks } from "./session-marks.js";

export interface SignInSession {
  user: User | AdapterUser;
  account: Account | null;
  profile?: Profile;
  isNewUser: boolean;
  /** What the session records beside its user (session-marks.ts): the strategy records them whole. */
  marks: SessionMarks;
}

/** The request's session as far as the strategy can tell without running callbacks or writing. */
export interface CurrentSession {
  /** The session's non-secret id (never its token): what `listSessions` shows and `revokeSession` takes. */
  id: string;
  /** The signed-in user's id; undefined for a JWT that names none (an app without stored users). */
  userId: string | undefined;
  /** The stored user; null when the session names none, or none that may act (see the pre-hijack defence). */
  user(): Promise<AdapterUser | null>;
  /**
   * Claims the session carries itself (JWT sessions), which {@link SessionStrategyImpl.reissue}
   * can change; undefined for a session that keeps its data in storage.
   */
  claims: JWT | undefined;
  /** How the session's user signed in, or last stepped up; null when the session does not record it. */
  authentication(): Promise<SessionAuthentication | null>;
  /** When the session ends; undefined for a JWT without `exp` (an app's own `jwt.decode`). */
  expires: Date | undefined;
}

/** One of a user's sessions as the session-management functions describe it: metadata, never a token. */
export interface ManagedSession {
  /** Non-secret and stable for the session's life: a hash of the token, or a JWT's `sid`. */
  id: string;
  userId: string;
  expires: Date;
  /** When the session was issued, when the store recorded it. */
  createdAt: Date | null;
  /** When the session was last used, to `updateAge` precision, when the store recorded it. */
  lastSeenAt: Date | null;
  /** The browser's `User-Agent` at sign-in, when the store recorded it. */
  userAgent: string | null;
  /** The client's address at sign-in (README, "Client address"), when the store recorded it. */
  ipAddress: string | null;
}

/** Which of a user's sessions to end. */
export type RevocationScope =
  /** The one session with this id. */
  | { session: string }
  /** All of them but the one with this id (none kept when undefined). */
  | { allExcept: string | undefined };

/** Whether the session with this id is one that `scope` ends; every strategy's revocation asks this. */
export const inScope =
  (scope: RevocationScope) =>
  (id: string): boolean =>
    "session" in scope ? id === scope.session : id !== scope.allExcept;

export interface SessionStrategyImpl<Ctx> {
  /** The adapter methods every configuration with this strategy calls, checked at startup. */
  readonly adapterMethods: ReadonlyArray<keyof Adapter>;
  /** Whether a session must belong to a stored user (so a credentials sign-in needs one). */
  readonly needsStoredUser: boolean;
  /** The adapter methods {@link revoke} needs; a feature that must revoke checks them first. */
  readonly revokeNeeds: ReadonlyArray<keyof Adapter>;

  /** GET /session and `getSession`: the session through the callbacks, extended or re-issued when due. */
  read(ctx: Ctx): Promise<SessionResult>;
  /** POST /session: the callbacks decide what of `data` is kept (`trigger: "update"`). */
  update(ctx: Ctx, data: unknown): Promise<SessionResult>;
  /** Who is signed in, or null; runs no callback and writes nothing. */
  current(ctx: Ctx): Promise<CurrentSession | null>;
  /** A new session after a successful sign-in; returns the cookies to set. */
  issue(ctx: Ctx, signIn: SignInSession): Promise<CookieToSet[]>;
  /** The request's session re-issued with new claims (a session that carries claims); returns its cookies. */
  reissue(ctx: Ctx, claims: JWT): Promise<CookieToSet[]>;
  /**
   * Records that the signed-in user just proved who they are again (a step-up): the request's
   * session gets `authentication`, keeping its id and expiry; returns the cookies to set. A caller
   * that has the request's session from {@link current} passes it, so it is not read again.
   */
  reauthenticate(
    ctx: Ctx,
    authentication: SessionAuthentication,
    current?: CurrentSession | null,
  ): Promise<CookieToSet[]>;
  /**
   * Records `features` among the features' marks of the request's session that keeps its data in
   * storage (database sessions; one that carries claims is re-issued with them instead), keeping
   * everything else it records; returns the cookies to set. The caller (a feature) has checked
   * what it records and passes the session from {@link current}.
   */
  recordFeatureMarks?(
    ctx: Ctx,
    features: FeatureMarks,
    current?: CurrentSession | null,
  ): Promise<CookieToSet[]>;
  /** Ends the request's session (sign-out); returns the cookies that clear it. */
  signOut(ctx: Ctx): Promise<CookieToSet[]>;
  /** A user's live sessions, oldest expiry first. */
  list(config: ResolvedConfig, userId: string): Promise<ManagedSession[]>;
  /** Ends the user's sessions in `scope`, wherever they are; resolves to how many ended. */
  revoke(
    config: ResolvedConfig,
    userId: string,
    scope: RevocationScope,
    reason: SignOutReason,
  ): Promise<number>;
}
