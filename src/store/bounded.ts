/**
 * Every store call with a deadline. A store client that cannot reach its server may wait a long
 * time before it gives up (ioredis, by default, queues commands while it reconnects: over a minute
 * per command), and every sign-in that needs the store would hang as long. Bounded, a call that
 * has not answered in time fails with {@link StoreUnavailable}, and so does one that fails: the
 * caller refuses the request at once (fails closed) and the browser is told to try again later.
 */
import { StoreFull, StoreUnavailable } from "./errors.js";
import { MemoryStore } from "./memory.js";
import type { ShortLivedStore } from "./types.js";

type Method = keyof ShortLivedStore;

/**
 * `store` with each call bounded by `timeoutMs`. A late answer is ignored (a late counter increment
 * still counts; a late lock lapses at its time to live), and its failure too.
 *
 * @example
 * ```ts
 * const store = boundedStore(new RedisStore(redis), 1_000);
 * await store.increment("rl:signInAttempt:ip:203.0.113.7", 60_000); // StoreUnavailable after 1 s
 * ```
 */
export function boundedStore(store: ShortLivedStore, timeoutMs: number): ShortLivedStore {
  // A MemoryStore call does all its work before its first `await`: it cannot be late, and a timer
  // per call would only cost every guarded request.
  if (store instanceof MemoryStore) return store;
  function bounded<Name extends Method>(method: Name): ShortLivedStore[Name] {
    const call = (store[method] as (...args: unknown[]) => Promise<unknown>).bind(store);
    return (async (...args: unknown[]) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new StoreUnavailable(`The store did not answer ${method} within ${timeoutMs} ms.`)),
          timeoutMs,
        );
      });
      try {
        return await Promise.race([call(...args), deadline]);
      } catch (error) {
        // A store that refuses a new key for want of room answered: that is not an outage.
        if (error instanceof StoreUnavailable || error instanceof StoreFull) throw error;
        throw new StoreUnavailable(`The store failed to ${method}.`, { cause: error });
      } finally {
        clearTimeout(timer);
      }
    }) as ShortLivedStore[Name];
  }
  return {
    increment: bounded("increment"),
    ...(store.incrementMany ? { incrementMany: bounded("incrementMany") } : {}),
    setIfAbsent: bounded("setIfAbsent"),
    get: bounded("get"),
    take: bounded("take"),
    delete: bounded("delete"),
    acquireLock: bounded("acquireLock"),
    releaseLock: bounded("releaseLock"),
  };
}
