/**
 * The one rule for a token lifetime: a finite number of seconds greater than zero. Without it,
 * `maxAge: "3600"` would be concatenated rather than added (`exp` some 569,000 years out), and NaN,
 * Infinity or a negative number would write an `exp` that RFC 7519 §4.1.4 cannot mean.
 */

/** A short, log-safe description of what was passed instead of a number of seconds. */
function describeValue(value: unknown): string {
  if (typeof value === "string") {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return `the string ${JSON.stringify(shown)}`;
  }
  if (typeof value === "number") return String(value);
  if (value === null) return "null";
  return `a value of type ${typeof value}`;
}

/**
 * Throws a TypeError unless `maxAge` is a finite number greater than 0. `option` names the setting
 * in the message, so the application knows which value to fix.
 *
 * @example
 * ```ts
 * assertMaxAge(3600);                  // passes
 * assertMaxAge("3600", "session.maxAge"); // throws TypeError: session.maxAge must be ...
 * ```
 */
export function assertMaxAge(maxAge: unknown, option = "maxAge"): asserts maxAge is number {
  if (typeof maxAge === "number" && Number.isFinite(maxAge) && maxAge > 0) return;
  throw new TypeError(
    `${option} must be a finite number of seconds greater than 0, but got ${describeValue(maxAge)}. ` +
      `Pass a number, e.g. ${option}: 3600 for one hour.`,
  );
}
