/** What was thrown, as something a logger can print: app callbacks may throw any value at all. */

/** A string for any thrown value, even one whose own conversion throws (`Object.create(null)`). */
function describeThrown(value: unknown): string {
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** Any thrown value as an Error fit for `logger.error`: the original when it is one. */
export function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(`A non-Error value was thrown: ${describeThrown(value)}`);
}
