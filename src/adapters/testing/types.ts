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
  /**
   * Optional: runs `action` and returns how many queries (round trips) the adapter sent to the
   * store meanwhile. Enables the check that getSessionAndUser is one query. Checks run one at a
   * time, so counting everything the store receives is fine.
   */
  countQueries?(action: () => Promise<unknown>): Promise<number>;
}

export interface AdapterConformanceOptions {
  /** The adapter under test. Methods it lacks turn the checks that need them into skips. */
  adapter: Adapter;
  db: ConformanceDatabase;
  /** How many callers race for one verification token. Default 10. */
  concurrency?: number;
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
  /** Reads as the behaviour it pins, e.g. "useVerificationToken: of 10 concurrent uses exactly one gets the token". */
  name: string;
  /**
   * Set when the adapter lacks a method the check needs: the reason, for your runner's skip.
   * Running a skipped check throws.
   */
  skip?: string;
  /** Resolves when the adapter conforms; rejects with a {@link ConformanceFailure} naming what differs. */
  run(): Promise<void>;
}

export type AdapterMethod = keyof Adapter;
