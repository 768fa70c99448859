/**
 * The assertions the checks need, with no test-runner dependency, so the kit runs under vitest,
 * jest, node:test, bun or a plain loop. They collect rather than stop: a check reports every
 * difference it found, so one failing run shows the whole picture.
 */

import type { ConformanceLevel } from "./types.js";

/** How a failure names its level: the Auth.js contract, or a latchkey rule stricter than it. */
export const LEVEL_LABELS: Record<ConformanceLevel, string> = {
  authjs: "Auth.js adapter contract",
  latchkey: "latchkey rule",
};

/**
 * Thrown by a failing check. `differences` lists everything the check found, one line each;
 * `level` says whether the Auth.js contract or only a stricter latchkey rule was broken; `cause`
 * is the error the adapter threw, when it threw.
 */
export class ConformanceFailure extends Error {
  override name = "ConformanceFailure";
  readonly check: string;
  readonly level: ConformanceLevel;
  readonly differences: readonly string[];

  constructor(
    details: { check: string; level: ConformanceLevel; differences: readonly string[] },
    options?: { cause?: unknown },
  ) {
    const lines = details.differences.map((difference) => `  - ${difference}`).join("\n");
    super(`[${LEVEL_LABELS[details.level]}] ${details.check}\n${lines}`, options);
    this.check = details.check;
    this.level = details.level;
    this.differences = details.differences;
  }
}

/** Ends a check early: something it needs to go on (a record, a result) is missing. */
export class CheckStopped extends Error {
  override name = "CheckStopped";
}

const MAX_SHOWN = 60;

function show(value: unknown): string {
  if (value instanceof Date)
    return `Date(${Number.isNaN(value.getTime()) ? "invalid" : value.toISOString()})`;
  if (typeof value === "string")
    return JSON.stringify(value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN - 3)}...` : value);
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "object" && value !== null) {
    const json = JSON.stringify(value);
    return json.length > 2 * MAX_SHOWN ? `${json.slice(0, 2 * MAX_SHOWN - 3)}...` : json;
  }
  return `${String(value)}${typeof value === "number" || value == null ? "" : ` (${typeof value})`}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** Every difference between two values (Dates compared by instant), each with its path. */
export function differences(actual: unknown, expected: unknown, path: string): string[] {
  if (expected instanceof Date) {
    if (!(actual instanceof Date)) return [`${path} should be a Date, got ${show(actual)}`];
    return actual.getTime() === expected.getTime()
      ? []
      : [`${path} is ${show(actual)}, expected ${show(expected)}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path} should be an array, got ${show(actual)}`];
    if (actual.length !== expected.length)
      return [`${path} has ${actual.length} items, expected ${expected.length}`];
    return expected.flatMap((item, index) => differences(actual[index], item, `${path}[${index}]`));
  }
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return [`${path} should be an object, got ${show(actual)}`];
    const keys = new Set([...Object.keys(actual), ...Object.keys(expected)]);
    return [...keys].flatMap((key) => {
      if (!(key in expected)) return [`${path}.${key} is unexpected (${show(actual[key])})`];
      if (!(key in actual)) return [`${path}.${key} is missing, expected ${show(expected[key])}`];
      return differences(actual[key], expected[key], `${path}.${key}`);
    });
  }
  return Object.is(actual, expected) ? [] : [`${path} is ${show(actual)}, expected ${show(expected)}`];
}

/** The listed fields of a record that are set: stores differ in whether an empty column reads as null or absent. */
export function fieldsOf(record: object, fields: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const field of fields) {
    const value = (record as Record<string, unknown>)[field];
    if (value !== null && value !== undefined) picked[field] = value;
  }
  return picked;
}

/** What a check found so far. Soft assertions add to it; {@link Findings.present} stops the check. */
export class Findings {
  readonly differences: string[] = [];

  /** Records a difference unless `condition` holds. */
  that(condition: unknown, message: string): void {
    if (!condition) this.differences.push(message);
  }

  /** Records every difference between `actual` and `expected`. */
  equal(actual: unknown, expected: unknown, what: string): void {
    this.differences.push(...differences(actual, expected, what));
  }

  /**
   * Compares only the listed contract fields, so extra columns a store returns (a surrogate `id`,
   * timestamps) do not hide whether the contract's values are right.
   */
  equalFields(actual: object, expected: object, fields: readonly string[], what: string): void {
    this.equal(fieldsOf(actual, fields), fieldsOf(expected, fields), what);
  }

  /** Records the fields a record has beyond `allowed`, and fields whose value is `undefined`. */
  onlyFields(record: object, allowed: readonly string[], what: string): void {
    const extra = Object.keys(record).filter((key) => !allowed.includes(key));
    this.that(extra.length === 0, `${what} has fields the contract does not define: ${extra.join(", ")}`);
    const undefinedKeys = Object.entries(record)
      .filter(([, value]) => value === undefined)
      .map(([key]) => key);
    this.that(undefinedKeys.length === 0, `${what} carries undefined values in: ${undefinedKeys.join(", ")}`);
  }

  /** Returns `value`, or stops the check when it is null or undefined: the rest would only repeat this. */
  present<T>(value: T, message: string): NonNullable<T> {
    if (value === null || value === undefined) {
      this.differences.push(`${message}, got ${String(value)}`);
      throw new CheckStopped(message);
    }
    return value;
  }

  /** Records a difference unless `action` throws. */
  async rejects(action: () => unknown, what: string): Promise<void> {
    try {
      await action();
    } catch {
      return;
    }
    this.differences.push(`${what} should throw, but it succeeded`);
  }
}
