/**
 * Who is signed in, as a stored user, without running the session callbacks or extending anything:
 * for flows that act on the current user (adding a passkey to one's own account) and for
 * server-side helpers about the user's own records.
 */
import type { AdapterUser } from "../adapters/types.js";
import type { ServerContext } from "../core/context.js";

/**
 * The stored user of the request's session, or null when nobody is signed in (no session, an
 * expired or unreadable one, a JWT whose `sub` names no stored user, or one issued before that
 * user's address was first proven).
 */
export async function signedInUser(ctx: ServerContext): Promise<AdapterUser | null> {
  const current = await ctx.sessions.current(ctx);
  return current ? current.user() : null;
}
