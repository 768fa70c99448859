/**
 * Server-side session management for the database strategy: list a user's sessions, revoke one, or
 * revoke them all (e.g. after a password change). `index.ts` exposes them over the app's config.
 */
import type { AdapterSession } from "../adapters/types.js";
import { adapterMethod, callAdapter } from "../core/adapter-calls.js";
import { UnsupportedStrategy } from "../core/errors.js";
import type { ResolvedConfig } from "../core/resolved-config.js";

function assertDatabaseSessions(config: ResolvedConfig): void {
  if (config.session.strategy !== "database") {
    throw new UnsupportedStrategy(
      'Session management needs session.strategy "database"; a JWT session cannot be revoked before it expires.',
    );
  }
}

/** The user's unexpired sessions. */
export async function listUserSessions(config: ResolvedConfig, userId: string): Promise<AdapterSession[]> {
  assertDatabaseSessions(config);
  const list = adapterMethod(config.adapter, "listSessionsByUserId");
  const sessions = await callAdapter("list sessions", () => list(userId));
  const now = Date.now();
  return sessions.filter((session) => session.expires.valueOf() > now);
}

/** Ends one session. */
export async function revokeOneSession(config: ResolvedConfig, sessionToken: string): Promise<void> {
  assertDatabaseSessions(config);
  const deleteSession = adapterMethod(config.adapter, "deleteSession");
  await callAdapter("revoke the session", () => deleteSession(sessionToken));
}

/** Ends every session of a user but `except`; returns how many ended. */
export async function revokeAllUserSessions(
  config: ResolvedConfig,
  userId: string,
  except: string | undefined,
): Promise<number> {
  assertDatabaseSessions(config);
  const list = adapterMethod(config.adapter, "listSessionsByUserId");
  const deleteSession = adapterMethod(config.adapter, "deleteSession");
  const sessions = await callAdapter("list sessions", () => list(userId));
  const doomed = sessions.filter((session) => session.sessionToken !== except);
  await Promise.all(
    doomed.map((session) => callAdapter("revoke a session", () => deleteSession(session.sessionToken))),
  );
  return doomed.length;
}
