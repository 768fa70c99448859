/**
 * The in-process {@link ShortLivedStore}: for one server process, development and tests. State lives
 * in the instance, so two stores never share entries, and the number of keys is capped so that a
 * flood of distinct keys (one per client address, say) cannot grow memory without bound. Counters,
 * single-use values, records and locks are capped apart: anonymous requests can create challenges,
 * and a flood of them must never evict the counter that keeps an account locked out, nor the
 * revocation marker that keeps a session ended. Counters and records are never evicted while they
 * live: at the cap a new one is refused instead (`StoreFull`).
 */
import { assertNonEmpty, assertTtl, assertValue } from "./arguments.js";
import { type Entry, MemoryPartition } from "./memory-partition.js";
import type { CounterState, SetIfAbsentOptions, ShortLivedStore } from "./types.js";

export interface MemoryStoreOptions {
  /**
   * The most keys of each kind held at once: counters, single-use values (challenges), records
   * (`setIfAbsent` with `kind: "record"`: revocation markers, JWT session lists) and locks each have
   * this much room, so a flood of one kind never takes another's. When a new key arrives at its
   * kind's cap, expired entries go first. Then counters and records keep every live entry and the
   * new key is refused with `StoreFull` until the first one expires: the rate limiter answers that
   * request 429 with `Retry-After`, so a flood from more than this many clients or accounts makes
   * new ones wait, but never resets a limit somebody reached nor brings a revoked session back.
   * A full challenge or lock space drops its oldest entry (an evicted challenge is refused, an
   * evicted lock may be taken by another caller). Default 10,000.
   */
  maxKeys?: number;
  /** Milliseconds since the epoch; tests pass a fake clock. Default `Date.now`. */
  now?: () => number;
}

const DEFAULT_MAX_KEYS = 10_000;
const DECIMAL_INTEGER = /^(?:0|-?[1-9]\d*)$/;

/**
 * A bounded in-memory store. Each method does all its work before its first `await`, so in one
 * JavaScript thread every call is atomic: of concurrent `take`s exactly one gets the value.
 *
 * @example
 * ```ts
 * import { MemoryStore } from "latchkey/rate-limit";
 *
 * const store = new MemoryStore({ maxKeys: 5_000 });
 * const { count } = await store.increment("rl:callback:203.0.113.7", 60_000);
 * ```
 */
export class MemoryStore implements ShortLivedStore {
  readonly maxKeys: number;
  private readonly now: () => number;
  private readonly counters: MemoryPartition;
  private readonly values: MemoryPartition;
  /** Written only for signed-in users (sign-out, revocation), so no anonymous flood reaches them. */
  private readonly records: MemoryPartition;
  private readonly locks: MemoryPartition;
  /** Every kind shares one key space, as in Redis: a key lives in at most one partition. */
  private readonly partitions: readonly MemoryPartition[];

  constructor(options: MemoryStoreOptions = {}) {
    const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
    if (!Number.isSafeInteger(maxKeys) || maxKeys < 1) {
      throw new TypeError(
        `MemoryStore maxKeys must be a whole number of at least 1, but got ${String(maxKeys)}.`,
      );
    }
    this.maxKeys = maxKeys;
    this.now = options.now ?? Date.now;
    this.counters = new MemoryPartition(maxKeys, "refuse", "counters");
    this.values = new MemoryPartition(maxKeys, "evict", "values");
    this.records = new MemoryPartition(maxKeys, "refuse", "records");
    this.locks = new MemoryPartition(maxKeys, "evict", "locks");
    this.partitions = [this.counters, this.values, this.records, this.locks];
  }

  /** Keys held, counting expired entries not yet collected; never more than {@link maxKeys} of each kind. */
  get size(): number {
    return this.partitions.reduce((held, partition) => held + partition.entries.size, 0);
  }

  async increment(key: string, ttlMs: number): Promise<CounterState> {
    assertNonEmpty(key, "key");
    assertTtl(ttlMs);
    const now = this.now();
    const found = this.live(key, now);
    if (found === undefined) {
      this.counters.insert(key, "1", now + ttlMs, now);
      return { count: 1, ttlMs };
    }
    const { entry } = found;
    if (!DECIMAL_INTEGER.test(entry.value)) {
      throw new TypeError(`The store entry "${key}" holds a value that is not a counter.`);
    }
    const count = Number(entry.value) + 1;
    entry.value = String(count);
    return { count, ttlMs: entry.expiresAt - now };
  }

  async setIfAbsent(
    key: string,
    value: string,
    ttlMs: number,
    options?: SetIfAbsentOptions,
  ): Promise<boolean> {
    assertNonEmpty(key, "key");
    assertValue(value);
    assertTtl(ttlMs);
    return this.insertIfAbsent(options?.kind === "record" ? this.records : this.values, key, value, ttlMs);
  }

  async get(key: string): Promise<string | undefined> {
    assertNonEmpty(key, "key");
    return this.live(key, this.now())?.entry.value;
  }

  async take(key: string): Promise<string | undefined> {
    assertNonEmpty(key, "key");
    const found = this.live(key, this.now());
    if (found === undefined) return undefined;
    found.partition.delete(key);
    return found.entry.value;
  }

  async delete(key: string): Promise<boolean> {
    assertNonEmpty(key, "key");
    const found = this.live(key, this.now());
    found?.partition.delete(key);
    return found !== undefined;
  }

  async acquireLock(key: string, owner: string, ttlMs: number): Promise<boolean> {
    assertNonEmpty(key, "key");
    assertNonEmpty(owner, "lock owner");
    assertTtl(ttlMs);
    return this.insertIfAbsent(this.locks, key, owner, ttlMs);
  }

  async releaseLock(key: string, owner: string): Promise<boolean> {
    assertNonEmpty(key, "key");
    assertNonEmpty(owner, "lock owner");
    const found = this.live(key, this.now());
    if (found?.entry.value !== owner) return false;
    found.partition.delete(key);
    return true;
  }

  private insertIfAbsent(partition: MemoryPartition, key: string, value: string, ttlMs: number): boolean {
    const now = this.now();
    if (this.live(key, now) !== undefined) return false;
    partition.insert(key, value, now + ttlMs, now);
    return true;
  }

  /** The live entry at `key` and the partition that holds it; an expired one is dropped. */
  private live(key: string, now: number): { entry: Entry; partition: MemoryPartition } | undefined {
    for (const partition of this.partitions) {
      const entry = partition.live(key, now);
      if (entry !== undefined) return { entry, partition };
    }
    return undefined;
  }
}
