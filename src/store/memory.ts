/**
 * The in-process {@link ShortLivedStore}: for one server process, development and tests. State lives
 * in the instance, so two stores never share entries, and the number of keys is capped so that a
 * flood of distinct keys (one per client address, say) cannot grow memory without bound.
 */
import { assertNonEmpty, assertTtl, assertValue } from "./arguments.js";
import type { CounterState, ShortLivedStore } from "./types.js";

export interface MemoryStoreOptions {
  /**
   * The most keys held at once. When a new key arrives at the cap, expired entries go first, then the
   * oldest-written live one: an evicted rate-limit counter starts again at 1, an evicted challenge is
   * refused, an evicted lock may be taken by another caller. Default 10,000.
   */
  maxKeys?: number;
  /** Milliseconds since the epoch; tests pass a fake clock. Default `Date.now`. */
  now?: () => number;
}

interface Entry {
  value: string;
  /** The clock's time at which the entry is gone. */
  expiresAt: number;
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
  /** In insertion order, which makes the first key the oldest-written one. */
  private readonly entries = new Map<string, Entry>();
  /**
   * No entry expires before this time, so a sweep before it would free nothing. Deleting or
   * overwriting an entry can leave it early, which costs one sweep that finds nothing; never later.
   */
  private earliestExpiry = Number.POSITIVE_INFINITY;

  constructor(options: MemoryStoreOptions = {}) {
    const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
    if (!Number.isSafeInteger(maxKeys) || maxKeys < 1) {
      throw new TypeError(
        `MemoryStore maxKeys must be a whole number of at least 1, but got ${String(maxKeys)}.`,
      );
    }
    this.maxKeys = maxKeys;
    this.now = options.now ?? Date.now;
  }

  /** Keys held, counting expired entries not yet collected; never more than {@link maxKeys}. */
  get size(): number {
    return this.entries.size;
  }

  async increment(key: string, ttlMs: number): Promise<CounterState> {
    assertNonEmpty(key, "key");
    assertTtl(ttlMs);
    const now = this.now();
    const entry = this.live(key, now);
    if (entry === undefined) {
      this.insert(key, "1", now + ttlMs, now);
      return { count: 1, ttlMs };
    }
    if (!DECIMAL_INTEGER.test(entry.value)) {
      throw new TypeError(`The store entry "${key}" holds a value that is not a counter.`);
    }
    const count = Number(entry.value) + 1;
    entry.value = String(count);
    return { count, ttlMs: entry.expiresAt - now };
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    assertNonEmpty(key, "key");
    assertValue(value);
    assertTtl(ttlMs);
    return this.insertIfAbsent(key, value, ttlMs);
  }

  async get(key: string): Promise<string | undefined> {
    assertNonEmpty(key, "key");
    return this.live(key, this.now())?.value;
  }

  async take(key: string): Promise<string | undefined> {
    assertNonEmpty(key, "key");
    const entry = this.live(key, this.now());
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    return entry.value;
  }

  async delete(key: string): Promise<boolean> {
    assertNonEmpty(key, "key");
    const existed = this.live(key, this.now()) !== undefined;
    this.entries.delete(key);
    return existed;
  }

  async acquireLock(key: string, owner: string, ttlMs: number): Promise<boolean> {
    assertNonEmpty(key, "key");
    assertNonEmpty(owner, "lock owner");
    assertTtl(ttlMs);
    return this.insertIfAbsent(key, owner, ttlMs);
  }

  async releaseLock(key: string, owner: string): Promise<boolean> {
    assertNonEmpty(key, "key");
    assertNonEmpty(owner, "lock owner");
    if (this.live(key, this.now())?.value !== owner) return false;
    this.entries.delete(key);
    return true;
  }

  private insertIfAbsent(key: string, value: string, ttlMs: number): boolean {
    const now = this.now();
    if (this.live(key, now) !== undefined) return false;
    this.insert(key, value, now + ttlMs, now);
    return true;
  }

  /** The entry at `key` unless it has expired, in which case it is dropped. */
  private live(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > now) return entry;
    this.entries.delete(key);
    return undefined;
  }

  /** Adds a key that is not present, making room first when the store is at its cap. */
  private insert(key: string, value: string, expiresAt: number, now: number): void {
    if (this.entries.size >= this.maxKeys) this.makeRoom(now);
    this.entries.set(key, { value, expiresAt });
    if (expiresAt < this.earliestExpiry) this.earliestExpiry = expiresAt;
  }

  /** Frees at least one slot: every expired entry when any has expired, else the oldest-written one. */
  private makeRoom(now: number): void {
    if (now >= this.earliestExpiry) this.sweepExpired(now);
    if (this.entries.size < this.maxKeys) return;
    const oldest = this.entries.keys().next();
    if (!oldest.done) this.entries.delete(oldest.value);
  }

  private sweepExpired(now: number): void {
    let earliest = Number.POSITIVE_INFINITY;
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) this.entries.delete(key);
      else if (entry.expiresAt < earliest) earliest = entry.expiresAt;
    }
    this.earliestExpiry = earliest;
  }
}
