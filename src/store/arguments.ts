/** Checks of the arguments every short-lived store implementation makes, so all refuse alike. */

/** A time to live as Redis `PX` takes it: a whole number of milliseconds greater than 0. */
export function assertTtl(ttlMs: unknown): asserts ttlMs is number {
  if (typeof ttlMs === "number" && Number.isSafeInteger(ttlMs) && ttlMs > 0) return;
  throw new TypeError(
    `A store time to live must be a whole number of milliseconds greater than 0, but got ${typeof ttlMs === "number" ? String(ttlMs) : `a value of type ${typeof ttlMs}`}.`,
  );
}

/** Keys, and lock owners, are non-empty strings: an empty one is always a caller's bug. */
export function assertNonEmpty(value: unknown, what: "key" | "lock owner"): asserts value is string {
  if (typeof value === "string" && value.length > 0) return;
  throw new TypeError(`A store ${what} must be a non-empty string.`);
}

export function assertValue(value: unknown): asserts value is string {
  if (typeof value !== "string") {
    throw new TypeError(`A store value must be a string (serialise objects first), but got ${typeof value}.`);
  }
}
