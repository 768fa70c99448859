/**
 * `databaseStrategy`: database sessions (with the cookie cache) as a value an app imports, for an
 * edge runtime, where `Auth` does not bring them itself (see carried.ts). On Node the name
 * `"database"` does the same.
 */
import type { DatabaseStrategy } from "../config.js";
import { cachedDatabaseSessions } from "./cached-database.js";
import { carryingDatabaseCode } from "./carried.js";
import { databaseSessions } from "./database.js";

/**
 * Database sessions, carried by an import: pass it as `session.strategy` where a single-file
 * bundle runs `Auth` (Next.js middleware, a Cloudflare Worker), which does not include database
 * sessions unless the app imports them (docs/migrating.md, "Edge runtimes"). Equivalent to
 * `strategy: "database"` everywhere else, `session.cookieCache` included.
 *
 * @example
 * ```ts
 * import { type AuthConfig, databaseStrategy } from "latchkey";
 * import { MemoryAdapter } from "latchkey/adapters";
 *
 * const config: AuthConfig = {
 *   providers: [],
 *   adapter: MemoryAdapter(),
 *   session: { strategy: databaseStrategy, cookieCache: { maxAge: 300 } },
 * };
 * ```
 */
export const databaseStrategy: DatabaseStrategy = carryingDatabaseCode({
  plain: databaseSessions,
  cookieCached: cachedDatabaseSessions,
});
