/**
 * The session strategies, and the one lookup that picks the configuration's: `resolveConfig` stores it
 * once (`config.sessions`, `ctx.sessions`) and every caller asks it, never which one it is. JWT sessions are
 * always here; database sessions come from package.json's `#session-strategies` import on Node, and
 * on edge runtimes only with the `databaseStrategy` value an app passes (carried.ts).
 */
import { builtInDatabaseStrategy } from "#session-strategies";
import type { DatabaseStrategy, SessionStrategy } from "../config.js";
import { carriedDatabaseCode } from "./carried.js";
import { jwtSessions } from "./jwt.js";
import type { SessionStrategyImpl } from "./types.js";

/** The strategies latchkey knows, by the name `session.strategy` may give. */
export const SESSION_STRATEGY_NAMES: SessionStrategy[] = ["jwt", "database"];

/** A `session.strategy` option, read: the strategy's name and, for database sessions, what carries their code. */
export interface NamedStrategy {
  name: SessionStrategy;
  /** The value carrying database sessions' code: the app's own, or the built-in one on Node; undefined with JWT. */
  databaseCode: DatabaseStrategy | undefined;
}

/**
 * What `option` (a name, `databaseStrategy`, or anything else an app wrote) names, or undefined
 * for what latchkey does not know. Database sessions whose code this bundle lacks come back with
 * `databaseCode` undefined, for the caller to name the import.
 */
export function sessionStrategyNamed(option: unknown): NamedStrategy | undefined {
  if (option === "jwt") return { name: "jwt", databaseCode: undefined };
  if (option === "database") return { name: "database", databaseCode: builtInDatabaseStrategy };
  if (carriedDatabaseCode(option) !== undefined) {
    return { name: "database", databaseCode: option as DatabaseStrategy };
  }
  return undefined;
}

/** The implementation behind a named strategy (its database code present), for what it needs at startup. */
export function strategyImpl(named: NamedStrategy, cookieCache: boolean): SessionStrategyImpl {
  const code = carriedDatabaseCode(named.databaseCode);
  if (named.name === "jwt" || code === undefined) return jwtSessions;
  // The cookie cache is database sessions with a cache in front (resolveConfig allows no other).
  return cookieCache ? code.cookieCached : code.plain;
}

export type { SessionResult, SessionStrategyImpl, SignInSession } from "./types.js";
