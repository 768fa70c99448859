/**
 * How latchkey reaches the adapter: every call goes through here, so a missing method is reported
 * by name and a storage failure becomes an AdapterError carrying its cause, never a raw throw.
 */
import type { Adapter } from "../adapters/types.js";
import { AdapterError, MissingAdapterMethods } from "./errors.js";

/** The adapter method, or an error naming it: a missing method is a configuration fault, not a client's. */
export function adapterMethod<Name extends keyof Adapter>(adapter: Adapter | undefined, name: Name) {
  const method = adapter?.[name];
  if (typeof method !== "function") {
    throw new MissingAdapterMethods(
      `This operation needs the adapter method ${name}, which the adapter lacks.`,
    );
  }
  return (method as (...args: unknown[]) => unknown).bind(adapter) as NonNullable<Adapter[Name]>;
}

/** Adapter calls are wrapped so a storage failure surfaces as an AdapterError with its cause, never a raw throw. */
export async function callAdapter<T>(what: string, call: () => T | PromiseLike<T>): Promise<Awaited<T>> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof MissingAdapterMethods) throw error;
    throw new AdapterError(`The adapter failed to ${what}.`, { cause: error });
  }
}
