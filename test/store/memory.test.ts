import { describe, expect, it } from "vitest";
import { StoreFull } from "../../src/store/errors.js";
import { MemoryStore } from "../../src/store/memory.js";
import { FakeClock } from "./clock.js";

function storeWithClock(maxKeys?: number) {
  const clock = new FakeClock();
  const store = new MemoryStore({ now: clock.now, ...(maxKeys === undefined ? {} : { maxKeys }) });
  return { clock, store };
}

describe("MemoryStore counters", () => {
  it("start at 1 with the full time to live, count up, and report the time left", async () => {
    const { clock, store } = storeWithClock();
    expect(await store.increment("rl:a", 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
    clock.advance(1_000);
    expect(await store.increment("rl:a", 60_000)).toEqual({ count: 2, ttlMs: 59_000 });
    clock.advance(58_999);
    expect(await store.increment("rl:a", 60_000)).toEqual({ count: 3, ttlMs: 1 });
  });

  it("keep the window's expiry: later increments with another ttl neither extend nor shorten it", async () => {
    const { clock, store } = storeWithClock();
    await store.increment("rl:a", 1_000);
    clock.advance(400);
    expect(await store.increment("rl:a", 999_999)).toEqual({ count: 2, ttlMs: 600 });
    expect(await store.increment("rl:a", 1)).toEqual({ count: 3, ttlMs: 600 });
  });

  it("start again at 1 the moment the window ends", async () => {
    const { clock, store } = storeWithClock();
    await store.increment("rl:a", 1_000);
    await store.increment("rl:a", 1_000);
    clock.advance(1_000);
    expect(await store.increment("rl:a", 5_000)).toEqual({ count: 1, ttlMs: 5_000 });
  });

  it("count apart per key", async () => {
    const { store } = storeWithClock();
    await store.increment("rl:a", 1_000);
    await store.increment("rl:a", 1_000);
    expect(await store.increment("rl:b", 1_000)).toEqual({ count: 1, ttlMs: 1_000 });
  });

  it("read as their decimal count, as Redis GET returns", async () => {
    const { store } = storeWithClock();
    for (let i = 0; i < 3; i++) await store.increment("rl:a", 1_000);
    expect(await store.get("rl:a")).toBe("3");
  });

  it("refuse to increment an entry that holds something else", async () => {
    const { store } = storeWithClock();
    await store.setIfAbsent("challenge:x", "abc", 1_000);
    await expect(store.increment("challenge:x", 1_000)).rejects.toThrow(/not a counter/);
    expect(await store.get("challenge:x")).toBe("abc");
  });

  it("give every one of many concurrent increments its own count", async () => {
    const { store } = storeWithClock();
    const results = await Promise.all(Array.from({ length: 50 }, () => store.increment("rl:a", 1_000)));
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });
});

describe("MemoryStore keys", () => {
  it("setIfAbsent stores once, refuses while the entry lives, and stores again once it expired", async () => {
    const { clock, store } = storeWithClock();
    expect(await store.setIfAbsent("k", "first", 1_000)).toBe(true);
    expect(await store.setIfAbsent("k", "second", 1_000)).toBe(false);
    expect(await store.get("k")).toBe("first");
    clock.advance(1_000);
    expect(await store.setIfAbsent("k", "third", 1_000)).toBe(true);
    expect(await store.get("k")).toBe("third");
  });

  it("get sees an entry until the last millisecond of its life and not at its expiry", async () => {
    const { clock, store } = storeWithClock();
    await store.setIfAbsent("k", "v", 1_000);
    clock.advance(999);
    expect(await store.get("k")).toBe("v");
    clock.advance(1);
    expect(await store.get("k")).toBeUndefined();
    expect(await store.get("never-set")).toBeUndefined();
  });

  it("take returns the value once and deletes it", async () => {
    const { store } = storeWithClock();
    await store.setIfAbsent("challenge:c", "nonce", 1_000);
    expect(await store.take("challenge:c")).toBe("nonce");
    expect(await store.take("challenge:c")).toBeUndefined();
    expect(await store.get("challenge:c")).toBeUndefined();
    expect(await store.setIfAbsent("challenge:c", "again", 1_000)).toBe(true);
  });

  it("take returns nothing for an expired entry", async () => {
    const { clock, store } = storeWithClock();
    await store.setIfAbsent("challenge:c", "nonce", 1_000);
    clock.advance(1_000);
    expect(await store.take("challenge:c")).toBeUndefined();
  });

  it("of many concurrent takes of one challenge, exactly one gets it", async () => {
    const { store } = storeWithClock();
    await store.setIfAbsent("challenge:c", "nonce", 1_000);
    const taken = await Promise.all(Array.from({ length: 50 }, () => store.take("challenge:c")));
    expect(taken.filter((value) => value !== undefined)).toEqual(["nonce"]);
  });

  it("of many concurrent setIfAbsent calls on one key, exactly one stores", async () => {
    const { store } = storeWithClock();
    const stored = await Promise.all(
      Array.from({ length: 50 }, (_, i) => store.setIfAbsent("k", `writer-${i}`, 1_000)),
    );
    expect(stored.filter(Boolean)).toHaveLength(1);
    expect(await store.get("k")).toBe(`writer-${stored.indexOf(true)}`);
  });

  it("delete reports whether a live entry was there", async () => {
    const { clock, store } = storeWithClock();
    await store.setIfAbsent("k", "v", 1_000);
    expect(await store.delete("k")).toBe(true);
    expect(await store.delete("k")).toBe(false);
    await store.setIfAbsent("k", "v", 1_000);
    clock.advance(1_000);
    expect(await store.delete("k")).toBe(false);
  });

  it("keep an empty string as a value distinct from absence", async () => {
    const { store } = storeWithClock();
    await store.setIfAbsent("k", "", 1_000);
    expect(await store.get("k")).toBe("");
    expect(await store.setIfAbsent("k", "x", 1_000)).toBe(false);
    expect(await store.take("k")).toBe("");
  });
});

describe("MemoryStore locks", () => {
  it("are held by one owner at a time", async () => {
    const { store } = storeWithClock();
    expect(await store.acquireLock("lock:r", "owner-a", 1_000)).toBe(true);
    expect(await store.acquireLock("lock:r", "owner-b", 1_000)).toBe(false);
    expect(await store.acquireLock("lock:r", "owner-a", 1_000)).toBe(false);
  });

  it("are released only by their owner", async () => {
    const { store } = storeWithClock();
    await store.acquireLock("lock:r", "owner-a", 1_000);
    expect(await store.releaseLock("lock:r", "owner-b")).toBe(false);
    expect(await store.acquireLock("lock:r", "owner-b", 1_000)).toBe(false);
    expect(await store.releaseLock("lock:r", "owner-a")).toBe(true);
    expect(await store.releaseLock("lock:r", "owner-a")).toBe(false);
    expect(await store.acquireLock("lock:r", "owner-b", 1_000)).toBe(true);
  });

  it("lapse at their time to live, and the late owner cannot free the next owner's lock", async () => {
    const { clock, store } = storeWithClock();
    await store.acquireLock("lock:r", "owner-a", 1_000);
    clock.advance(1_000);
    expect(await store.acquireLock("lock:r", "owner-b", 1_000)).toBe(true);
    expect(await store.releaseLock("lock:r", "owner-a")).toBe(false);
    expect(await store.get("lock:r")).toBe("owner-b");
  });

  it("of many concurrent acquirers, exactly one wins", async () => {
    const { store } = storeWithClock();
    const won = await Promise.all(
      Array.from({ length: 20 }, (_, i) => store.acquireLock("lock:r", `owner-${i}`, 1_000)),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
  });
});

describe("MemoryStore bounds", () => {
  it("never holds more than maxKeys, however many distinct keys arrive", async () => {
    const { store } = storeWithClock(100);
    for (let i = 0; i < 5_000; i++) {
      await store.setIfAbsent(`challenge:${i}`, "x", 60_000);
      await store.increment(`rl:${i}`, 60_000).catch((error: unknown) => {
        if (!(error instanceof StoreFull)) throw error;
      });
      expect(store.size).toBeLessThanOrEqual(200);
    }
    expect(store.size).toBe(200);
    // Single-use values: the newest are the ones kept.
    expect(await store.get("challenge:4999")).toBe("x");
    expect(await store.get("challenge:4900")).toBe("x");
    expect(await store.get("challenge:4899")).toBeUndefined();
    // Counters: the first are the ones kept, the rest refused.
    expect(await store.get("rl:0")).toBe("1");
    expect(await store.get("rl:99")).toBe("1");
    expect(await store.get("rl:100")).toBeUndefined();
  });

  it("evict the oldest-written live entry when none has expired, whatever its time to live", async () => {
    const { store } = storeWithClock(3);
    await store.setIfAbsent("a", "1", 1_000_000);
    await store.setIfAbsent("b", "2", 10);
    await store.setIfAbsent("c", "3", 10);
    await store.setIfAbsent("d", "4", 10);
    expect(await store.get("a")).toBeUndefined();
    expect([await store.get("b"), await store.get("c"), await store.get("d")]).toEqual(["2", "3", "4"]);
  });

  it("evict expired entries before any live one", async () => {
    const { clock, store } = storeWithClock(3);
    await store.setIfAbsent("old-live", "1", 10_000);
    await store.setIfAbsent("short", "2", 100);
    await store.setIfAbsent("newer-live", "3", 10_000);
    clock.advance(100);
    await store.setIfAbsent("new", "4", 10_000);
    expect(store.size).toBe(3);
    expect(await store.get("old-live")).toBe("1");
    expect(await store.get("newer-live")).toBe("3");
    expect(await store.get("new")).toBe("4");
  });

  it("collect every expired entry in one go when the cap is reached", async () => {
    const { clock, store } = storeWithClock(4);
    await store.setIfAbsent("e1", "x", 50);
    await store.setIfAbsent("live", "x", 10_000);
    await store.setIfAbsent("e2", "x", 50);
    await store.setIfAbsent("e3", "x", 60);
    clock.advance(60);
    await store.setIfAbsent("new", "x", 10_000);
    expect(store.size).toBe(2);
    expect(await store.get("live")).toBe("x");
  });

  it("count a key rewritten after it expired as the newest", async () => {
    const { clock, store } = storeWithClock(3);
    await store.setIfAbsent("a", "1", 100);
    await store.setIfAbsent("b", "2", 10_000);
    await store.setIfAbsent("c", "3", 10_000);
    clock.advance(100);
    await store.setIfAbsent("a", "again", 10_000); // replaces the expired "a" without evicting anyone
    expect(store.size).toBe(3);
    await store.setIfAbsent("d", "4", 10_000); // now "b" is the oldest
    expect(await store.get("b")).toBeUndefined();
    expect(await store.get("a")).toBe("again");
  });

  it("refuse a new counter at the cap rather than drop a live one, however many arrive, until one expires", async () => {
    const { clock, store } = storeWithClock(3);
    for (let i = 0; i < 11; i++) await store.increment("rl:account:ada", 10_000);
    clock.advance(1_000);
    await store.increment("rl:account:bob", 10_000);
    await store.increment("rl:ip:192.0.2.1", 20_000);
    clock.advance(1_000);
    for (let i = 0; i < 100; i++) {
      const refused = await store.increment(`rl:account:junk${i}`, 10_000).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(StoreFull);
      // Room frees when the first counter ("ada", 10 s from the start) expires.
      expect((refused as StoreFull).retryAfterMs).toBe(8_000);
    }
    expect(await store.get("rl:account:ada")).toBe("11");
    expect(await store.get("rl:account:bob")).toBe("1");
    // Counters held still count at the cap.
    expect((await store.increment("rl:account:bob", 10_000)).count).toBe(2);
    clock.advance(8_000);
    expect((await store.increment("rl:account:new", 10_000)).count).toBe(1);
    expect(await store.get("rl:account:bob")).toBe("2");
  });

  it("refuse a new record at the cap rather than drop a live one", async () => {
    const { clock, store } = storeWithClock(2);
    await store.setIfAbsent("revoked:user:ada", "1", 10_000, { kind: "record" });
    await store.setIfAbsent("revoked:user:bob", "1", 5_000, { kind: "record" });
    await expect(store.setIfAbsent("revoked:user:eve", "1", 10_000, { kind: "record" })).rejects.toThrow(
      StoreFull,
    );
    expect(await store.get("revoked:user:ada")).toBe("1");
    expect(await store.get("revoked:user:bob")).toBe("1");
    clock.advance(5_000);
    expect(await store.setIfAbsent("revoked:user:eve", "1", 10_000, { kind: "record" })).toBe(true);
    expect(await store.get("revoked:user:ada")).toBe("1");
  });

  it("give counters, single-use values and locks a cap each: a flood of one never evicts another", async () => {
    const { store } = storeWithClock(2);
    await store.increment("rl:account:ada", 10_000);
    await store.acquireLock("lock:sign-up", "owner", 10_000);
    for (let i = 0; i < 50; i++) await store.setIfAbsent(`challenge:${i}`, "authenticate", 10_000);
    expect(await store.get("rl:account:ada")).toBe("1");
    expect(await store.get("lock:sign-up")).toBe("owner");
    expect(await store.get("challenge:49")).toBe("authenticate");
    expect(store.size).toBe(4);
    // One key space all the same: a key held as one kind is not free for another.
    expect(await store.setIfAbsent("rl:account:ada", "x", 10_000)).toBe(false);
    await expect(store.increment("lock:sign-up", 10_000)).rejects.toThrow("not a counter");
    expect(await store.acquireLock("challenge:49", "owner", 10_000)).toBe(false);
  });

  it("do not evict anything when an existing key is updated at the cap", async () => {
    const { store } = storeWithClock(2);
    await store.increment("a", 10_000);
    await store.increment("b", 10_000);
    await store.increment("b", 10_000);
    expect(await store.setIfAbsent("a", "x", 10_000)).toBe(false);
    expect([await store.get("a"), await store.get("b")]).toEqual(["1", "2"]);
  });
});

describe("MemoryStore instances and arguments", () => {
  it("keep their state apart", async () => {
    const one = new MemoryStore();
    const two = new MemoryStore();
    await one.setIfAbsent("k", "one", 10_000);
    expect(await two.get("k")).toBeUndefined();
    expect(await two.setIfAbsent("k", "two", 10_000)).toBe(true);
    expect(await one.get("k")).toBe("one");
  });

  it("use the system clock by default", async () => {
    const store = new MemoryStore();
    const { ttlMs } = await store.increment("rl:a", 60_000);
    expect(ttlMs).toBe(60_000);
    expect((await store.increment("rl:a", 60_000)).ttlMs).toBeGreaterThan(59_000);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, "1000", undefined])(
    "reject a time to live of %s",
    async (ttl) => {
      const store = new MemoryStore();
      const ttlMs = ttl as number;
      await expect(store.increment("k", ttlMs)).rejects.toThrow(
        /whole number of milliseconds greater than 0/,
      );
      await expect(store.setIfAbsent("k", "v", ttlMs)).rejects.toThrow(TypeError);
      await expect(store.acquireLock("k", "o", ttlMs)).rejects.toThrow(TypeError);
      expect(store.size).toBe(0);
    },
  );

  it("reject empty keys and owners, and values that are not strings", async () => {
    const store = new MemoryStore();
    await expect(store.get("")).rejects.toThrow(/key must be a non-empty string/);
    await expect(store.take("")).rejects.toThrow(TypeError);
    await expect(store.acquireLock("lock:r", "", 1_000)).rejects.toThrow(/lock owner/);
    await expect(store.releaseLock("lock:r", "")).rejects.toThrow(/lock owner/);
    await expect(store.setIfAbsent("k", { a: 1 } as unknown as string, 1_000)).rejects.toThrow(/serialise/);
  });

  it.each([0, -5, 1.5, Number.NaN])("refuse maxKeys of %s", (maxKeys) => {
    expect(() => new MemoryStore({ maxKeys })).toThrow(/maxKeys/);
  });
});
