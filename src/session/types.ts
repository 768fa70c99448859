/** The session-strategy contract (core/session-strategy.ts) for the request context every strategy gets. */
import type { ServerContext } from "../core/context.js";
import type { SessionStrategyImpl as Contract } from "../core/session-strategy.js";

export type {
  CurrentSession,
  ManagedSession,
  RevocationScope,
  SessionResult,
  SignInSession,
} from "../core/session-strategy.js";

/** What `jwt.ts` and `database.ts` implement, and `index.ts` picks one of. */
export type SessionStrategyImpl = Contract<ServerContext>;
