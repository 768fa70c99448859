/**
 * Short-lived shared state: counters, single-use keys and locks with a time to live, behind one
 * interface that an in-memory store and a Redis store both implement.
 *
 * @module
 */
export { LockTimeout, StoreFull } from "./errors.js";
export { MemoryStore, type MemoryStoreOptions } from "./memory.js";
export { createSingleFlight, type SingleFlight, type SingleFlightOptions } from "./single-flight.js";
export type { CounterState, SetIfAbsentOptions, ShortLivedStore } from "./types.js";
