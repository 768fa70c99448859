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
import { issuedBeforeProof } from "./unproven-address.js";

/**
 * The stored user of the request's session, or null when nobody is signed in (no session, an
 * expired or unreadable one, a JWT whose `sub` names no stored user, or one issued before that
 * user's address was first proven).
 */
export async function signedInUser(ctx: ServerContext): Promise<AdapterUser | null> {
  const adapter = ctx.config.adapter;
  if (ctx.config.session.strategy === "jwt") {
    const token = await decodeSessionCookie(ctx);
    const userId = token?.sub;
    if (token === null || typeof userId !== "string" || userId === "") return null;
    const getUser = adapterMethod(adapter, "getUser");
    const user = await callAdapter("find the signed-in user", () => getUser(userId));
    // A session from before the address was first proven may be an intruder's: it acts for nobody.
    return user && !issuedBeforeProof(token, user) ? user : null;
  }
  const sessionToken = requestSessionToken(ctx);
  if (sessionToken === undefined) return null;
  const getSessionAndUser = adapterMethod(adapter, "getSessionAndUser");
  const found = await callAdapter("read the session", () => getSessionAndUser(sessionToken));
  if (!found || found.session.expires.valueOf() <= Date.now()) return null;
  return found.user;
}
