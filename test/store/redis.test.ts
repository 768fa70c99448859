/**
 * RedisStore against the real Redis on 127.0.0.1:6379, which other test runs share: every test
 * works under its own random key prefix and deletes what it wrote.
 */
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { RedisStore } from "../../src/store/redis.js";
import { REDIS_URL, useTestRedis } from "./test-redis.js";

const redis = useTestRedis();

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("RedisStore counters", () => {
  it("start at 1 with the full time to live and count up without extending the window", async () => {
    const store = new RedisStore(redis.client);
    const first = await store.increment("rl:a", 60_000);
    expect(first).toEqual({ count: 1, ttlMs: 60_000 });
    await pause(20);
    const second = await store.increment("rl:a", 999_999);
    expect(second.count).toBe(2);
    expect(second.ttlMs).toBeLessThan(60_000);
    expect(second.ttlMs).toBeGreaterThan(50_000);
    expect(await store.get("rl:a")).toBe("2");
  });

  it("start again at 1 once the window has passed", async () => {
    const store = new RedisStore(redis.client);
    await store.increment("rl:short", 30);
    await store.increment("rl:short", 30);
    await pause(60);
    expect(await store.increment("rl:short", 30)).toEqual({ count: 1, ttlMs: 30 });
  });

  it("give every one of many concurrent increments its own count", async () => {
    const store = new RedisStore(redis.client);
    const results = await Promise.all(Array.from({ length: 40 }, () => store.increment("rl:many", 5_000)));
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
  });

  it("refuse to increment an entry that holds something else", async () => {
    const store = new RedisStore(redis.client);
    await store.setIfAbsent("challenge:x", "abc", 5_000);
    await expect(store.increment("challenge:x", 5_000)).rejects.toThrow(/not an integer/);
  });

  it("are shared by two stores on two connections", async () => {
    const other = new Redis(REDIS_URL, { keyPrefix: redis.prefix });
    try {
      const a = new RedisStore(redis.client);
      const b = new RedisStore(other);
      await a.increment("rl:shared", 5_000);
      expect((await b.increment("rl:shared", 5_000)).count).toBe(2);
    } finally {
      await other.quit();
    }
  });
});

describe("RedisStore single-use values and locks", () => {
  it("setIfAbsent stores once, get reads, take hands the value to exactly one of many callers", async () => {
    const store = new RedisStore(redis.client);
    expect(await store.setIfAbsent("challenge:a", "one", 5_000)).toBe(true);
    expect(await store.setIfAbsent("challenge:a", "two", 5_000)).toBe(false);
    expect(await store.get("challenge:a")).toBe("one");
    const taken = await Promise.all(Array.from({ length: 10 }, () => store.take("challenge:a")));
    expect(taken.filter((value) => value !== undefined)).toEqual(["one"]);
    expect(await store.get("challenge:a")).toBeUndefined();
  });

  it("values expire at their time to live", async () => {
    const store = new RedisStore(redis.client);
    await store.setIfAbsent("challenge:b", "v", 30);
    await pause(60);
    expect(await store.get("challenge:b")).toBeUndefined();
    expect(await store.setIfAbsent("challenge:b", "w", 5_000)).toBe(true);
  });

  it("delete reports whether a live entry was there", async () => {
    const store = new RedisStore(redis.client);
    await store.setIfAbsent("challenge:c", "v", 5_000);
    expect(await store.delete("challenge:c")).toBe(true);
    expect(await store.delete("challenge:c")).toBe(false);
  });

  it("a lock is held by one owner, and only that owner releases it", async () => {
    const store = new RedisStore(redis.client);
    expect(await store.acquireLock("lock:a", "owner-1", 5_000)).toBe(true);
    expect(await store.acquireLock("lock:a", "owner-2", 5_000)).toBe(false);
    expect(await store.releaseLock("lock:a", "owner-2")).toBe(false);
    expect(await store.releaseLock("lock:a", "owner-1")).toBe(true);
    expect(await store.acquireLock("lock:a", "owner-2", 5_000)).toBe(true);
  });

  it("refuses the same bad arguments as the memory store, before any command is sent", async () => {
    const store = new RedisStore(redis.client);
    await expect(store.increment("", 1_000)).rejects.toThrow(TypeError);
    await expect(store.increment("rl:x", 0)).rejects.toThrow(/whole number of milliseconds/);
    await expect(store.setIfAbsent("k", 1 as never, 1_000)).rejects.toThrow(/must be a string/);
    await expect(store.acquireLock("lock:x", "", 1_000)).rejects.toThrow(/lock owner/);
  });

  it("refuses something that is not a Redis client", () => {
    expect(() => new RedisStore({} as never)).toThrow(/needs a Redis client/);
  });
});

