/**
 * The few assertions the checks need, with no test-runner dependency, so the kit runs under
 * vitest, jest, node:test, bun or a plain loop.
 */

/** Thrown by a failing check; the message says what the adapter did and what was expected. */
export class ConformanceFailure extends Error {
  override name = "ConformanceFailure";
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new ConformanceFailure(message);
}

function show(value: unknown): string {
  if (value instanceof Date)
    return `Date(${Number.isNaN(value.getTime()) ? "invalid" : value.toISOString()})`;
  if (typeof value === "string")
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  return String(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** The first difference between two values (Dates compared by instant), or null when equal. */
function difference(actual: unknown, expected: unknown, path: string): string | null {
  if (expected instanceof Date) {
    if (!(actual instanceof Date)) return `${path} should be a Date, got ${show(actual)}`;
    return actual.getTime() === expected.getTime()
      ? null
      : `${path} is ${show(actual)}, expected ${show(expected)}`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path} should be an array, got ${show(actual)}`;
    if (actual.length !== expected.length)
      return `${path} has ${actual.length} items, expected ${expected.length}`;
    for (const [index, item] of expected.entries()) {
      const found = difference(actual[index], item, `${path}[${index}]`);
      if (found) return found;
    }
    return null;
  }
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return `${path} should be an object, got ${show(actual)}`;
    const keys = new Set([...Object.keys(actual), ...Object.keys(expected)]);
    for (const key of keys) {
      if (!(key in expected)) return `${path}.${key} is unexpected (${show(actual[key])})`;
      if (!(key in actual)) return `${path}.${key} is missing, expected ${show(expected[key])}`;
      const found = difference(actual[key], expected[key], `${path}.${key}`);
      if (found) return found;
    }
    return null;
  }
  return Object.is(actual, expected) ? null : `${path} is ${show(actual)}, expected ${show(expected)}`;
}

export function assertEqual(actual: unknown, expected: unknown, what: string): void {
  const found = difference(actual, expected, what);
  if (found) throw new ConformanceFailure(found);
}

/** Drops null and undefined fields: stores differ in whether an empty optional column reads as null or absent. */
export function withoutEmpty<T extends object>(record: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== null && value !== undefined),
  ) as Partial<T>;
}

export function assertKeysWithin(record: object, allowed: readonly string[], what: string): void {
  const extra = Object.keys(record).filter((key) => !allowed.includes(key));
  assert(extra.length === 0, `${what} has fields the contract does not define: ${extra.join(", ")}`);
}

export function assertNoUndefined(record: object, what: string): void {
  const undefinedKeys = Object.entries(record)
    .filter(([, value]) => value === undefined)
    .map(([key]) => key);
  assert(undefinedKeys.length === 0, `${what} carries undefined values in: ${undefinedKeys.join(", ")}`);
}

export async function assertRejects(action: () => unknown, what: string): Promise<void> {
  try {
    await action();
  } catch {
    return;
  }
  throw new ConformanceFailure(`${what} should throw, but it succeeded`);
}
