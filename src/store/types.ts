/**
 * The contract of a store for short-lived shared state: rate-limit counters, the lock that keeps two
 * token refreshes for one account from racing, and single-use challenges (WebAuthn). Every entry has
 * a time to live, so nothing here outlives its purpose.
 *
 * Each method is one atomic step, chosen so that a Redis implementation maps onto it one-to-one, in
 * one round trip each (`k` is the key, `ttl` the time to live in milliseconds):
 *
 * | Method | Redis |
 * | --- | --- |
 * | `increment(k, ttl)` | `EVAL` of the script below (or `MULTI` `INCR k` `PEXPIRE k ttl NX` `PTTL k` `EXEC`, Redis 7+) |
 * | `incrementMany(ks, ttl, limits)` | the same script over the keys in order, stopping after the first over its limit, in one `EVAL` (on a cluster, whose keys may sit on several nodes, one per key, in turn) |
 * | `setIfAbsent(k, v, ttl)` | `SET k v NX PX ttl` (`OK` → true, nil → false) |
 * | `get(k)` | `GET k` (nil → undefined) |
 * | `take(k)` | `GETDEL k` (Redis 6.2+; nil → undefined) |
 * | `delete(k)` | `DEL k` (1 → true, 0 → false) |
 * | `acquireLock(k, owner, ttl)` | `SET k owner NX PX ttl` |
 * | `releaseLock(k, owner)` | `EVAL` of: `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) else return 0 end` |
 *
 * The increment script sets the expiry only when the key has none, so increments inside a window
 * never extend it (a fixed window), and returns the count with the time left:
 *
 * ```lua
 * local count = redis.call("INCR", KEYS[1])
 * local ttl = redis.call("PTTL", KEYS[1])
 * if ttl < 0 then
 *   redis.call("PEXPIRE", KEYS[1], ARGV[1])
 *   ttl = tonumber(ARGV[1])
 * end
 * return { count, ttl }
 * ```
 *
 * All kinds of entry share one key space, as in Redis: callers prefix their keys (`rl:`, `lock:`,
 * `challenge:`). A counter is an entry whose value is a decimal integer, so `get` on it returns
 * `"3"`, and `increment` on an entry that holds anything else rejects (Redis: "value is not an
 * integer").
 *
 * @module
 */

/** A counter after one increment. */
export interface CounterState {
  /** The count including this increment: 1 for the first increment of a window. */
  count: number;
  /** Milliseconds until the counter expires; the increment after that starts again at 1. */
  ttlMs: number;
}

/** How {@link ShortLivedStore.setIfAbsent} should hold a value. */
export interface SetIfAbsentOptions {
  /**
   * `"record"` for a value whose presence withholds access until it expires: a session revocation
   * marker, the record of a user's sessions. A bounded in-memory store keeps records apart from
   * everything else, because single-use challenges can be created without signing in, and a flood
   * of them must never evict a record and bring a revoked session back. A store with one policy for
   * every key (Redis with `noeviction`) may ignore it. Default `"value"`.
   */
  kind?: "value" | "record";
}

/**
 * Short-lived shared state. Times to live are whole milliseconds greater than 0 (Redis `PX`); an
 * entry is gone once its time is up, as if it had been deleted.
 *
 * @example
 * ```ts
 * import { MemoryStore } from "latchkey/rate-limit";
 *
 * const store = new MemoryStore({ maxKeys: 10_000 });
 * const { count, ttlMs } = await store.increment("rl:signin:203.0.113.7", 60_000);
 * if (count > 10) return new Response("Too Many Requests", { status: 429, headers: { "Retry-After": `${Math.ceil(ttlMs / 1000)}` } });
 *
 * await store.setIfAbsent("challenge:abc", challenge, 300_000);
 * const once = await store.take("challenge:abc"); // a second take returns undefined
 * ```
 */
export interface ShortLivedStore {
  /**
   * Adds 1 to the counter at `key`, creating it at 1 with `ttlMs` to live when absent or expired.
   * Increments inside the window leave its expiry alone.
   */
  increment(key: string, ttlMs: number): Promise<CounterState>;

  /**
   * {@link increment} on the keys in order, in one step where the store can: the rate limiter counts
   * each guarded request under an address and its accounts, and a shared store would otherwise take
   * a round trip per key. With `limits` (one per key), counting stops after the first key whose
   * count passes its limit, and only the keys counted have a state: a request refused under its
   * address creates no counter for the accounts it names. Optional: without it, the keys are
   * incremented one by one, with the same stop.
   */
  incrementMany?(keys: readonly string[], ttlMs: number, limits?: readonly number[]): Promise<CounterState[]>;

  /** Stores `value` with `ttlMs` to live unless `key` holds a live entry; true when it stored. */
  setIfAbsent(key: string, value: string, ttlMs: number, options?: SetIfAbsentOptions): Promise<boolean>;

  /** The live value at `key`, or undefined. */
  get(key: string): Promise<string | undefined>;

  /**
   * Returns the live value at `key` and deletes it in the same step, so of any number of concurrent
   * takes exactly one sees the value: the primitive for single-use challenges and tokens.
   */
  take(key: string): Promise<string | undefined>;

  /** Deletes `key`; true when a live entry was there. */
  delete(key: string): Promise<boolean>;

  /**
   * Takes the lock `key` for `owner` (a token unique to this holder) for `ttlMs`, unless anyone
   * holds it. The time to live frees a lock whose holder died; pick it above the longest run.
   */
  acquireLock(key: string, owner: string, ttlMs: number): Promise<boolean>;

  /**
   * Frees the lock `key` when `owner` still holds it; true when it did. A holder whose lock expired
   * and was taken by another cannot free the other's lock.
   */
  releaseLock(key: string, owner: string): Promise<boolean>;
}
