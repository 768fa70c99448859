import type { EventCallbacks } from "../config.js";
import { EventError } from "./errors.js";
import type { ResolvedConfig } from "./resolved-config.js";

/** Runs an `events.*` handler. Events observe; a failing one is logged and never fails the request. */
export function emitEvent<Name extends keyof EventCallbacks>(
  config: ResolvedConfig,
  name: Name,
  message: Parameters<EventCallbacks[Name]>[0],
): Promise<void> | undefined {
  const handler = config.events[name] as ((message: unknown) => unknown) | undefined;
  // No handler, no promise: most apps configure no events, and this runs on every session read.
  if (!handler) return undefined;
  return runHandler(config, name, handler, message);
}

async function runHandler(
  config: ResolvedConfig,
  name: string,
  handler: (message: unknown) => unknown,
  message: unknown,
): Promise<void> {
  try {
    await handler(message);
  } catch (error) {
    config.logger.error(new EventError(`events.${name} threw`, { cause: error }));
  }
}
