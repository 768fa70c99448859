import type { AdapterUser } from "../types.js";
import type { Findings } from "./assert.js";
import type { AdapterCalls } from "./steps.js";
import type { AdapterMethod, ConformanceDatabase, ConformanceLevel } from "./types.js";

/**
 * What every check receives. `adapter` and `setup` are the same adapter, typed as complete (a
 * check only runs when the methods it declares exist) and asynchronous: call `adapter` for the behaviour the check
 * pins and `setup` to prepare records, so an error is labelled with the step that threw.
 */
export interface CheckContext {
  adapter: AdapterCalls;
  setup: AdapterCalls;
  db: ConformanceDatabase;
  expect: Findings;
  concurrency: number;
  rounds: number;
  maxSessionLookupQueries: number;
  unknownUserId(): string;
  /** Whether the adapter implements an optional method a check can use when present. */
  has(method: AdapterMethod): boolean;
  /** Creates a fresh user through the adapter (a setup step) and returns it as stored. */
  createUser(overrides?: Partial<AdapterUser>): Promise<AdapterUser>;
}

/** A check before it is bound to an adapter: its level, the methods it needs, and its body. */
export interface CheckDefinition {
  name: string;
  level: ConformanceLevel;
  requires: readonly AdapterMethod[];
  /** Set when the check counts queries and so needs `db.countQueries`. */
  countsQueries?: boolean;
  run(context: CheckContext): Promise<void>;
}
