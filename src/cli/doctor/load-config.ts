/**
 * The app's configuration for `latchkey doctor --config`: a JavaScript module loaded with
 * `import()`, as the app itself would load it. latchkey compiles no TypeScript; a `.ts` config
 * goes through the app's own loader (`NODE_OPTIONS="--import tsx"`).
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { AuthConfig } from "../../index.js";
import { UsageError } from "../usage-error.js";

/** The module loaded but gave no usable configuration; the message says what to export. */
export class ConfigModuleError extends Error {
  override readonly name = "ConfigModuleError";
}

/** The export names looked at, in order: how apps commonly name the object they pass to `Auth()`. */
const EXPORT_NAMES = ["default", "config", "authConfig"] as const;

const isConfig = (value: unknown): value is AuthConfig =>
  typeof value === "object" && value !== null && Array.isArray((value as { providers?: unknown }).providers);

function importFailure(path: string, error: unknown): ConfigModuleError {
  const code = (error as { code?: unknown }).code;
  if (code === "ERR_UNKNOWN_FILE_EXTENSION" || /\.[cm]?tsx?$/.test(path)) {
    return new ConfigModuleError(
      `Could not load ${path}: latchkey loads JavaScript modules only. Run a TypeScript config through your own loader, e.g. NODE_OPTIONS="--import tsx" npx latchkey doctor --config ${path}`,
    );
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new ConfigModuleError(`Could not load ${path}: ${reason}`);
}

/**
 * The configuration `path` exports: its default export, or an export named `config` or
 * `authConfig`, holding an object with a `providers` array. Throws `UsageError` for a path with no
 * file, `ConfigModuleError` when the module fails to load or exports no configuration.
 */
export async function loadConfigModule(path: string): Promise<AuthConfig> {
  const file = resolve(path);
  if (!existsSync(file)) throw new UsageError(`--config: no file at ${path}`);
  let loaded: Record<string, unknown>;
  try {
    loaded = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw importFailure(path, error);
  }
  for (const name of EXPORT_NAMES) {
    if (isConfig(loaded[name])) return loaded[name];
  }
  const factory = EXPORT_NAMES.some((name) => typeof loaded[name] === "function");
  throw new ConfigModuleError(
    `${path} exports no configuration object. Export the object you pass to Auth() (with its providers) as the default export or as \`config\`${factory ? "; a function that builds it per request cannot be checked" : ""}.`,
  );
}
