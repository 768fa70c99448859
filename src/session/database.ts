/**
 * Database sessions: the cookie holds a random 256-bit token; the session row is looked up with its
 * user in one adapter call. The row is extended at most once per `updateAge` (no write otherwise),
 * expired rows are deleted when seen, and every sign-in mints a fresh token, so a session cookie
 * planted before sign-in (session fixation) never becomes a signed-in session.
 */
import type { AdapterSession, AdapterUser } from "../adapters/types.js";
import type { Session } from "../config.js";
import type { CookieToSet } from "../cookie/header.js";
import { expiredCookie } from "../cookie/header.js";
import { adapterMethod, callAdapter } from "../core/adapter-calls.js";
import type { AuthContext } from "../core/context.js";
import { AdapterError } from "../core/errors.js";
import { emitEvent } from "../core/events.js";
import type { SessionResult, SessionStrategyImpl } from "./types.js";

export function generateSessionToken(ctx: AuthContext): string {
  return (
    ctx.config.session.generateSessionToken?.() ?? ctx.runtime.base64urlEncode(ctx.runtime.randomBytes(32))
  );
}

function sessionCookie(ctx: AuthContext, sessionToken: string, expires: Date): CookieToSet {
  const { name, options } = ctx.cookies.sessionToken;
  return { name, value: sessionToken, options: { ...options, expires } };
}

function clearSession(ctx: AuthContext): CookieToSet[] {
  return [expiredCookie(ctx.cookies.sessionToken.name, ctx.cookies.sessionToken.options)];
}

function baseSession(user: AdapterUser, expires: Date): Session {
  return { user: { ...user }, expires: expires.toISOString() };
}

async function readOrUpdate(ctx: AuthContext, update: { data: unknown } | undefined): Promise<SessionResult> {
  const sessionToken = ctx.req.cookies[ctx.cookies.sessionToken.name];
  if (!sessionToken) return { session: null, cookies: [] };
  const getSessionAndUser = adapterMethod(ctx, "getSessionAndUser");
  const found = await callAdapter("read the session", () => getSessionAndUser(sessionToken));
  if (!found) return { session: null, cookies: clearSession(ctx) };

  const { session: row, user } = found;
  const now = Date.now();
  if (row.expires.valueOf() <= now) {
    const deleteSession = adapterMethod(ctx, "deleteSession");
    await callAdapter("delete an expired session", () => deleteSession(sessionToken));
    return { session: null, cookies: clearSession(ctx) };
  }

  const { maxAge, updateAge } = ctx.config.session;
  let expires = row.expires;
  const cookies: CookieToSet[] = [];
  // Extend once per updateAge: the row was last written at expires - maxAge.
  if (row.expires.valueOf() - maxAge * 1000 + updateAge * 1000 <= now) {
    expires = new Date(now + maxAge * 1000);
    const updateSession = adapterMethod(ctx, "updateSession");
    await callAdapter("extend the session", () => updateSession({ sessionToken, expires }));
    cookies.push(sessionCookie(ctx, sessionToken, expires));
  }

  const session = (await ctx.config.callbacks.session(
    update
      ? { session: baseSession(user, expires), user, trigger: "update", newSession: update.data }
      : { session: baseSession(user, expires), user },
  )) as Session;
  await emitEvent(ctx.config, "session", { session });
  return { session, cookies };
}

export const databaseSessions: SessionStrategyImpl = {
  read: (ctx) => readOrUpdate(ctx, undefined),
  update: (ctx, data) => readOrUpdate(ctx, { data }),

  async signIn(ctx, { user }) {
    if (!user.id)
      throw new AdapterError("A signed-in user has no id; the adapter must return users with ids.");
    const userId = user.id;
    const previous = ctx.req.cookies[ctx.cookies.sessionToken.name];
    if (previous) {
      // Rotation: whatever session the browser carried before this sign-in is ended, never reused.
      const deleteSession = adapterMethod(ctx, "deleteSession");
      await callAdapter("end the previous session", () => deleteSession(previous));
    }
    const sessionToken = generateSessionToken(ctx);
    const expires = new Date(Date.now() + ctx.config.session.maxAge * 1000);
    const createSession = adapterMethod(ctx, "createSession");
    await callAdapter("create the session", () => createSession({ sessionToken, userId, expires }));
    return [sessionCookie(ctx, sessionToken, expires)];
  },

  async signOut(ctx) {
    const sessionToken = ctx.req.cookies[ctx.cookies.sessionToken.name];
    let session: AdapterSession | null | undefined;
    if (sessionToken) {
      const deleteSession = adapterMethod(ctx, "deleteSession");
      try {
        session = (await deleteSession(sessionToken)) ?? undefined;
      } catch (error) {
        // The row may already be gone (expired and cleaned up, revoked elsewhere), and some
        // adapters throw for that (Prisma's P2025). Signing out must still clear the cookie: a
        // failure here would leave the user unable to sign out until the cookie expires.
        const reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").trim();
        ctx.config.logger.warn(
          "session-delete-failed",
          `The adapter could not delete the session at sign-out; the cookie is cleared anyway. ${reason.slice(0, 200)}`,
        );
        ctx.config.logger.debug("deleteSession failed at sign-out", error);
      }
    }
    await emitEvent(ctx.config, "signOut", { session });
    return clearSession(ctx);
  },
};
