/**
 * The {@link ShortLivedStore} on Redis, for apps that run several instances: every instance that
 * talks to the same Redis shares the same counters, locks and single-use keys. It takes a client the
 * app already has (ioredis `Redis` or `Cluster`) and imports nothing itself, so `latchkey/rate-limit`
 * stays loadable on edge runtimes that only use the memory store.
 *
 * Each method is one Redis command (one round trip), as the table in `types.ts` lays out; the
 * limiter's increments of one request share one.
 */
import { assertNonEmpty, assertTtl, assertValue } from "./arguments.js";
import type { CounterState, ShortLivedStore } from "./types.js";

/**
 * The commands {@link RedisStore} sends, typed so that an ioredis `Redis` or `Cluster` fits as it is.
 * Another client fits through a small wrapper with these six methods.
 */
export interface RedisClientLike {
  eval(script: string, numKeys: number, ...keysAndArgs: Array<string | number>): Promise<unknown>;
  set(key: string, value: string, expiry: "PX", ttlMs: number, mode: "NX"): Promise<"OK" | null>;
  get(key: string): Promise<string | null>;
  getdel(key: string): Promise<string | null>;
  del(key: string): Promise<number>;
  /** ioredis sets it on a `Cluster`, whose multi-key scripts must keep to one node. */
  readonly isCluster?: boolean;
}

/**
 * For each key in order: INCR, and the window's expiry only when the key has none (a fixed window
 * that later increments never extend). ARGV[2..] are the keys' limits, when given: the script stops
 * after the first key whose count passes its limit. Returns each counted key's count and
 * milliseconds left, in the keys' order.
 */
const INCREMENT_SCRIPT = `local replies = {}
for index, key in ipairs(KEYS) do
  local count = redis.call("INCR", key)
  local ttl = redis.call("PTTL", key)
  if ttl < 0 then
    redis.call("PEXPIRE", key, ARGV[1])
    ttl = tonumber(ARGV[1])
  end
  replies[#replies + 1] = count
  replies[#replies + 1] = ttl
  local limit = tonumber(ARGV[index + 1])
  if limit ~= nil and count > limit then break end
end
return replies`;

/** DEL only when the lock still holds this owner's token: a holder whose lock lapsed frees nothing. */
const RELEASE_SCRIPT = `if redis.call("GET", KEYS[1]) == ARGV[1] then
  return redis.call("DEL", KEYS[1])
end
return 0`;

/**
 * The increment script's reply, a count and a time left per counted key, as one state per key:
 * at least `fewest` of `keys` (all of them unless a limit could stop the script).
 */
function counterStates(fewest: number, keys: readonly string[], reply: unknown): CounterState[] {
  if (Array.isArray(reply) && reply.length % 2 === 0) {
    const counted = reply.length / 2;
    const numbers = reply.map(Number);
    if (counted >= fewest && counted <= keys.length && numbers.every(Number.isSafeInteger)) {
      return keys.slice(0, counted).map((_, index) => ({
        count: numbers[2 * index] as number,
        ttlMs: numbers[2 * index + 1] as number,
      }));
    }
  }
  throw new TypeError(`Redis answered the increment of "${keys.join('", "')}" with an unexpected reply.`);
}

/**
 * A store on Redis (6.2 or newer, for `GETDEL`). Pass the ioredis client the app already uses; its
 * connection settings (TLS, `keyPrefix`, retries) apply. A command that fails rejects with the
 * client's error: the rate limiter then refuses the sign-in attempt (it fails closed) and logs it.
 *
 * @example
 * ```ts
 * import { Redis } from "ioredis";
 * import type { AuthConfig } from "latchkey";
 * import { RedisStore } from "latchkey/rate-limit";
 *
 * const store = new RedisStore(new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379"));
 * const config: AuthConfig = { providers, store };
 * ```
 */
export class RedisStore implements ShortLivedStore {
  constructor(private readonly client: RedisClientLike) {
    if (typeof client?.eval !== "function" || typeof client.getdel !== "function") {
      throw new TypeError("RedisStore needs a Redis client such as ioredis's `new Redis(url)`.");
    }
  }

  async increment(key: string, ttlMs: number): Promise<CounterState> {
    return (await this.incrementMany([key], ttlMs))[0] as CounterState;
  }

  /**
   * Every key in one `EVAL`, so a guarded request costs one round trip. A cluster (ioredis
   * `Cluster`) refuses a script whose keys live on different nodes, so there each key is its own
   * `EVAL`, one after the other when a limit may stop the count.
   */
  async incrementMany(
    keys: readonly string[],
    ttlMs: number,
    limits?: readonly number[],
  ): Promise<CounterState[]> {
    for (const key of keys) assertNonEmpty(key, "key");
    assertTtl(ttlMs);
    if (keys.length === 0) return [];
    if (this.client.isCluster === true && keys.length > 1) {
      const states: CounterState[] = [];
      for (const [index, key] of keys.entries()) {
        const reply = await this.client.eval(INCREMENT_SCRIPT, 1, key, ttlMs);
        const state = counterStates(1, [key], reply)[0] as CounterState;
        states.push(state);
        if (state.count > (limits?.[index] ?? Number.POSITIVE_INFINITY)) break;
      }
      return states;
    }
    const reply = await this.client.eval(INCREMENT_SCRIPT, keys.length, ...keys, ttlMs, ...(limits ?? []));
    return counterStates(limits === undefined ? keys.length : 1, keys, reply);
  }

  // `kind` is not needed here: Redis evicts only under a `maxmemory-policy` other than
  // `noeviction`, which a server holding revocation markers should not run with (README, rate limiting).
  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    assertNonEmpty(key, "key");
    assertValue(value);
    assertTtl(ttlMs);
    return (await this.client.set(key, value, "PX", ttlMs, "NX")) === "OK";
  }

  async get(key: string): Promise<string | undefined> {
    assertNonEmpty(key, "key");
    return (await this.client.get(key)) ?? undefined;
  }

  async take(key: string): Promise<string | undefined> {
    assertNonEmpty(key, "key");
    return (await this.client.getdel(key)) ?? undefined;
  }

  async delete(key: string): Promise<boolean> {
    assertNonEmpty(key, "key");
    return (await this.client.del(key)) > 0;
  }

  async acquireLock(key: string, owner: string, ttlMs: number): Promise<boolean> {
    assertNonEmpty(key, "key");
    assertNonEmpty(owner, "lock owner");
    assertTtl(ttlMs);
    return (await this.client.set(key, owner, "PX", ttlMs, "NX")) === "OK";
  }

  async releaseLock(key: string, owner: string): Promise<boolean> {
    assertNonEmpty(key, "key");
    assertNonEmpty(owner, "lock owner");
    return Number(await this.client.eval(RELEASE_SCRIPT, 1, key, owner)) === 1;
  }
}
