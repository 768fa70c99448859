import type { Adapter, Awaitable } from "../types.js";

/** A row as the store holds it, with the adapter's field names (`providerAccountId`, not a mapped column name). */
export type StoredRecord = Record<string, unknown>;

/**
 * Raw read access to the adapter's store, bypassing the adapter, so the checks can see what was
 * really written and deleted (an adapter that answers `null` but leaves the row behind fails).
 * Each method returns the stored record or `null` when there is none.
 */
export interface ConformanceDatabase {
  user(id: string): Awaitable<StoredRecord | null>;
  userByEmail(email: string): Awaitable<StoredRecord | null>;
  account(provider: string, providerAccountId: string): Awaitable<StoredRecord | null>;
  session(sessionToken: string): Awaitable<StoredRecord | null>;
  verificationToken(identifier: string, token: string): Awaitable<StoredRecord | null>;
  /** Leave out when the store has no authenticators (no WebAuthn support). */
  authenticator?(credentialID: string): Awaitable<StoredRecord | null>;
  /** The user's two-factor record; leave out when the store has none (no two-factor support). */
  twoFactor?(userId: string): Awaitable<StoredRecord | null>;
  /** Every recovery code row of the user, used or not, each with `codeHash`; `[]` when none. */
  recoveryCodes?(userId: string): Awaitable<StoredRecord[]>;
  /**
   * Optional: runs `action` and returns how many queries (round trips) the adapter sent to the
   * store meanwhile. Enables the check that getSessionAndUser is one query. Checks run one at a
   * time, so counting everything the store receives is fine.
   */
  countQueries?(action: () => Promise<unknown>): Promise<number>;
}

/**
 * Which rules a check pins. `"authjs"`: the Auth.js adapter contract, which every Auth.js adapter
 * is meant to meet. `"latchkey"`: a rule latchkey adds on top (no fields beyond the contract,
 * profile and token-set fields dropped, "not found" answered without throwing, one query per
 * session lookup, the optional latchkey methods).
 */
export type ConformanceLevel = "authjs" | "latchkey";

export interface AdapterConformanceOptions {
  /** The adapter under test. Methods it lacks turn the checks that need them into skips. */
  adapter: Adapter;
  db: ConformanceDatabase;
  /**
   * `"authjs"` runs the Auth.js contract's checks only; `"latchkey"` (the default) runs those and
   * latchkey's stricter ones. Each check says its level, and so does each failure.
   */
  level?: ConformanceLevel;
  /** How many callers race for one verification token. Default 10; keep it within your connection pool. */
  concurrency?: number;
  /**
   * How many rounds of that race to run, after warming the connection pool; the worst round is
   * reported. Default 5: a race lost on a cold pool can be won on a warm one, and the reverse.
   */
  rounds?: number;
  /** Returns an id no user has, in the store's id format (MongoDB: a fresh ObjectId). Default: a random UUID. */
  unknownUserId?: () => string;
  /**
   * Most queries getSessionAndUser may take, checked when `db.countQueries` is given. Default 1;
   * raise it for stores that cannot join (SQLite and MariaDB under Prisma take 2).
   */
  maxSessionLookupQueries?: number;
}

/** One named, self-contained check. Checks share no state and may run in any order. */
export interface ConformanceCheck {
  /** Reads as the behaviour it pins, e.g. "useVerificationToken: of concurrent uses of one token exactly one gets it". */
  name: string;
  level: ConformanceLevel;
  /**
   * Set when the adapter lacks a method the check needs: the reason, for your runner's skip.
   * Running a skipped check throws.
   */
  skip?: string;
  /**
   * Resolves when the adapter conforms; rejects with a `ConformanceFailure` listing every
   * difference found and the level broken, with the adapter's own error as `cause` when it threw.
   */
  run(): Promise<void>;
}

/** How one check went in {@link ConformanceReport}. */
export interface ConformanceResult {
  name: string;
  level: ConformanceLevel;
  outcome: "passed" | "failed" | "skipped";
  /** Failed: every difference found. Skipped: the one reason. Passed: empty. */
  details: string[];
  /** Failed because the adapter threw: its error. */
  cause?: unknown;
}

/** Every check's outcome, and which levels the adapter fails. */
export interface ConformanceReport {
  results: ConformanceResult[];
  /** The levels with at least one failed check, Auth.js contract first; empty when all ran clean. */
  failedLevels: ConformanceLevel[];
  /** One line, e.g. "Auth.js adapter contract: all 30 checks pass; latchkey rules: 2 of 18 checks fail; 3 skipped". */
  summary: string;
}

export type AdapterMethod = keyof Adapter;
