/**
 * The database sessions `Auth` brings itself where bundle size does not matter (package.json's
 * `#session-strategies` import under the `node` condition): `strategy: "database"`, and an adapter
 * without a strategy, work with no import, as in Auth.js.
 */
import type { DatabaseStrategy } from "../config.js";
import { databaseStrategy } from "./database-strategy.js";

export const builtInDatabaseStrategy: DatabaseStrategy | undefined = databaseStrategy;
