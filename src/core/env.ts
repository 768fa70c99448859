/**
 * Reading the environment: the one place that knows which variables latchkey honours (AUTH_SECRET
 * and its rotation slots, AUTH_URL, AUTH_TRUST_HOST) and how a base path is written.
 */

import type { EnvRecord } from "../config.js";

export type { EnvRecord };

/** `process.env` where there is one (Node, Bun, Deno's compat layer); an empty record on the edge. */
export const readProcessEnv = (): EnvRecord =>
  (globalThis as { process?: { env?: EnvRecord } }).process?.env ?? {};

/** The default mount point of the routes. */
export const DEFAULT_BASE_PATH = "/auth";

/**
 * A base path as the router compares it: no trailing slash ("/api/auth/" and "/api/auth" are the
 * same mount point), "" for the root.
 *
 * @example
 * ```ts
 * withoutTrailingSlash("/api/auth/"); // "/api/auth"
 * ```
 */
export function withoutTrailingSlash(path: string): string {
  return path.replace(/\/+$/, "");
}

/**
 * `AUTH_<ID>`: the prefix of a provider's variables (`_ID`, `_SECRET`, `_ISSUER`, `_KEY`), e.g.
 * `AUTH_AZURE_AD` for the id "azure-ad".
 *
 * @example
 * ```ts
 * providerEnvPrefix("azure-ad"); // "AUTH_AZURE_AD"
 * ```
 */
export const providerEnvPrefix = (providerId: string): string =>
  `AUTH_${providerId.toUpperCase().replace(/-/g, "_")}`;

/** AUTH_SECRET is the newest; AUTH_SECRET_1.._3 are older secrets still accepted during rotation. */
export function secretsFromEnv(env: EnvRecord): string[] | undefined {
  const secrets = ["AUTH_SECRET", "AUTH_SECRET_1", "AUTH_SECRET_2", "AUTH_SECRET_3"]
    .map((name) => env[name])
    .filter((value): value is string => typeof value === "string" && value.length > 0);
  return secrets.length > 0 ? secrets : undefined;
}

/** Whether to trust the Host header when no AUTH_URL pins the app's URL. */
export function trustHostFromEnv(env: EnvRecord): boolean {
  if (env.AUTH_TRUST_HOST !== undefined) return env.AUTH_TRUST_HOST === "true" || env.AUTH_TRUST_HOST === "1";
  return Boolean(env.AUTH_URL ?? env.VERCEL ?? env.CF_PAGES) || env.NODE_ENV !== "production";
}

/** AUTH_URL's path, when it has one beyond "/": apps mounted at /api/auth set it there. */
export function basePathFromEnv(env: EnvRecord): string | undefined {
  if (!env.AUTH_URL) return undefined;
  try {
    const path = withoutTrailingSlash(new URL(env.AUTH_URL).pathname);
    return path === "" ? undefined : path;
  } catch {
    return undefined; // an unparsable AUTH_URL is reported by the config assertions, with its name
  }
}

/** The base path a config asks for, before (or without) full resolution: as given, else AUTH_URL's, else the default. */
export function configuredBasePath(basePath: string | undefined, env: EnvRecord): string {
  return withoutTrailingSlash(basePath ?? basePathFromEnv(env) ?? DEFAULT_BASE_PATH);
}
