/**
 * Stores for rate limiting and other short-lived shared state. `MemoryStore` keeps its state in one
 * process; run several processes behind a load balancer and they need a shared store (Redis).
 *
 * @example
 * ```ts
 * import { MemoryStore, type ShortLivedStore } from "latchkey/rate-limit";
 *
 * const store: ShortLivedStore = new MemoryStore({ maxKeys: 10_000 });
 * const { count, ttlMs } = await store.increment("rl:signin:203.0.113.7", 60_000);
 * ```
 * @module
 */
export { MemoryStore, type MemoryStoreOptions } from "../store/memory.js";
export type { CounterState, ShortLivedStore } from "../store/types.js";
