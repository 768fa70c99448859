import type { Adapter, AdapterUser } from "../adapters/types.js";
import type { Account, Session } from "../config.js";
import type { CookieToSet } from "../cookie/header.js";
import type { ServerContext } from "../core/context.js";
import type { Profile, User } from "../provider-types.js";

export interface SessionResult {
  session: Session | null;
  cookies: CookieToSet[];
}

export interface SignInSession {
  user: User | AdapterUser;
  account: Account | null;
  profile?: Profile;
  isNewUser: boolean;
}

/** What a session strategy does; `jwt.ts` and `database.ts` implement it, `index.ts` picks one. */
export interface SessionStrategyImpl {
  /** The current session (GET /session), extending or re-issuing it when due. */
  read(ctx: ServerContext): Promise<SessionResult>;
  /** POST /session: the callbacks decide what of `data` is kept. */
  update(ctx: ServerContext, data: unknown): Promise<SessionResult>;
  /** Issues a new session after a successful sign-in; returns the cookies to set. */
  signIn(ctx: ServerContext, signIn: SignInSession): Promise<CookieToSet[]>;
  /** Ends the request's session; returns the cookies that clear it. */
  signOut(ctx: ServerContext): Promise<CookieToSet[]>;
  /**
   * Ends every session of a user at once, wherever they are (the pre-hijack defence, when the
   * user's address is first proven). `endUserSessionsNeeds` names the adapter methods it uses.
   */
  endUserSessions(ctx: ServerContext, userId: string): Promise<void>;
  readonly endUserSessionsNeeds: ReadonlyArray<keyof Adapter>;
}
