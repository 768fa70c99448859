/**
 * Both short-lived stores refuse the same bad arguments, on every method, with the same messages and
 * before anything is stored or sent: the RedisStore runs against the real Redis on 127.0.0.1:6379
 * under a key prefix of its own.
 */
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../src/store/memory.js";
import { RedisStore } from "../../src/store/redis.js";
import type { ShortLivedStore } from "../../src/store/types.js";
import { useTestRedis } from "./test-redis.js";

const redis = useTestRedis();

const stores: Array<[string, () => ShortLivedStore]> = [
  ["MemoryStore", () => new MemoryStore()],
  ["RedisStore", () => new RedisStore(redis.client)],
];

/** Every method, called with `key` in the key's place and otherwise good arguments. */
const withKey: Array<[string, (store: ShortLivedStore, key: string) => Promise<unknown>]> = [
  ["increment", (store, key) => store.increment(key, 1_000)],
  ["setIfAbsent", (store, key) => store.setIfAbsent(key, "v", 1_000)],
  ["get", (store, key) => store.get(key)],
  ["take", (store, key) => store.take(key)],
  ["delete", (store, key) => store.delete(key)],
  ["acquireLock", (store, key) => store.acquireLock(key, "owner", 1_000)],
  ["releaseLock", (store, key) => store.releaseLock(key, "owner")],
];

describe.each(stores)("%s arguments", (_name, makeStore) => {
  it.each(withKey)("%s refuses an empty key or one that is not a string", async (_method, call) => {
    const store = makeStore();
    for (const key of ["", 7 as unknown as string, undefined as unknown as string]) {
      await expect(call(store, key)).rejects.toThrow(
        new TypeError("A store key must be a non-empty string."),
      );
    }
  });

  it("refuses an empty lock owner, or one that is not a string, on both lock methods", async () => {
    const store = makeStore();
    for (const owner of ["", 1 as unknown as string]) {
      await expect(store.acquireLock("lock:args", owner, 1_000)).rejects.toThrow(
        new TypeError("A store lock owner must be a non-empty string."),
      );
      await expect(store.releaseLock("lock:args", owner)).rejects.toThrow(
        new TypeError("A store lock owner must be a non-empty string."),
      );
    }
    expect(await store.acquireLock("lock:args", "owner", 1_000)).toBe(true);
    expect(await store.releaseLock("lock:args", "owner")).toBe(true);
  });

  it("says which time to live it refused, and of which type", async () => {
    const store = makeStore();
    await expect(store.increment("rl:args", 2.5)).rejects.toThrow(
      new TypeError(
        "A store time to live must be a whole number of milliseconds greater than 0, but got 2.5.",
      ),
    );
    await expect(store.setIfAbsent("k:args", "v", 0)).rejects.toThrow("but got 0.");
    await expect(store.acquireLock("lock:args", "o", "1000" as unknown as number)).rejects.toThrow(
      "but got a value of type string.",
    );
    await expect(store.increment("rl:args", 2 ** 53)).rejects.toThrow(TypeError);
    expect(await store.get("rl:args")).toBeUndefined();
    expect(await store.get("k:args")).toBeUndefined();
  });

  it("takes 1 ms, the shortest time to live", async () => {
    const store = makeStore();
    expect(await store.setIfAbsent("k:short", "v", 1)).toBe(true);
    expect(await store.increment("rl:short", 1)).toEqual({ count: 1, ttlMs: 1 });
  });

  it("refuses a value that is not a string, naming its type, and keeps an empty one", async () => {
    const store = makeStore();
    for (const [value, type] of [
      [{ a: 1 }, "object"],
      [3, "number"],
      [undefined, "undefined"],
    ] as const) {
      await expect(store.setIfAbsent("k:value", value as unknown as string, 1_000)).rejects.toThrow(
        new TypeError(`A store value must be a string (serialise objects first), but got ${type}.`),
      );
    }
    expect(await store.setIfAbsent("k:value", "", 1_000)).toBe(true);
    expect(await store.take("k:value")).toBe("");
  });
});

