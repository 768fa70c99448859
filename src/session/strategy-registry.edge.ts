/**
 * The database sessions `Auth` brings itself on edge runtimes (package.json's `#session-strategies`
 * import for every condition but `node`): none. Edge middleware almost always reads JWT sessions;
 * an app that runs database sessions there passes `databaseStrategy` (database-strategy.ts), which
 * brings them, and a bundle without it holds none of their code.
 */
import type { DatabaseStrategy } from "../config.js";

export const builtInDatabaseStrategy: DatabaseStrategy | undefined = undefined;
