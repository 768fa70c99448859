/**
 * Runs a piece of work once per key at a time: across processes through a store lock, and within
 * this process by handing concurrent callers the promise of the run already under way (a token
 * refresh that ten parallel requests need is made once, and all ten get its result).
 */
import { assertTtl } from "./arguments.js";
import { LockTimeout } from "./errors.js";
import type { ShortLivedStore } from "./types.js";

export interface SingleFlightOptions {
  /**
   * How long a run's lock lives if the process holding it dies before releasing it. Pick it above the
   * longest run: once it lapses, another process may start the same work. Default 30 s.
   */
  lockTtlMs?: number;
  /** How long to keep trying for a lock held by another process before a {@link LockTimeout}. Default 10 s. */
  waitMs?: number;
  /** The pause between tries for a lock held elsewhere. Default 100 ms. */
  retryDelayMs?: number;
  /** Makes the owner token of each run; it must be unique per run. Default `crypto.randomUUID()`. */
  ownerToken?: () => string;
  /** Waits between tries; tests pass one that moves a fake clock. Default a `setTimeout` timer. */
  sleep?: (ms: number) => Promise<void>;
}

/** Runs `work` under the lock `key`, or joins the run of it already under way in this process. */
export type SingleFlight = <T>(key: string, work: () => Promise<T>) => Promise<T>;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Creates a single-flight runner over `store`. Its in-process table of runs belongs to the returned
 * function, so separate runners (and tests) never share state.
 *
 * The work should re-check its premise when it starts (is the access token still expired?): a caller
 * that waited for another process's lock runs it afterwards, and should find the work already done.
 *
 * @example
 * ```ts
 * const singleFlight = createSingleFlight(store, { lockTtlMs: 15_000 });
 * const { provider, providerAccountId } = account;
 * const tokens = await singleFlight(`lock:refresh:${provider}:${providerAccountId}`, async () => {
 *   const current = await loadAccount(provider, providerAccountId);
 *   return isExpired(current) ? refreshAndSave(current) : current;
 * });
 * ```
 */
export function createSingleFlight(store: ShortLivedStore, options: SingleFlightOptions = {}): SingleFlight {
  const lockTtlMs = options.lockTtlMs ?? 30_000;
  const waitMs = options.waitMs ?? 10_000;
  const retryDelayMs = options.retryDelayMs ?? 100;
  assertTtl(lockTtlMs);
  assertTtl(retryDelayMs);
  if (!Number.isSafeInteger(waitMs) || waitMs < 0) {
    throw new TypeError(
      `waitMs must be a whole number of milliseconds, 0 or more, but got ${String(waitMs)}.`,
    );
  }
  const ownerToken = options.ownerToken ?? (() => globalThis.crypto.randomUUID());
  const sleep = options.sleep ?? defaultSleep;
  /** Tries after the first: enough pauses of `retryDelayMs` to cover `waitMs`. */
  const retries = Math.ceil(waitMs / retryDelayMs);
  const running = new Map<string, Promise<unknown>>();

  async function acquire(key: string, owner: string): Promise<void> {
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await sleep(retryDelayMs);
      if (await store.acquireLock(key, owner, lockTtlMs)) return;
    }
    throw new LockTimeout(key, waitMs);
  }

  async function runLocked<T>(key: string, work: () => Promise<T>): Promise<T> {
    const owner = ownerToken();
    await acquire(key, owner);
    try {
      return await work();
    } finally {
      // The work is done and its result (or error) stands; a release that fails leaves a lock that
      // lapses at its time to live, which only delays the next run.
      try {
        await store.releaseLock(key, owner);
      } catch {}
    }
  }

  return function singleFlight<T>(key: string, work: () => Promise<T>): Promise<T> {
    const underWay = running.get(key);
    if (underWay !== undefined) return underWay as Promise<T>;
    // No other run of `key` can start while this one is in the table, so the entry is this run's.
    const run = runLocked(key, work).finally(() => running.delete(key));
    running.set(key, run);
    return run;
  };
}
