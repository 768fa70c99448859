/**
 * The {@link ShortLivedStore} on Redis, for apps that run several instances: every instance that
 * talks to the same Redis shares the same counters, locks and single-use keys. It takes a client the
 * app already has (ioredis `Redis` or `Cluster`) and imports nothing itself, so `latchkey/rate-limit`
 * stays loadable on edge runtimes that only use the memory store.
 *
 * Each method is one Redis command (one round trip), as the table in `types.ts` lays out.
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
}

/**
 * INCR, and the window's expiry only when the key has none: a fixed window that later increments
 * never extend. Returns the count and the milliseconds left.
 */
const INCREMENT_SCRIPT = `local count = redis.call("INCR", KEYS[1])
local ttl = redis.call("PTTL", KEYS[1])
if ttl < 0 then
  redis.call("PEXPIRE", KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`;

/** DEL only when the lock still holds this owner's token: a holder whose lock lapsed frees nothing. */
const RELEASE_SCRIPT = `if redis.call("GET", KEYS[1]) == ARGV[1] then
  return redis.call("DEL", KEYS[1])
end
return 0`;

function counterState(key: string, reply: unknown): CounterState {
  if (Array.isArray(reply) && reply.length === 2) {
    const [count, ttlMs] = reply.map(Number);
    if (Number.isSafeInteger(count) && Number.isSafeInteger(ttlMs)) {
      return { count: count as number, ttlMs: ttlMs as number };
    }
  }
  throw new TypeError(`Redis answered the increment of "${key}" with an unexpected reply.`);
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
    assertNonEmpty(key, "key");
    assertTtl(ttlMs);
    return counterState(key, await this.client.eval(INCREMENT_SCRIPT, 1, key, ttlMs));
  }

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
