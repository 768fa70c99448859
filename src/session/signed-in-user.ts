/**
 * Who is signed in, as a stored user, without running the session callbacks or extending anything:
 * for flows that act on the current user (adding a passkey to one's own account) and for
 * server-side helpers about the user's own records.
 */
import type { AdapterUser } from "../adapters/types.js";
import { adapterMethod, callAdapter } from "../core/adapter-calls.js";
import type { ServerContext } from "../core/context.js";
import { requestSessionToken } from "./database.js";
import { decodeSessionCookie } from "./jwt.js";

/**
 * The stored user of the request's session, or null when nobody is signed in (no session, an
 * expired or unreadable one, or a JWT whose `sub` names no stored user).
 */
export async function signedInUser(ctx: ServerContext): Promise<AdapterUser | null> {
  const adapter = ctx.config.adapter;
  if (ctx.config.session.strategy === "jwt") {
    const token = await decodeSessionCookie(ctx);
    const userId = token?.sub;
    if (typeof userId !== "string" || userId === "") return null;
    const getUser = adapterMethod(adapter, "getUser");
    return callAdapter("find the signed-in user", () => getUser(userId));
  }
  const sessionToken = requestSessionToken(ctx);
  if (sessionToken === undefined) return null;
  const getSessionAndUser = adapterMethod(adapter, "getSessionAndUser");
  const found = await callAdapter("read the session", () => getSessionAndUser(sessionToken));
  if (!found || found.session.expires.valueOf() <= Date.now()) return null;
  return found.user;
}
