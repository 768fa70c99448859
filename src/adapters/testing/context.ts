import type { Adapter, AdapterUser } from "../types.js";
import type { AdapterMethod, ConformanceDatabase } from "./types.js";

/** What every check receives. `adapter` is typed as complete: a check only runs when the methods it declares exist. */
export interface CheckContext {
  adapter: Required<Adapter>;
  db: ConformanceDatabase;
  concurrency: number;
  maxSessionLookupQueries: number;
  unknownUserId(): string;
  /** Whether the adapter implements an optional method a check can use when present. */
  has(method: AdapterMethod): boolean;
  /** Creates a fresh user through the adapter and returns it as stored. */
  createUser(overrides?: Partial<AdapterUser>): Promise<AdapterUser>;
}

/** A check before it is bound to an adapter: the methods it needs, and its body. */
export interface CheckDefinition {
  name: string;
  requires: readonly AdapterMethod[];
  /** Set when the check counts queries and so needs `db.countQueries`. */
  countsQueries?: boolean;
  run(context: CheckContext): Promise<void>;
}
