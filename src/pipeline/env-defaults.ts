/**
 * `setEnvDefaults`: what the environment fills in when the configuration leaves it out. Provider
 * fields come from each provider type's flow, so this module names no provider type.
 */
import type { AuthConfig } from "../config.js";
import {
  basePathFromEnv,
  type EnvRecord,
  providerEnvPrefix,
  secretsFromEnv,
  trustHostFromEnv,
} from "../core/env.js";
import { flowFor } from "../flows/index.js";
import type { Provider, ProviderConfig } from "../provider-types.js";

function withProviderEnv(env: EnvRecord, provider: Provider): ProviderConfig {
  const resolved = typeof provider === "function" ? provider() : provider;
  const flow = resolved && typeof resolved.id === "string" ? flowFor(resolved) : undefined;
  return flow?.envDefaults ? flow.envDefaults(resolved, env, providerEnvPrefix(resolved.id)) : resolved;
}

/**
 * Fills what the configuration leaves out from the environment: `secret` from AUTH_SECRET[_1.._3],
 * `trustHost` from AUTH_TRUST_HOST/AUTH_URL, `basePath` from AUTH_URL's path, each OAuth/OIDC
 * provider's `clientId`/`clientSecret`/`issuer` from AUTH_<PROVIDER>_ID/_SECRET/_ISSUER, and each
 * e-mail provider's `apiKey` from AUTH_<PROVIDER>_KEY (`AUTH_RESEND_KEY`). Explicit options win.
 * Like Auth.js, it writes into the object it is given (and returns it); `Auth()` itself works on a
 * copy.
 *
 * @example
 * ```ts
 * import { setEnvDefaults } from "latchkey";
 * import Credentials from "latchkey/providers/credentials";
 *
 * const config = setEnvDefaults(process.env, { providers: [Credentials({ authorize: () => null })] });
 * ```
 */
export function setEnvDefaults(env: EnvRecord, config: AuthConfig): AuthConfig {
  config.secret ??= secretsFromEnv(env);
  config.trustHost ??= trustHostFromEnv(env);
  config.basePath ??= basePathFromEnv(env);
  config.providers = config.providers.map((provider) => withProviderEnv(env, provider));
  return config;
}
