/**
 * The default store that copies of one app config share when the config names no `store`. Framework
 * glue copies a config for each mount point (src/framework/config-copies.ts), and latchkey resolves
 * every config object on its own: without this, each copy would count rate-limit attempts and keep
 * pending sign-ins in a MemoryStore of its own, and a client could reset its counters by asking under
 * another mount path. It is kept apart from `config.store` on purpose: a copy must behave as its
 * config does, and a config that names no store keeps JWT sessions unrecorded and revocation off.
 */
import type { ShortLivedStore } from "./types.js";

/** Copies of a config (by object) → the store they share in place of a store of their own. */
export const copiesDefaultStore = new WeakMap<object, ShortLivedStore>();
