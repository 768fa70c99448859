/** The base path of a config, for glue that builds URLs to latchkey's routes outside a request to them. */
import { configuredBasePath, readProcessEnv } from "../core/env.js";
import type { AuthConfig } from "../index.js";

/** `config.basePath`, else AUTH_URL's path, else `/auth` (the rule `Auth()` follows), without a trailing slash. */
export function basePathOf(config: AuthConfig): string {
  return configuredBasePath(config.basePath, readProcessEnv());
}
