import { describe, expect, it, vi } from "vitest";
import { LockTimeout } from "../../src/store/errors.js";
import { MemoryStore } from "../../src/store/memory.js";
import { createSingleFlight } from "../../src/store/single-flight.js";
import type { ShortLivedStore } from "../../src/store/types.js";
import { FakeClock } from "./clock.js";

/** A promise the test settles by hand, to hold a run open while others arrive. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** `inner`, with some methods replaced: a store that fails the way a network store can. */
function wrapping(inner: ShortLivedStore, overrides: Partial<ShortLivedStore>): ShortLivedStore {
  return {
    increment: (key, ttlMs) => inner.increment(key, ttlMs),
    setIfAbsent: (key, value, ttlMs) => inner.setIfAbsent(key, value, ttlMs),
    get: (key) => inner.get(key),
    take: (key) => inner.take(key),
    delete: (key) => inner.delete(key),
    acquireLock: (key, owner, ttlMs) => inner.acquireLock(key, owner, ttlMs),
    releaseLock: (key, owner) => inner.releaseLock(key, owner),
    ...overrides,
  };
}

/** A store and a runner whose waits move the store's fake clock instead of real time. */
function setup(options: { lockTtlMs?: number; waitMs?: number; retryDelayMs?: number } = {}) {
  const clock = new FakeClock();
  const store = new MemoryStore({ now: clock.now });
  const sleeps: number[] = [];
  let owners = 0;
  const singleFlight = createSingleFlight(store, {
    ...options,
    ownerToken: () => `owner-${++owners}`,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock.advance(ms);
    },
  });
  return { clock, store, singleFlight, sleeps };
}

describe("single flight within one process", () => {
  it("runs the work once for concurrent callers of one key and gives each the same result", async () => {
    const { singleFlight } = setup();
    const gate = deferred<{ accessToken: string }>();
    const work = vi.fn(() => gate.promise);
    const callers = Array.from({ length: 10 }, () => singleFlight("lock:refresh:acc-1", work));
    gate.resolve({ accessToken: "fresh" });
    const results = await Promise.all(callers);
    expect(work).toHaveBeenCalledTimes(1);
    for (const result of results) expect(result).toBe(results[0]);
    expect(results[0]).toEqual({ accessToken: "fresh" });
  });

  it("holds the store lock while the work runs, under a token of its own, and frees it after", async () => {
    const { store, singleFlight } = setup();
    const gate = deferred<string>();
    const run = singleFlight("lock:refresh:acc-1", () => gate.promise);
    await vi.waitFor(async () => expect(await store.get("lock:refresh:acc-1")).toBe("owner-1"));
    gate.resolve("done");
    await run;
    expect(await store.get("lock:refresh:acc-1")).toBeUndefined();
  });

  it("runs the work for different keys side by side", async () => {
    const { singleFlight } = setup();
    const gates = [deferred<string>(), deferred<string>()];
    const started: string[] = [];
    const runs = ["a", "b"].map((key, i) =>
      singleFlight(`lock:${key}`, () => {
        started.push(key);
        return (gates[i] as ReturnType<typeof deferred<string>>).promise;
      }),
    );
    await vi.waitFor(() => expect(started).toEqual(["a", "b"]));
    gates[1]?.resolve("b done");
    gates[0]?.resolve("a done");
    expect(await Promise.all(runs)).toEqual(["a done", "b done"]);
  });

  it("runs the work again for a caller that comes after the run finished: results are not cached", async () => {
    const { singleFlight } = setup();
    let calls = 0;
    const work = async () => ++calls;
    expect(await singleFlight("lock:k", work)).toBe(1);
    expect(await singleFlight("lock:k", work)).toBe(2);
  });

  it("hands the work's error to every caller that shared the run, frees the lock, and lets the next call run afresh", async () => {
    const { store, singleFlight } = setup();
    const failure = new Error("token endpoint said invalid_grant");
    const gate = deferred<string>();
    const work = vi.fn(() => gate.promise);
    const callers = Array.from({ length: 5 }, () => singleFlight("lock:k", work));
    gate.reject(failure);
    const outcomes = await Promise.allSettled(callers);
    expect(work).toHaveBeenCalledTimes(1);
    for (const outcome of outcomes) expect(outcome).toEqual({ status: "rejected", reason: failure });
    expect(await store.get("lock:k")).toBeUndefined();
    expect(await singleFlight("lock:k", async () => "recovered")).toBe("recovered");
  });

  it("hands on an error the work throws synchronously, too", async () => {
    const { singleFlight } = setup();
    const failure = new TypeError("bad input");
    const work = (() => {
      throw failure;
    }) as () => Promise<never>;
    await expect(singleFlight("lock:k", work)).rejects.toBe(failure);
    expect(await singleFlight("lock:k", async () => "next")).toBe("next");
  });
});

