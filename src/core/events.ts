import type { EventCallbacks } from "../config.js";
import { EventError } from "./errors.js";
import type { ResolvedConfig } from "./resolve-config.js";

/** Runs an `events.*` handler. Events observe; a failing one is logged and never fails the request. */
export async function emitEvent<Name extends keyof EventCallbacks>(
  config: ResolvedConfig,
  name: Name,
  message: Parameters<EventCallbacks[Name]>[0],
): Promise<void> {
  const handler = config.events[name] as ((message: unknown) => unknown) | undefined;
  if (!handler) return;
  try {
    await handler(message);
  } catch (error) {
    config.logger.error(new EventError(`events.${name} threw`, { cause: error }));
  }
}
