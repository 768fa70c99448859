/**
 * Session management for the signed-in user, from their own request: the sessions shown are the
 * caller's own, and an id revokes something only when it names one of them, so no request can see
 * or end another user's sessions.
 */
import type { ServerContext } from "../core/context.js";
import { revokeAllSessions } from "./revoke-all.js";
import type { ManagedSession } from "./types.js";

/** One of the caller's sessions; `current` marks the one the request carries. */
export interface OwnSession extends Omit<ManagedSession, "userId"> {
  current: boolean;
}

/** The caller's live sessions, or null when nobody is signed in. */
export async function listOwnSessions(ctx: ServerContext): Promise<OwnSession[] | null> {
  const current = await ctx.sessions.current(ctx);
  if (current?.userId === undefined) return null;
  const sessions = await ctx.sessions.list(ctx.config, current.userId);
  return sessions.map(({ userId: _userId, ...session }) => ({
    ...session,
    current: session.id === current.id,
  }));
}

/** Ends one of the caller's sessions (the current one too); false when nobody is signed in or `id` is not theirs. */
export async function revokeOwnSession(ctx: ServerContext, id: string): Promise<boolean> {
  if (typeof id !== "string" || id === "") return false;
  const current = await ctx.sessions.current(ctx);
  if (current?.userId === undefined) return false;
  return (await ctx.sessions.revoke(ctx.config, current.userId, { session: id }, "revoked")) > 0;
}

/** Ends every session of the caller but this one; null when nobody is signed in, else how many ended. */
export async function revokeOwnOtherSessions(ctx: ServerContext): Promise<number | null> {
  const current = await ctx.sessions.current(ctx);
  if (current?.userId === undefined) return null;
  return revokeAllSessions(ctx.config, current.userId, current.id, "revokedOthers");
}
