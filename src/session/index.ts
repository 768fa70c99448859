/**
 * The session strategies, and the one lookup that picks the configuration's: every caller then asks
 * the strategy on the request context (`ctx.sessions`), never which one it is.
 */
import type { SessionStrategy } from "../config.js";
import type { ResolvedConfig } from "../core/resolved-config.js";
import { cachedDatabaseSessions } from "./cached-database.js";
import { databaseSessions } from "./database.js";
import { jwtSessions } from "./jwt.js";
import type { SessionStrategyImpl } from "./types.js";

const sessionStrategies: Record<SessionStrategy, SessionStrategyImpl> = {
  jwt: jwtSessions,
  database: databaseSessions,
};

/** The strategy named `name`, or undefined for a name latchkey does not know. */
export function sessionStrategyNamed(name: unknown): SessionStrategyImpl | undefined {
  return typeof name === "string" && Object.hasOwn(sessionStrategies, name)
    ? sessionStrategies[name as SessionStrategy]
    : undefined;
}

/** The strategy of a resolved configuration (whose name `resolveConfig` has checked). */
export function sessionStrategyFor(config: ResolvedConfig): SessionStrategyImpl {
  // The cookie cache is database sessions with a cache in front (resolveConfig allows no other).
  if (config.session.cookieCacheMaxAge !== undefined) return cachedDatabaseSessions;
  return sessionStrategies[config.session.strategy];
}

/** The names latchkey knows, for the error that names an unknown one. */
export const SESSION_STRATEGY_NAMES = Object.keys(sessionStrategies) as SessionStrategy[];

export type { SessionResult, SessionStrategyImpl, SignInSession } from "./types.js";
