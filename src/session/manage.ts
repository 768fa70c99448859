/**
 * Server-side session management for the database strategy: list a user's sessions, revoke one, or
 * revoke them all (e.g. after a password change). These take the same config as `Auth()`.
 */
import type { AdapterSession } from "../adapters/types.js";
import type { AuthConfig } from "../config.js";
import { adapterMethod, callAdapter } from "../core/adapter-calls.js";
import { UnsupportedStrategy } from "../core/errors.js";
import { resolvedConfigFor } from "../core/resolve-config.js";

function databaseConfig(config: AuthConfig) {
  const resolved = resolvedConfigFor(config);
  if (resolved.session.strategy !== "database") {
    throw new UnsupportedStrategy(
      'Session management needs session.strategy "database"; a JWT session cannot be revoked before it expires.',
    );
  }
  return resolved;
}

/**
 * The user's unexpired sessions. Session tokens are bearer secrets: keep them server-side.
 *
 * @example
 * ```ts
 * const sessions = await listSessions(config, user.id);
 * ```
 */
export async function listSessions(config: AuthConfig, userId: string): Promise<AdapterSession[]> {
  const ctx = { config: databaseConfig(config) };
  const list = adapterMethod(ctx, "listSessionsByUserId");
  const sessions = await callAdapter("list sessions", () => list(userId));
  const now = Date.now();
  return sessions.filter((session) => session.expires.valueOf() > now);
}

/**
 * Ends one session; the browser holding it is signed out on its next request.
 *
 * @example
 * ```ts
 * await revokeSession(config, sessionToken);
 * ```
 */
export async function revokeSession(config: AuthConfig, sessionToken: string): Promise<void> {
  const ctx = { config: databaseConfig(config) };
  const deleteSession = adapterMethod(ctx, "deleteSession");
  await callAdapter("revoke the session", () => deleteSession(sessionToken));
}

/**
 * Ends every session of a user, optionally keeping one (the caller's own). Returns how many ended.
 *
 * @example
 * ```ts
 * await revokeUserSessions(config, user.id, { except: currentSessionToken });
 * ```
 */
export async function revokeUserSessions(
  config: AuthConfig,
  userId: string,
  options: { except?: string } = {},
): Promise<number> {
  const ctx = { config: databaseConfig(config) };
  const list = adapterMethod(ctx, "listSessionsByUserId");
  const deleteSession = adapterMethod(ctx, "deleteSession");
  const sessions = await callAdapter("list sessions", () => list(userId));
  const doomed = sessions.filter((session) => session.sessionToken !== options.except);
  await Promise.all(
    doomed.map((session) => callAdapter("revoke a session", () => deleteSession(session.sessionToken))),
  );
  return doomed.length;
}
