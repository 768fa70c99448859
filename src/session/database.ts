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
import { AdapterError } from "../core/errors.js";
import { emitEvent } from "../core/events.js";
import { currentFeatureMarks, type FeatureMarks, showFeatureMarks } from "../core/session-marks.js";
import { isThenable } from "../core/thenable.js";
import { endDatabaseSessions, listDatabaseSessions } from "./manage.js";
import { signInMetadata, takesSessionMetadata } from "./session-metadata.js";
import { generateSessionToken, requestSessionToken, sessionIdOfToken } from "./session-token.js";
import {
  clearAuthentication,
  marksCookie,
  recordedMarks,
  requestAuthentication,
} from "./stored-authentication.js";
import type { SessionResult, SessionStrategyImpl, SignInSession } from "./types.js";

function sessionCookie(ctx: ServerContext, sessionToken: string, expires: Date): CookieToSet {
  const { name, options } = ctx.cookies.sessionToken;
  return { name, value: sessionToken, options: { ...options, expires } };
}

export function clearSession(ctx: ServerContext): CookieToSet[] {
  return [
    expiredCookie(ctx.cookies.sessionToken.name, ctx.cookies.sessionToken.options),
    ...clearAuthentication(ctx),
  ];
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

/** Whether a session row is due its extension: it was last written at expires - maxAge. */
export function extensionDue(ctx: ServerContext, expires: Date, now: number): boolean {
  const { maxAge, updateAge } = ctx.config.session;
  return expires.valueOf() - maxAge * 1000 + updateAge * 1000 <= now;
}

/** The session a client gets for a live row and its user, through the `session` callback. */
export async function sessionThroughCallbacks(
  ctx: ServerContext,
  row: AdapterSession,
  user: AdapterUser,
  update: { data: unknown } | undefined,
  features?: FeatureMarks,
): Promise<Session> {
  const base = showFeatureMarks(ctx.config, callbackSession(row, user, row.expires), features);
  const answer = ctx.config.callbacks.session(
    (update
      ? { session: base, user, trigger: "update", newSession: update.data }
      : { session: base, user }) as SessionCallbackParams, // `token` is for JWT sessions
  );
  const session = withIsoExpiry((isThenable(answer) ? await answer : answer) as Session);
  const emitted = emitEvent(ctx.config, "session", { session });
  if (emitted) await emitted;
  return session;
}

/** A read of the stored session: the answer, and (when live) the row as it now stands and its user. */
export interface StoredSessionRead {
  result: SessionResult;
  live?: { sessionToken: string; row: AdapterSession; user: AdapterUser };
}

/** GET/POST /session from the adapter: looks the row up, deletes it when expired, extends it when due. */
export async function readStoredSession(
  ctx: ServerContext,
  update: { data: unknown } | undefined,
): Promise<StoredSessionRead> {
  const present = ctx.requestCookies[ctx.cookies.sessionToken.name] !== undefined;
  const sessionToken = requestSessionToken(ctx);
  if (!sessionToken) return { result: { session: null, cookies: present ? clearSession(ctx) : [] } };
  const getSessionAndUser = adapterMethod(ctx.config.adapter, "getSessionAndUser");
  const found = await callAdapter("read the session", () => getSessionAndUser(sessionToken));
  if (!found) return { result: { session: null, cookies: clearSession(ctx) } };

  const { user } = found;
  let row = found.session;
  const now = Date.now();
  if (row.expires.valueOf() <= now) {
    await endSessionRow(ctx, sessionToken, "delete an expired session");
    return { result: { session: null, cookies: clearSession(ctx) } };
  }

  const cookies: CookieToSet[] = [];
  if (extensionDue(ctx, row.expires, now)) {
    const expires = new Date(now + ctx.config.session.maxAge * 1000);
    const updateSession = adapterMethod(ctx.config.adapter, "updateSession");
    // Last seen moves with the extension, so using a session writes nothing more than before.
    const seen = takesSessionMetadata(ctx.config.adapter) ? { lastSeenAt: new Date(now) } : {};
    await callAdapter("extend the session", () => updateSession({ sessionToken, expires, ...seen }));
    row = { ...row, expires, ...seen };
    cookies.push(sessionCookie(ctx, sessionToken, expires));
  }
  const features = await featureMarksOfSession(ctx, sessionToken, row, cookies);
  const session = await sessionThroughCallbacks(ctx, row, user, update, features);
  return { result: { session, cookies, features }, live: { sessionToken, row, user } };
}

/**
 * The database session's feature marks as they stand (core/session-marks.ts), from the marks
 * cookie beside it; when one moved, the cookie is rewritten into `cookies`. Undefined when no
 * feature keeps a mark (the cookie is then not opened) or none is recorded.
 */
export async function featureMarksOfSession(
  ctx: ServerContext,
  sessionToken: string,
  row: AdapterSession,
  cookies: CookieToSet[],
): Promise<FeatureMarks | undefined> {
  if (ctx.config.sessionMarks.length === 0) return undefined;
  const marks = await recordedMarks(ctx);
  if (!marks) return undefined;
  const features = await currentFeatureMarks(ctx.config, row.userId, marks.features);
  if (features !== marks.features)
    cookies.push(await marksCookie(ctx, sessionToken, { ...marks, features }, row.expires));
  return features;
}

/** A new session row for a successful sign-in, the previous one ended; returns its cookie and row. */
export async function issueStoredSession(
  ctx: ServerContext,
  { user, marks }: SignInSession,
): Promise<{ cookies: CookieToSet[]; row: AdapterSession }> {
  if (!user.id) throw new AdapterError("A signed-in user has no id; the adapter must return users with ids.");
  const userId = user.id;
  const previous = requestSessionToken(ctx);
  // Rotation: whatever session the browser carried before this sign-in is ended, never reused.
  if (previous) await endSessionRow(ctx, previous, "end the previous session");
  const sessionToken = generateSessionToken(ctx);
  const now = new Date();
  const expires = new Date(now.valueOf() + ctx.config.session.maxAge * 1000);
  const metadata = takesSessionMetadata(ctx.config.adapter) ? signInMetadata(ctx, now) : {};
  const row: AdapterSession = { sessionToken, userId, expires, ...metadata };
  const createSession = adapterMethod(ctx.config.adapter, "createSession");
  await callAdapter("create the session", () => createSession(row));
  // The marks go beside the row (stored-authentication.ts), as a JWT session carries them.
  const recorded = await marksCookie(ctx, sessionToken, marks, expires);
  return { cookies: [sessionCookie(ctx, sessionToken, expires), recorded], row };
}

/** Sign-out: deletes the request's session row and tells `events.signOut`; resolves to the row, when known. */
export async function endRequestSession(ctx: ServerContext): Promise<AdapterSession | undefined> {
  const sessionToken = requestSessionToken(ctx);
  const session = sessionToken ? await endSessionRow(ctx, sessionToken, "delete the session") : undefined;
  await emitEvent(ctx.config, "signOut", { session, reason: "signOut" });
  return session;
}

async function readOrUpdate(
  ctx: ServerContext,
  update: { data: unknown } | undefined,
): Promise<SessionResult> {
  return (await readStoredSession(ctx, update)).result;
}

export const databaseSessions: SessionStrategyImpl = {
  adapterMethods: ["createSession", "getSessionAndUser", "updateSession", "deleteSession"],
  needsStoredUser: true,
  revokeNeeds: ["listSessionsByUserId", "deleteSession"],

  read: (ctx) => readOrUpdate(ctx, undefined),
  update: (ctx, data) => readOrUpdate(ctx, { data }),

  async current(ctx) {
    const sessionToken = requestSessionToken(ctx);
    if (sessionToken === undefined) return null;
    const getSessionAndUser = adapterMethod(ctx.config.adapter, "getSessionAndUser");
    const found = await callAdapter("read the session", () => getSessionAndUser(sessionToken));
    if (!found || found.session.expires.valueOf() <= Date.now()) return null;
    const { user } = found;
    return {
      id: await sessionIdOfToken(sessionToken),
      userId: user.id,
      user: async () => user,
      claims: undefined,
      authentication: () => requestAuthentication(ctx, found.session),
      expires: found.session.expires,
    };
  },

  issue: async (ctx, signIn) => (await issueStoredSession(ctx, signIn)).cookies,

  // The cookie holds only the token: there are no claims in it to change.
  reissue: async () => [],

  async reauthenticate(ctx, authentication, current) {
    const session = current === undefined ? await databaseSessions.current(ctx) : current;
    const sessionToken = requestSessionToken(ctx);
    if (session?.expires === undefined || sessionToken === undefined) return [];
    // The step-up changes how the user proved who they are, not the other marks, nor how long the
    // session lasts. Without recorded marks there is no address mark to keep: a database session's
    // is never needed, since the proof of the address deletes the rows themselves.
    const recorded = await recordedMarks(ctx);
    const marks = { unprovenAddress: false, ...recorded, authentication };
    return [await marksCookie(ctx, sessionToken, marks, session.expires)];
  },

  async recordFeatureMarks(ctx, features, current) {
    const session = current === undefined ? await databaseSessions.current(ctx) : current;
    const sessionToken = requestSessionToken(ctx);
    if (session?.expires === undefined || sessionToken === undefined) return [];
    // Without recorded marks the session records no sign-in time: an epoch one asks for a step-up
    // wherever a recent one is needed, as no record does.
    const recorded = await recordedMarks(ctx);
    const marks = recorded ?? { authentication: { amr: [], authTime: 0 }, unprovenAddress: false };
    const merged = { ...marks, features: { ...marks.features, ...features } };
    return [await marksCookie(ctx, sessionToken, merged, session.expires)];
  },

  async signOut(ctx) {
    await endRequestSession(ctx);
    return clearSession(ctx);
  },

  list: listDatabaseSessions,
  revoke: async (config, userId, scope, reason) =>
    (await endDatabaseSessions(config, userId, scope, reason)).length,
};
