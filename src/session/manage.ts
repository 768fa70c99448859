/**
 * Session management for database sessions: a user's sessions as the session-management functions
 * show them (an id and metadata, never the token), and revocation by id or of all but one. Every
 * call is scoped to one user: an id names a session only among that user's own.
 */
import type { AdapterSession } from "../adapters/types.js";
import type { SignOutReason } from "../config.js";
import { adapterMethod, callAdapter } from "../core/adapter-calls.js";
import { emitEvent } from "../core/events.js";
import type { ResolvedConfig } from "../core/resolved-config.js";
import { inScope } from "../core/session-strategy.js";
import { sessionIdOfToken } from "./session-token.js";
import type { ManagedSession, RevocationScope } from "./types.js";

const dateOrNull = (value: unknown): Date | null =>
  value instanceof Date ? value : typeof value === "string" ? new Date(value) : null;
const stringOrNull = (value: unknown): string | null => (typeof value === "string" ? value : null);

async function describe(row: AdapterSession): Promise<ManagedSession> {
  return {
    id: await sessionIdOfToken(row.sessionToken),
    userId: row.userId,
    expires: row.expires,
    createdAt: dateOrNull(row.createdAt),
    lastSeenAt: dateOrNull(row.lastSeenAt),
    userAgent: stringOrNull(row.userAgent),
    ipAddress: stringOrNull(row.ipAddress),
  };
}

/** The user's unexpired session rows. */
async function liveRows(config: ResolvedConfig, userId: string): Promise<AdapterSession[]> {
  const list = adapterMethod(config.adapter, "listSessionsByUserId");
  const rows = await callAdapter("list sessions", () => list(userId));
  const now = Date.now();
  return rows.filter((row) => row.userId === userId && row.expires.valueOf() > now);
}

/** The user's unexpired sessions, soonest expiry first. */
export async function listDatabaseSessions(
  config: ResolvedConfig,
  userId: string,
): Promise<ManagedSession[]> {
  const rows = await liveRows(config, userId);
  rows.sort((a, b) => a.expires.valueOf() - b.expires.valueOf());
  return Promise.all(rows.map(describe));
}

/** Deletes the user's sessions in `scope`, telling `events.signOut` of each; resolves to the ids ended. */
export async function endDatabaseSessions(
  config: ResolvedConfig,
  userId: string,
  scope: RevocationScope,
  reason: SignOutReason,
): Promise<string[]> {
  const deleteSession = adapterMethod(config.adapter, "deleteSession");
  const rows = await liveRows(config, userId);
  const ids = await Promise.all(rows.map((row) => sessionIdOfToken(row.sessionToken)));
  const ends = inScope(scope);
  const doomed = ids.filter(ends);
  await Promise.all(
    rows.map(async (row, index) => {
      if (!ends(ids[index] as string)) return;
      const deleted = await callAdapter("revoke a session", () => deleteSession(row.sessionToken));
      await emitEvent(config, "signOut", { session: deleted ?? row, reason });
    }),
  );
  return doomed;
}
