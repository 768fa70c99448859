/** The base path of a config, for glue that builds URLs to latchkey's routes outside a request to them. */
import { configuredBasePath, readProcessEnv } from "../core/env.js";
import type { AuthConfig } from "../index.js";

/**
 * Per config, as `resolvedConfigFor` keeps the resolved config: glue asks on every request (the
 * SvelteKit handle does), and AUTH_URL need not be parsed each time. The environment is read
 * once per config, when it is first asked, as the resolved config reads it.
 */
const basePaths = new WeakMap<AuthConfig, string>();

/** `config.basePath`, else AUTH_URL's path, else `/auth` (the rule `Auth()` follows), without a trailing slash. */
export function basePathOf(config: AuthConfig): string {
  let basePath = basePaths.get(config);
  if (basePath === undefined) {
    basePath = configuredBasePath(config.basePath, readProcessEnv());
    basePaths.set(config, basePath);
  }
  return basePath;
}
