/**
 * `setEnvDefaults`: what the environment fills in when the configuration leaves it out. Provider
 * fields come from each provider type's flow, so this module names no provider type.
 */
import type { AuthConfig } from "../config.js";
import {
  basePathFromEnv,
  DEFAULT_BASE_PATH,
  type EnvRecord,
  type OnNextAuthV4Name,
  providerEnvPrefix,
  secretsFromEnv,
  trustHostFromEnv,
  withNextAuthV4ProviderNames,
} from "../core/env.js";
import { flowFor } from "../flows/index.js";
import type { Provider, ProviderConfig } from "../provider-types.js";
import { authUrlPath, warnAboutAuthUrlPath } from "./auth-url-path.js";

/** A provider factory as the catalogue's are: every option optional. */
type ProviderFactory = (options?: Record<string, string>) => ProviderConfig;

function withProviderEnv(
  processEnv: EnvRecord,
  provider: Provider,
  onV4Name: OnNextAuthV4Name | undefined,
): ProviderConfig {
  const resolved = typeof provider === "function" ? provider() : provider;
  const flow = resolved && typeof resolved.id === "string" ? flowFor(resolved) : undefined;
  if (!flow) return resolved;
  const prefix = providerEnvPrefix(resolved.id);
  const env = withNextAuthV4ProviderNames(processEnv, prefix, onV4Name);
  // A factory passed uncalled is called again with what the environment holds for it, so that
  // defaults it derives from those options (a tenant, an issuer) follow the environment.
  const fromEnv = typeof provider === "function" ? flow.factoryOptionsFromEnv?.(env, prefix) : undefined;
  const built =
    fromEnv && Object.keys(fromEnv).length > 0 ? (provider as ProviderFactory)(fromEnv) : resolved;
  return flow.envDefaults ? flow.envDefaults(built, env, prefix) : built;
}

/**
 * Fills what the configuration leaves out from the environment: `secret` from AUTH_SECRET[_1.._3],
 * `trustHost` from AUTH_TRUST_HOST/AUTH_URL, `basePath` from AUTH_URL's path (else `/auth`, also
 * when AUTH_URL is not a URL), `redirectProxyUrl` from AUTH_REDIRECT_PROXY_URL, each OAuth/OIDC
 * provider's `clientId`/`clientSecret`/`issuer` from AUTH_<PROVIDER>_ID/_SECRET/_ISSUER, and each
 * e-mail provider's `apiKey` from AUTH_<PROVIDER>_KEY (`AUTH_RESEND_KEY`). Explicit options win.
 * next-auth v4's names are read where latchkey's are unset: NEXTAUTH_SECRET, NEXTAUTH_URL, and
 * <PROVIDER>_ID/_SECRET/_ISSUER (`GITHUB_ID`).
 * Like Auth.js, it writes into the object it is given (and returns it); `Auth()` itself works on a
 * copy. When AUTH_URL has a path and `basePath` is set too, `basePath` wins and `logger.warn` is
 * told `env-url-basepath-redundant`, unless `suppressBasePathWarning`.
 *
 * @example
 * ```ts
 * import { setEnvDefaults } from "latchkey";
 * import Credentials from "latchkey/providers/credentials";
 *
 * const config = setEnvDefaults(process.env, { providers: [Credentials({ authorize: () => null })] });
 * ```
 */
export function setEnvDefaults(
  env: EnvRecord,
  config: AuthConfig,
  suppressBasePathWarning = false,
): AuthConfig {
  if (!suppressBasePathWarning && config.basePath !== undefined && authUrlPath(env) !== undefined) {
    warnAboutAuthUrlPath(config.logger, "env-url-basepath-redundant");
  }
  return applyEnvDefaults(env, config, undefined);
}

/** {@link setEnvDefaults}, telling `onV4Name` of each next-auth v4 variable name it read. */
export function applyEnvDefaults(
  env: EnvRecord,
  config: AuthConfig,
  onV4Name: OnNextAuthV4Name | undefined,
): AuthConfig {
  config.secret ??= secretsFromEnv(env, onV4Name);
  config.trustHost ??= trustHostFromEnv(env);
  config.basePath ??= basePathFromEnv(env) ?? DEFAULT_BASE_PATH;
  config.redirectProxyUrl ??= env.AUTH_REDIRECT_PROXY_URL;
  config.providers = config.providers.map((provider) => withProviderEnv(env, provider, onV4Name));
  return config;
}
