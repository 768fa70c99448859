/**
 * The real Redis on 127.0.0.1:6379, which other test runs share: a file that uses it works under a
 * random key prefix of its own and deletes what it wrote when it is done.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll } from "vitest";

export const REDIS_URL = "redis://127.0.0.1:6379";

export interface TestRedis {
  /** A connected client whose keys all carry `prefix` (set once the file's tests start). */
  readonly client: Redis;
  readonly prefix: string;
}

/** Connects before the file's tests and, after them, deletes every key under the file's prefix. */
export function useTestRedis(): TestRedis {
  const redis = { client: undefined as unknown as Redis, prefix: "" };
  beforeAll(async () => {
    redis.prefix = `latchkey-test:${crypto.randomUUID()}:`;
    redis.client = new Redis(REDIS_URL, {
      keyPrefix: redis.prefix,
      lazyConnect: true,
      maxRetriesPerRequest: 1,
    });
    await redis.client.connect();
  });
  afterAll(async () => {
    await redis.client.quit();
    // A client without the prefix, so that KEYS and DEL see the same names; only this file's keys.
    const cleanup = new Redis(REDIS_URL);
    const keys = await cleanup.keys(`${redis.prefix}*`);
    if (keys.length > 0) await cleanup.del(...keys);
    await cleanup.quit();
  });
  return redis;
}