describe("single flight across processes", () => {
  it("waits while another process holds the lock, then runs once it is free", async () => {
    const { store, singleFlight, sleeps } = setup({ retryDelayMs: 100, waitMs: 10_000 });
    await store.acquireLock("lock:k", "other-process", 450);
    const work = vi.fn(async () => "after the other");
    expect(await singleFlight("lock:k", work)).toBe("after the other");
    expect(work).toHaveBeenCalledTimes(1);
    // The other lock lapsed after 450 ms: tries at 0, 100, 200, 300, 400 failed, the one at 500 won.
    expect(sleeps).toEqual([100, 100, 100, 100, 100]);
  });

  it("gives up with LockTimeout, without running the work, when the lock stays held past waitMs", async () => {
    const { store, singleFlight, sleeps } = setup({ retryDelayMs: 100, waitMs: 1_000 });
    await store.acquireLock("lock:k", "other-process", 60_000);
    const work = vi.fn(async () => "never");
    const error = await singleFlight("lock:k", work).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LockTimeout);
    expect((error as LockTimeout).key).toBe("lock:k");
    expect((error as LockTimeout).message).toMatch(/lock:k.*1000 ms/);
    expect(work).not.toHaveBeenCalled();
    expect(sleeps.reduce((sum, ms) => sum + ms, 0)).toBe(1_000);
    expect(await store.get("lock:k")).toBe("other-process");
  });

  it("tries exactly once with waitMs 0", async () => {
    const { store, singleFlight, sleeps } = setup({ waitMs: 0 });
    await store.acquireLock("lock:k", "other-process", 60_000);
    await expect(singleFlight("lock:k", async () => "never")).rejects.toBeInstanceOf(LockTimeout);
    expect(sleeps).toEqual([]);
  });

  it("does not free a lock another process took after this run's lock lapsed", async () => {
    const { clock, store, singleFlight } = setup({ lockTtlMs: 1_000 });
    const result = await singleFlight("lock:k", async () => {
      clock.advance(1_000); // the run outlives its lock…
      expect(await store.acquireLock("lock:k", "other-process", 5_000)).toBe(true); // …and another takes it
      return "slow";
    });
    expect(result).toBe("slow");
    expect(await store.get("lock:k")).toBe("other-process");
  });

  it("passes a store failure while taking the lock to every caller, and forgets the run", async () => {
    const outage = new Error("connection refused");
    let failing = true;
    const inner = new MemoryStore();
    const store = wrapping(inner, {
      acquireLock: (k, o, t) => (failing ? Promise.reject(outage) : inner.acquireLock(k, o, t)),
    });
    const singleFlight = createSingleFlight(store);
    const work = vi.fn(async () => "ran");
    const outcomes = await Promise.allSettled([singleFlight("lock:k", work), singleFlight("lock:k", work)]);
    expect(outcomes).toEqual([
      { status: "rejected", reason: outage },
      { status: "rejected", reason: outage },
    ]);
    expect(work).not.toHaveBeenCalled();
    failing = false;
    expect(await singleFlight("lock:k", work)).toBe("ran");
  });

  it("keeps the work's result when freeing the lock fails (the lock then lapses on its own)", async () => {
    const store = wrapping(new MemoryStore(), {
      releaseLock: () => Promise.reject(new Error("connection reset")),
    });
    const singleFlight = createSingleFlight(store, { lockTtlMs: 5_000 });
    expect(await singleFlight("lock:k", async () => "refreshed")).toBe("refreshed");
  });

  it("uses a fresh random owner token for each run by default", async () => {
    const store = new MemoryStore();
    const seen: string[] = [];
    const singleFlight = createSingleFlight(store);
    for (let i = 0; i < 2; i++) {
      await singleFlight("lock:k", async () => {
        seen.push((await store.get("lock:k")) as string);
      });
    }
    expect(seen[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1]).not.toBe(seen[0]);
  });
});

describe("createSingleFlight options", () => {
  it.each([
    [{ lockTtlMs: 0 }],
    [{ lockTtlMs: 1.5 }],
    [{ retryDelayMs: 0 }],
    [{ waitMs: -1 }],
    [{ waitMs: Number.NaN }],
  ])("refuses %o", (options) => {
    expect(() => createSingleFlight(new MemoryStore(), options)).toThrow(TypeError);
  });

  it("says what waitMs it refused", () => {
    expect(() => createSingleFlight(new MemoryStore(), { waitMs: -5 })).toThrow(
      new TypeError("waitMs must be a whole number of milliseconds, 0 or more, but got -5."),
    );
  });

  it("by default really waits retryDelayMs between tries", async () => {
    const store = new MemoryStore();
    await store.acquireLock("lock:held", "other-process", 60_000);
    const singleFlight = createSingleFlight(store, { waitMs: 40, retryDelayMs: 20 });
    const started = performance.now();
    await expect(singleFlight("lock:held", async () => "never")).rejects.toBeInstanceOf(LockTimeout);
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
  });
});
