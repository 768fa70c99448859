/**
 * A Redis-backed ShortLivedStore for tests only, so two app instances in one test can share locks
 * and results the way separate processes would. Each method is the one Redis command (or script)
 * the store contract maps it to.
 */
import type { Redis } from "ioredis";
import type { CounterState, ShortLivedStore } from "../../src/store/types.js";

const INCREMENT = `local count = redis.call("INCR", KEYS[1])
local ttl = redis.call("PTTL", KEYS[1])
if ttl < 0 then
  redis.call("PEXPIRE", KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`;

const RELEASE = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) else return 0 end`;

export class TestRedisStore implements ShortLivedStore {
  constructor(
    private readonly redis: Redis,
    /** Keeps each test's keys apart in the shared Redis. */
    private readonly prefix: string,
  ) {}

  private key(key: string): string {
    return `${this.prefix}${key}`;
  }

  async increment(key: string, ttlMs: number): Promise<CounterState> {
    const [count, ttl] = (await this.redis.eval(INCREMENT, 1, this.key(key), ttlMs)) as [number, number];
    return { count, ttlMs: ttl };
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(this.key(key), value, "PX", ttlMs, "NX")) === "OK";
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.redis.get(this.key(key))) ?? undefined;
  }

  async take(key: string): Promise<string | undefined> {
    return (await this.redis.getdel(this.key(key))) ?? undefined;
  }

  async delete(key: string): Promise<boolean> {
    return (await this.redis.del(this.key(key))) === 1;
  }

  async acquireLock(key: string, owner: string, ttlMs: number): Promise<boolean> {
    return this.setIfAbsent(key, owner, ttlMs);
  }

  async releaseLock(key: string, owner: string): Promise<boolean> {
    return (await this.redis.eval(RELEASE, 1, this.key(key), owner)) === 1;
  }
}
