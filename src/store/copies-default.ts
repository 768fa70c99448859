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
 * The store `config` counts in when it names none. A config keeps the first one it is given
 * (`store`, else a new MemoryStore): latchkey resolves a config once, with the store it had then,
 * and the copies made of it must share that one.
 */
export function defaultStoreOf(config: object, store?: ShortLivedStore): ShortLivedStore {
  const kept = defaultStores.get(config) ?? store ?? new MemoryStore();
  defaultStores.set(config, kept);
  return kept;
}
