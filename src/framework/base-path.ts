/** The base path of a config, for glue that builds URLs to latchkey's routes outside a request to them. */
import { type AuthConfig, setEnvDefaults } from "../index.js";

const basePaths = new WeakMap<AuthConfig, string>();

/** `config.basePath`, else AUTH_URL's path, else `/auth` (the rule `Auth()` follows), without a trailing slash. */
export function basePathOf(config: AuthConfig): string {
  let basePath = basePaths.get(config);
  if (basePath === undefined) {
    const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
    // Only the base path is wanted: no providers, so no provider factory runs.
    const defaults = setEnvDefaults(env, { providers: [], basePath: config.basePath });
    basePath = (defaults.basePath ?? "/auth").replace(/\/+$/, "");
    basePaths.set(config, basePath);
  }
  return basePath;
}
