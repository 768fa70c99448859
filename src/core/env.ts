/**
 * Reading the environment: the one place that knows which variables latchkey honours (AUTH_SECRET
 * and its rotation slots, AUTH_URL, AUTH_TRUST_HOST, and next-auth v4's older names for them) and
 * how a base path is written.
 */

import type { EnvRecord } from "../config.js";
import { envValue, type OnNextAuthV4Name } from "../env-value.js";

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

// Lives below core/ so that latchkey/jwt reads AUTH_URL by the same rule without importing core/.
export { envValue, type OnNextAuthV4Name };

/**
 * `env` as a provider reads it (`<prefix>_ID`, `_SECRET`, `_ISSUER`), with next-auth v4's
 * unprefixed names (`GITHUB_ID`, `GITHUB_SECRET`, as v4's guides wrote them) standing in for
 * `AUTH_GITHUB_ID` and `AUTH_GITHUB_SECRET` where those are unset. `onV4Name` hears of one only
 * when a provider actually reads it, not when the app passed `clientId` itself.
 *
 * @example
 * ```ts
 * withNextAuthV4ProviderNames({ GITHUB_ID: "Iv1.abc" }, "AUTH_GITHUB").AUTH_GITHUB_ID; // "Iv1.abc"
 * ```
 */
export function withNextAuthV4ProviderNames(
  env: EnvRecord,
  prefix: string,
  onV4Name?: OnNextAuthV4Name,
): EnvRecord {
  let view: EnvRecord | undefined;
  for (const suffix of ["ID", "SECRET", "ISSUER"]) {
    const name = `${prefix}_${suffix}`;
    const v4Name = `${prefix.slice("AUTH_".length)}_${suffix}`;
    if (env[name] !== undefined || env[v4Name] === undefined || env[v4Name] === "") continue;
    // Everything else is read through the prototype, so the environment is never copied.
    view ??= Object.create(env) as EnvRecord;
    Object.defineProperty(view, name, {
      enumerable: true,
      get: () => {
        onV4Name?.(v4Name, name);
        return env[v4Name];
      },
    });
  }
  return view ?? env;
}

/**
 * The secrets, the one that signs first: a rotation adds the new secret in the next slot, so
 * AUTH_SECRET_3, _2 and _1 come before AUTH_SECRET (NEXTAUTH_SECRET, v4's name, when it is unset),
 * the order Auth.js reads them in. Every one of them verifies.
 */
export function secretsFromEnv(env: EnvRecord, onV4Name?: OnNextAuthV4Name): string[] | undefined {
  const secrets = [
    ...["AUTH_SECRET_3", "AUTH_SECRET_2", "AUTH_SECRET_1"].map((name) => env[name]),
    envValue(env, "AUTH_SECRET", onV4Name),
  ].filter((value): value is string => typeof value === "string" && value.length > 0);
  return secrets.length > 0 ? secrets : undefined;
}

/** Whether to trust the Host header when no AUTH_URL pins the app's URL. */
export function trustHostFromEnv(env: EnvRecord): boolean {
  if (env.AUTH_TRUST_HOST !== undefined) return env.AUTH_TRUST_HOST === "true" || env.AUTH_TRUST_HOST === "1";
  return Boolean(envValue(env, "AUTH_URL") ?? env.VERCEL ?? env.CF_PAGES) || env.NODE_ENV !== "production";
}

/** AUTH_URL's path, when it has one beyond "/": apps mounted at /api/auth set it there. */
export function basePathFromEnv(env: EnvRecord): string | undefined {
  const authUrl = envValue(env, "AUTH_URL");
  if (!authUrl) return undefined;
  try {
    const path = withoutTrailingSlash(new URL(authUrl).pathname);
    return path === "" ? undefined : path;
  } catch {
    return undefined; // an unparsable AUTH_URL is reported by the config assertions, with its name
  }
}

/** The base path a config asks for, before (or without) full resolution: as given, else AUTH_URL's, else the default. */
export function configuredBasePath(basePath: string | undefined, env: EnvRecord): string {
  return withoutTrailingSlash(basePath ?? basePathFromEnv(env) ?? DEFAULT_BASE_PATH);
}
