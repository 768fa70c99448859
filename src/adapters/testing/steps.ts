/**
 * Labels what an adapter throws with the step that threw: setting up a check, or the call the
 * check is about. The label carries a short account of the error and its causes; the original
 * error stays reachable as `cause`.
 */

import type { Adapter } from "../types.js";

/** A step of a check: preparing records, or the call whose behaviour the check pins. */
export type CheckStep = "setup" | "call under test";

const MAX_MESSAGE_LENGTH = 240;
const MAX_CAUSES = 3;

function summarizeOne(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, MAX_MESSAGE_LENGTH);
  const message = error.message
    // Query builders append the bound values ("params: …"): kilobytes of tokens, and the cause
    // that says what went wrong is elsewhere.
    .replace(/\bparams:[\s\S]*$/i, "params: (left out)")
    .replace(/\s+/g, " ")
    // Long runs without spaces are values (tokens, ids) quoted in a query dump, not prose.
    .replace(/\S{81,}/g, (value) => `${value.slice(0, 40)}…(${value.length} characters)`)
    .trim();
  const short =
    message.length <= MAX_MESSAGE_LENGTH
      ? message
      : `${message.slice(0, MAX_MESSAGE_LENGTH / 2)} … ${message.slice(-MAX_MESSAGE_LENGTH / 2)}`;
  const code = (error as { code?: unknown }).code;
  return `${error.name}${typeof code === "string" || typeof code === "number" ? ` ${code}` : ""}: ${short}`;
}

/**
 * A one-line account of an error and up to two of its causes, without the query parameters and
 * long values that database errors quote.
 *
 * @example
 * ```ts
 * describeError(new Error("Failed query: insert … params: <2 KB>", { cause: pgError }));
 * // "Error: Failed query: insert … params: (left out) ← caused by error 22001: value too long …"
 * ```
 */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && parts.length < MAX_CAUSES) {
    parts.push(summarizeOne(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(" ← caused by ");
}

/** Every adapter method, as the checks call it: present, and always returning a promise. */
export type AdapterCalls = {
  [Method in keyof Adapter]-?: NonNullable<Adapter[Method]> extends (...args: infer Args) => infer Result
    ? (...args: Args) => Promise<Awaited<Result>>
    : never;
};

/** An adapter method threw: which one, at which step, and what (the adapter's error is the cause). */
export class AdapterMethodThrew extends Error {
  override name = "AdapterMethodThrew";

  constructor(method: string, step: CheckStep, error: unknown) {
    super(
      `${method} threw ${step === "setup" ? "during setup" : "(the call under test)"}: ${describeError(error)}`,
      { cause: error },
    );
  }
}

/**
 * The adapter seen through one step: each method call that throws becomes an
 * {@link AdapterMethodThrew} naming the method and the step. A Proxy, so adapters written as
 * classes (methods on the prototype) work too.
 */
export function adapterAtStep(adapter: Adapter, step: CheckStep): AdapterCalls {
  return new Proxy(adapter, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        try {
          return await value.apply(target, args);
        } catch (error) {
          throw new AdapterMethodThrew(String(key), step, error);
        }
      };
    },
  }) as unknown as AdapterCalls;
}
