/**
 * Database sessions: the cookie holds a random 256-bit token; the session row is looked up with its
 * user in one adapter call. The row is extended at most once per `updateAge` (no write otherwise),
 * expired rows are deleted when seen, and every sign-in mints a fresh token, so a session cookie
 * planted before sign-in (session fixation) never becomes a signed-in session.
 */
import type { AdapterSession, AdapterUser } from "../adapters/types.js";
import type { Session, SessionCallbackParams } from "../config.js";
import type { CookieToSet } from "../cookie/header.js";
import { expiredCookie } from "../cookie/header.js";
import { adapterMethod, callAdapter } from "../core/adapter-calls.js";
import type { ServerContext } from "../core/context.js";
import { AdapterError, InvalidConfig } from "../core/errors.js";
import { emitEvent } from "../core/events.js";
import { revokeAllUserSessions } from "./manage.js";
import type { SessionResult, SessionStrategyImpl } from "./types.js";

/**
 * What a session token can look like: our generator's base64url, Auth.js's UUIDs, hex or base64
 * from a custom `generateSessionToken`. A cookie outside this shape (a NUL byte, a kilobyte of
 * junk planted by a sibling subdomain) cannot name a session, so it never reaches the adapter.
 */
const SESSION_TOKEN = /^[A-Za-z0-9\-._~+/=]{16,1024}$/;

export function generateSessionToken(ctx: ServerContext): string {
  const custom = ctx.config.session.generateSessionToken;
  if (!custom) return ctx.runtime.base64urlEncode(ctx.runtime.randomBytes(32));
  const token = custom();
  if (typeof token !== "string" || !SESSION_TOKEN.test(token)) {
    throw new InvalidConfig(
      "session.generateSessionToken must return 16 to 1024 characters of A-Z a-z 0-9 - . _ ~ + / = (e.g. crypto.randomUUID()).",
    );
  }
  return token;
}

/** The request's session token, when it has the shape of one. */
export function requestSessionToken(ctx: ServerContext): string | undefined {
  const value = ctx.requestCookies[ctx.cookies.sessionToken.name];
  return value !== undefined && SESSION_TOKEN.test(value) ? value : undefined;
}

function sessionCookie(ctx: ServerContext, sessionToken: string, expires: Date): CookieToSet {
  const { name, options } = ctx.cookies.sessionToken;
  return { name, value: sessionToken, options: { ...options, expires } };
}

function clearSession(ctx: ServerContext): CookieToSet[] {
  return [expiredCookie(ctx.cookies.sessionToken.name, ctx.cookies.sessionToken.options)];
}

/**
 * What the `session` callback gets as `session`, shaped as Auth.js passes it (the row and its
 * user), less the token: a bearer secret the callback could copy into the response or a log.
 */
function callbackSession(
  row: AdapterSession,
  user: AdapterUser,
  expires: Date,
): SessionCallbackParams["session"] {
  // Typed as Auth.js types it: `expires` as both an ISO string and a Date (here the Date).
  return { userId: row.userId, expires, user: { ...user } } as unknown as SessionCallbackParams["session"];
}

/** A `Date` the callback left in `expires` goes out as ISO 8601, as it would over JSON. */
function withIsoExpiry(session: Session): Session {
  const expires: unknown = session.expires;
  return expires instanceof Date ? { ...session, expires: expires.toISOString() } : session;
}

/**
 * Deletes a session row that this request no longer wants (at sign-in, sign-out). The row may be
 * gone already (expired and cleaned up, revoked elsewhere) and some adapters throw for a missing
 * row; either way the browser's cookie is cleared, so a failure here is logged, never fatal.
 */
async function endSessionRow(
  ctx: ServerContext,
  sessionToken: string,
  why: string,
): Promise<AdapterSession | undefined> {
  const deleteSession = adapterMethod(ctx.config.adapter, "deleteSession");
  try {
    return (await callAdapter(why, () => deleteSession(sessionToken))) ?? undefined;
  } catch (error) {
    ctx.config.logger.warn(
      "SessionNotDeleted",
      `The adapter failed to ${why}; the cookie is cleared all the same.`,
    );
    ctx.config.logger.debug("deleteSession failed", error);
    return undefined;
  }
}

async function readOrUpdate(
  ctx: ServerContext,
  update: { data: unknown } | undefined,
): Promise<SessionResult> {
  const present = ctx.requestCookies[ctx.cookies.sessionToken.name] !== undefined;
  const sessionToken = requestSessionToken(ctx);
  if (!sessionToken) return { session: null, cookies: present ? clearSession(ctx) : [] };
  const getSessionAndUser = adapterMethod(ctx.config.adapter, "getSessionAndUser");
  const found = await callAdapter("read the session", () => getSessionAndUser(sessionToken));
  if (!found) return { session: null, cookies: clearSession(ctx) };

  const { session: row, user } = found;
  const now = Date.now();
  if (row.expires.valueOf() <= now) {
    await endSessionRow(ctx, sessionToken, "delete an expired session");
    return { session: null, cookies: clearSession(ctx) };
  }

  const { maxAge, updateAge } = ctx.config.session;
  let expires = row.expires;
  const cookies: CookieToSet[] = [];
  // Extend once per updateAge: the row was last written at expires - maxAge.
  if (row.expires.valueOf() - maxAge * 1000 + updateAge * 1000 <= now) {
    expires = new Date(now + maxAge * 1000);
    const updateSession = adapterMethod(ctx.config.adapter, "updateSession");
    await callAdapter("extend the session", () => updateSession({ sessionToken, expires }));
    cookies.push(sessionCookie(ctx, sessionToken, expires));
  }

  const base = callbackSession(row, user, expires);
  const session = withIsoExpiry(
    (await ctx.config.callbacks.session(
      (update
        ? { session: base, user, trigger: "update", newSession: update.data }
        : { session: base, user }) as SessionCallbackParams, // `token` is for JWT sessions
    )) as Session,
  );
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
    const previous = requestSessionToken(ctx);
    // Rotation: whatever session the browser carried before this sign-in is ended, never reused.
    if (previous) await endSessionRow(ctx, previous, "end the previous session");
    const sessionToken = generateSessionToken(ctx);
    const expires = new Date(Date.now() + ctx.config.session.maxAge * 1000);
    const createSession = adapterMethod(ctx.config.adapter, "createSession");
    await callAdapter("create the session", () => createSession({ sessionToken, userId, expires }));
    return [sessionCookie(ctx, sessionToken, expires)];
  },

  async signOut(ctx) {
    const sessionToken = requestSessionToken(ctx);
    const session = sessionToken ? await endSessionRow(ctx, sessionToken, "delete the session") : undefined;
    await emitEvent(ctx.config, "signOut", { session });
    return clearSession(ctx);
  },

  async endUserSessions(ctx, userId) {
    await revokeAllUserSessions(ctx.config, userId, undefined);
  },
  endUserSessionsNeeds: ["listSessionsByUserId", "deleteSession"],
};
