/**
 * The logger every part of latchkey writes to: the app's own methods where it gave them, console
 * otherwise, `debug` only with `debug: true`. A logger that throws never fails a request.
 */
import type { AuthConfig, LoggerInstance } from "../config.js";

const guarded =
  <Args extends unknown[]>(write: (...args: Args) => void) =>
  (...args: Args): void => {
    try {
      write(...args);
    } catch {
      // Logging is best effort: a broken sink must not turn a sign-in into a 500.
    }
  };

export function createLogger(config: AuthConfig): LoggerInstance {
  const custom = config.logger ?? {};
  const error =
    custom.error?.bind(custom) ??
    ((report: Error) =>
      console.error(`[latchkey][error] ${report.name}: ${report.message}`, report.cause ?? ""));
  const warn =
    custom.warn?.bind(custom) ??
    ((code: string, message?: string) =>
      console.warn(`[latchkey][warn] ${code}${message ? `: ${message}` : ""}`));
  const debug = config.debug
    ? (custom.debug?.bind(custom) ??
      ((message: string, metadata?: unknown) =>
        console.debug(`[latchkey][debug] ${message}`, metadata ?? "")))
    : undefined;
  return {
    error: guarded(error),
    warn: guarded(warn),
    debug: debug ? guarded(debug) : () => undefined,
  };
}