describe("MemoryStore counters and bounds", () => {
  it("count on from any decimal integer, as Redis INCR does, and refuse anything else", async () => {
    const store = new MemoryStore();
    for (const [value, next] of [
      ["0", 1],
      ["-3", -2],
      ["41", 42],
    ] as const) {
      await store.setIfAbsent(`n:${value}`, value, 1_000);
      expect(await store.increment(`n:${value}`, 1_000)).toMatchObject({ count: next });
    }
    for (const value of ["", "007", "-0", "1.5", " 1", "1 ", "1e3", "0x10", "12a"]) {
      await store.setIfAbsent(`s:${value}`, value, 1_000);
      await expect(store.increment(`s:${value}`, 1_000)).rejects.toThrow(
        new TypeError(`The store entry "s:${value}" holds a value that is not a counter.`),
      );
      expect(await store.get(`s:${value}`)).toBe(value);
    }
  });

  it("holds 10,000 keys by default, and says what maxKeys it refused", () => {
    expect(new MemoryStore().maxKeys).toBe(10_000);
    expect(new MemoryStore({ maxKeys: 1 }).maxKeys).toBe(1);
    expect(() => new MemoryStore({ maxKeys: 0 })).toThrow(
      new TypeError("MemoryStore maxKeys must be a whole number of at least 1, but got 0."),
    );
  });

  it("report an expired entry as absent to delete and to its lock's owner", async () => {
    let time = 1_000;
    const store = new MemoryStore({ now: () => time });
    await store.setIfAbsent("k", "v", 10);
    await store.acquireLock("lock:k", "owner", 10);
    time += 10;
    expect(await store.delete("k")).toBe(false);
    expect(await store.releaseLock("lock:k", "owner")).toBe(false);
    expect(await store.take("k")).toBeUndefined();
  });
});

describe("RedisStore replies and clients", () => {
  /** The real client, with the increment script's reply replaced: a wrapper as another client would be. */
  const answering = (reply: unknown) =>
    new RedisStore({
      eval: async () => reply,
      set: (...args) => redis.client.set(...args),
      get: (key) => redis.client.get(key),
      getdel: (key) => redis.client.getdel(key),
      del: (key) => redis.client.del(key),
    });

  it("accepts a count and a time left as numbers or numeric strings", async () => {
    expect(await answering([3, 1_500]).increment("rl:r", 2_000)).toEqual({ count: 3, ttlMs: 1_500 });
    expect(await answering(["4", "900"]).increment("rl:r", 2_000)).toEqual({ count: 4, ttlMs: 900 });
  });

  it.each([[null], [[1]], [[1, 2, 3]], [[1.5, 100]], [[1, "soon"]], [{ count: 1, ttl: 100 }]])(
    "refuses the increment reply %j, naming the key",
    async (reply) => {
      await expect(answering(reply).increment("rl:odd", 2_000)).rejects.toThrow(
        new TypeError('Redis answered the increment of "rl:odd" with an unexpected reply.'),
      );
    },
  );

  it("needs a client that can EVAL and GETDEL", () => {
    const message = "RedisStore needs a Redis client such as ioredis's `new Redis(url)`.";
    expect(() => new RedisStore(null as never)).toThrow(new TypeError(message));
    expect(() => new RedisStore({ eval: () => undefined } as never)).toThrow(message);
    expect(() => new RedisStore({ getdel: () => undefined } as never)).toThrow(message);
    expect(new RedisStore(redis.client)).toBeInstanceOf(RedisStore);
  });
});

describe("MemoryStore collection of expired entries", () => {
  it("happens only when the cap is reached: below it, an insert does not sweep (size still counts them)", async () => {
    let time = 0;
    const store = new MemoryStore({ maxKeys: 10, now: () => time });
    await store.setIfAbsent("short", "v", 10);
    time = 10;
    await store.setIfAbsent("next", "v", 1_000);
    expect(store.size).toBe(2);
    expect(await store.get("short")).toBeUndefined();
    expect(store.size).toBe(1);
  });

  it("after one sweep, still finds the next entry to expire, even when it is not the oldest", async () => {
    let time = 0;
    const store = new MemoryStore({ maxKeys: 4, now: () => time });
    await store.setIfAbsent("x", "v", 10);
    await store.setIfAbsent("a", "v", 1_000);
    await store.setIfAbsent("b", "v", 100);
    await store.setIfAbsent("e", "v", 2_000);
    time = 10;
    await store.setIfAbsent("c", "v", 5_000); // at the cap: sweeps "x"
    time = 100;
    await store.setIfAbsent("d", "v", 5_000); // at the cap: "b" has expired, so it goes, not "a"
    expect(await store.get("a")).toBe("v");
    expect([await store.get("e"), await store.get("c"), await store.get("d")]).toEqual(["v", "v", "v"]);
    expect(store.size).toBe(4);
  });
});