describe("RedisStore.incrementMany", () => {
  /** The shared client, counting the EVALs it sends. */
  function countingClient(options: { isCluster?: boolean } = {}) {
    const calls: number[] = [];
    const client = {
      eval: (script: string, numKeys: number, ...rest: Array<string | number>) => {
        calls.push(numKeys);
        return redis.client.eval(script, numKeys, ...rest);
      },
      set: redis.client.set.bind(redis.client),
      get: redis.client.get.bind(redis.client),
      getdel: redis.client.getdel.bind(redis.client),
      del: redis.client.del.bind(redis.client),
      ...options,
    } as unknown as ConstructorParameters<typeof RedisStore>[0];
    return { client, calls };
  }

  it("counts every key as increment would, in one EVAL", async () => {
    const { client, calls } = countingClient();
    const store = new RedisStore(client);
    await store.increment("rl:m:b", 60_000);
    calls.length = 0;
    const states = await store.incrementMany(["rl:m:a", "rl:m:b", "rl:m:c"], 60_000);
    expect(calls).toEqual([3]);
    expect(states.map((state) => state.count)).toEqual([1, 2, 1]);
    expect(states[0]?.ttlMs).toBe(60_000);
    expect(states[1]?.ttlMs).toBeLessThanOrEqual(60_000);
    expect(await store.get("rl:m:b")).toBe("2");
  });

  it("on a cluster, whose keys may sit on several nodes, sends one EVAL per key", async () => {
    const { client, calls } = countingClient({ isCluster: true });
    const states = await new RedisStore(client).incrementMany(["rl:c:a", "rl:c:b"], 60_000);
    expect(calls).toEqual([1, 1]);
    expect(states.map((state) => state.count)).toEqual([1, 1]);
  });

  it("with limits, stops after the first key over its limit, in one EVAL", async () => {
    const { client, calls } = countingClient();
    const store = new RedisStore(client);
    await store.increment("rl:l:ip", 60_000);
    calls.length = 0;
    const limits = [1, 5, 5];
    const states = await store.incrementMany(["rl:l:ip", "rl:l:a", "rl:l:b"], 60_000, limits);
    expect(calls).toEqual([3]);
    expect(states.map((state) => state.count)).toEqual([2]);
    expect([await store.get("rl:l:a"), await store.get("rl:l:b")]).toEqual([undefined, undefined]);
    const under = await store.incrementMany(["rl:l:other", "rl:l:a", "rl:l:b"], 60_000, limits);
    expect(under.map((state) => state.count)).toEqual([1, 1, 1]);
  });

  it("on a cluster, with limits, stops there too", async () => {
    const { client, calls } = countingClient({ isCluster: true });
    const store = new RedisStore(client);
    await store.increment("rl:lc:ip", 60_000);
    calls.length = 0;
    const states = await store.incrementMany(["rl:lc:ip", "rl:lc:a"], 60_000, [1, 5]);
    expect(calls).toEqual([1]);
    expect(states.map((state) => state.count)).toEqual([2]);
    expect(await store.get("rl:lc:a")).toBeUndefined();
  });

  it("refuses an empty key before sending anything", async () => {
    const { client, calls } = countingClient();
    await expect(new RedisStore(client).incrementMany(["rl:x", ""], 1_000)).rejects.toThrow(TypeError);
    expect(calls).toEqual([]);
  });
});
