/**
 * The code of database sessions, carried by a value rather than built into `Auth` everywhere. On
 * Node `Auth` brings it itself (package.json's `#session-strategies` import); an edge bundle
 * (Next.js middleware, a Worker), which almost always runs JWT sessions, holds it only when the
 * app imports `databaseStrategy` and passes it as `session.strategy`. This module reads the carried
 * code and must stay small: it is in every bundle.
 */
import { type CodeKey, carriedCode, carrying } from "../carried-code.js";
import type { DatabaseStrategy } from "../config.js";
import type { SessionStrategyImpl } from "./types.js";

/** Database sessions, without and with the cookie cache in front (`session.cookieCache`). */
export interface DatabaseSessionCode {
  plain: SessionStrategyImpl;
  cookieCached: SessionStrategyImpl;
}

/**
 * Where a `DatabaseStrategy` keeps its code. A symbol, so the code never shows in a logged config;
 * registered (`Symbol.for`) so a value built by one copy of the package works with another.
 */
const DATABASE_SESSION_CODE = Symbol.for("latchkey.session.database") as CodeKey<DatabaseSessionCode>;

/** `strategy` with the code of database sessions attached. */
export const carryingDatabaseCode = (code: DatabaseSessionCode): DatabaseStrategy =>
  carrying<DatabaseStrategy, DatabaseSessionCode>({ name: "database" }, DATABASE_SESSION_CODE, code);

/** The code a `session.strategy` value carries, or undefined (a name, or an object without it). */
export const carriedDatabaseCode = (strategy: unknown): DatabaseSessionCode | undefined =>
  carriedCode(strategy, DATABASE_SESSION_CODE);
