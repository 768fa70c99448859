/**
 * Callbacks may answer synchronously (the defaults do). Awaiting a plain value still costs a turn of
 * the microtask queue, and a session read runs several callbacks, so only thenables are awaited.
 */
export const isThenable = <T>(value: T | PromiseLike<T>): value is PromiseLike<T> =>
  typeof (value as PromiseLike<T> | null)?.then === "function";
