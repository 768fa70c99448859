/**
 * The default store of a config that names no `store`, shared with the copies framework glue makes
 * of it (src/framework/config-copies.ts: one per mount point, a config built per request) and read
 * when latchkey resolves a config. latchkey resolves every config object on its own: without this,
 * each copy would count rate-limit attempts and keep pending sign-ins in a MemoryStore of its own,
 * and a client could reset its counters by asking under another mount path or on a new request.
 * It is kept apart from `config.store` on purpose: a copy must behave as its config does, and a
 * config that names no store keeps JWT sessions unrecorded and revocation off (README, "Which
 * session strategy").
 */
import { MemoryStore } from "./memory.js";
import type { ShortLivedStore } from "./types.js";

/**
 * Config (by object) → the store it counts in when it names none. resolveConfig reads it, and gives
 * a config that has none a MemoryStore of its own.
 */
export const defaultStores = new WeakMap<object, ShortLivedStore>();

/**
 * Makes `store` the default store of `config`, unless it has one already. A config keeps its first
 * one: latchkey resolves a config once, with the store it had then, and its copies must share that.
 */
export function shareDefaultStore(config: object, store: ShortLivedStore): void {
  if (!defaultStores.has(config)) defaultStores.set(config, store);
}

/** The store `config` counts in when it names none: the one it was given, else a new one, kept for it. */
export function defaultStoreOf(config: object): ShortLivedStore {
  const store = defaultStores.get(config) ?? new MemoryStore();
  defaultStores.set(config, store);
  return store;
}
