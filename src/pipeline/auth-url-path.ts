/**
 * AUTH_URL's path beside `basePath`: when both name the base path, `basePath` wins, and the app is
 * told that one of the two is redundant or that they disagree. The codes are Auth.js's own, and a
 * logger the app gives receives the code alone, as Auth.js's does; docs/errors.md explains each.
 */
import type { LoggerInstance } from "../config.js";
import { type EnvRecord, envValue } from "../core/env.js";

export type AuthUrlPathWarning = "env-url-basepath-redundant" | "env-url-basepath-mismatch";

const EXPLANATION: Record<AuthUrlPathWarning, string> = {
  "env-url-basepath-redundant":
    "AUTH_URL has a path and basePath is set too; basePath is used. Set the base path in one place.",
  "env-url-basepath-mismatch":
    "AUTH_URL's path is not basePath; basePath is used. Make them the same, or drop the path from AUTH_URL.",
};

/** AUTH_URL's path as written, when it has one beyond "/"; undefined without a parsable AUTH_URL. */
export function authUrlPath(env: EnvRecord): string | undefined {
  const authUrl = envValue(env, "AUTH_URL");
  if (!authUrl || !URL.canParse(authUrl)) return undefined;
  const { pathname } = new URL(authUrl);
  return pathname === "/" ? undefined : pathname;
}

export function warnAboutAuthUrlPath(
  logger: Partial<Pick<LoggerInstance, "warn">> | undefined,
  code: AuthUrlPathWarning,
): void {
  if (logger?.warn) logger.warn(code);
  else console.warn(`[latchkey][warn] ${code}: ${EXPLANATION[code]} (see docs/errors.md#${code})`);
}
