/**
 * JWT sessions: the session lives in an encrypted cookie (chunked when large). latchkey re-issues
 * the cookie only when it is older than `updateAge` or the callbacks changed the token, instead of on
 * every request: a GET /session that changes nothing costs one decryption and no encryption.
 */
import type { AdapterUser } from "../adapters/types.js";
import type { Session, SessionCallbackParams } from "../config.js";
import {
  carriesChunkedCookie,
  clearChunkedCookie,
  readChunkedCookie,
  writeChunkedCookie,
} from "../cookie/chunks.js";
import type { CookieToSet } from "../cookie/header.js";
import { adapterMethod, callAdapter } from "../core/adapter-calls.js";
import type { ServerContext } from "../core/context.js";
import { JWTSessionError } from "../core/errors.js";
import { emitEvent } from "../core/events.js";
import { nowInSeconds } from "../jwt/claims.js";
import type { JWT } from "../jwt/types.js";
import { endJwtSessions, endReleasedJwtSession, listJwtSessions } from "./jwt-management.js";
import { providerTokensClaim } from "./provider-tokens.js";
import { recordJwtSession } from "./recorded-jwt-sessions.js";
import { isRevoked, keepsMarkers } from "./revocation-markers.js";
import {
  AMR_CLAIM,
  AUTH_TIME_CLAIM,
  authenticationOf,
  carrySessionClaims,
  newSessionClaims,
  sessionIdOf,
  signedInAtOf,
  withAuthentication,
} from "./session-claims.js";
import { cachedClaims, rememberClaims } from "./token-cache.js";
import type { SessionResult, SessionStrategyImpl, SignInSession } from "./types.js";
import {
  carryUnprovenMark,
  issuedBeforeProof,
  markUnprovenAddress,
  outlivedByProof,
} from "./unproven-address.js";

/**
 * Whether a session that decodes must end before its expiry: it was issued before its user's
 * address was first proven, or a revocation marker covers it (with a shared store).
 */
async function endedEarly(ctx: ServerContext, token: JWT): Promise<boolean> {
  if (await outlivedByProof(ctx, token)) return true;
  const userId = token.sub;
  if (!keepsMarkers(ctx.config) || typeof userId !== "string" || userId === "") return false;
  return isRevoked(ctx.config, userId, sessionIdOf(token), signedInAtOf(token));
}

async function decodeSessionCookie(ctx: ServerContext): Promise<JWT | null> {
  const name = ctx.cookies.sessionToken.name;
  const token = readChunkedCookie(ctx.requestCookies, name);
  if (!token) return null;
  const custom = ctx.config.jwt.decode;
  const secrets = ctx.config.secrets;
  // A custom decode may judge a token by more than its bytes: only the built-in one is cached.
  if (!custom) {
    const cached = cachedClaims(secrets, name, token);
    if (cached) return cached;
  }
  try {
    const claims = (await (custom ?? ctx.codec.decode)({ token, secret: secrets, salt: name })) ?? null;
    if (claims && !custom) rememberClaims(secrets, name, token, claims);
    return claims;
  } catch (error) {
    ctx.config.logger.error(
      new JWTSessionError("jwt.decode threw; treating the session as absent", { cause: error }),
    );
    return null;
  }
}

async function sessionCookies(
  ctx: ServerContext,
  token: JWT,
): Promise<{ cookies: CookieToSet[]; expires: number }> {
  const { name, options } = ctx.cookies.sessionToken;
  const maxAge = ctx.config.jwt.maxAge;
  const encode = ctx.config.jwt.encode ?? ctx.codec.encode;
  const value = await encode({ token, secret: ctx.config.secrets, salt: name, maxAge });
  const expires = nowInSeconds() + maxAge;
  const cookies = writeChunkedCookie(
    name,
    value,
    { ...options, expires: new Date(expires * 1000) },
    ctx.requestCookies,
  );
  return { cookies, expires };
}

/**
 * The cookies of a session just issued or re-issued, recorded for listing when the app has a
 * shared store (recorded-jwt-sessions.ts); a re-issue moves the record's expiry and last use on,
 * so records are written at `updateAge` granularity, never on every request.
 */
async function issueCookies(
  ctx: ServerContext,
  token: JWT,
): Promise<{ cookies: CookieToSet[]; expires: number }> {
  const issued = await sessionCookies(ctx, token);
  if (keepsMarkers(ctx.config)) await recordJwtSession(ctx, token, issued.expires);
  return issued;
}

function clearSession(ctx: ServerContext): CookieToSet[] {
  const { name, options } = ctx.cookies.sessionToken;
  return clearChunkedCookie(name, options, ctx.requestCookies);
}

function baseSession(token: JWT, expiresAt: number): Session {
  return {
    user: { id: token.sub, name: token.name, email: token.email, image: token.picture },
    expires: new Date(expiresAt * 1000).toISOString(),
  };
}

/**
 * Callbacks may answer synchronously (the defaults do). Awaiting a plain value still costs a turn of
 * the microtask queue, and a session read runs several callbacks, so only thenables are awaited.
 */
const isThenable = <T>(value: T | PromiseLike<T>): value is PromiseLike<T> =>
  typeof (value as PromiseLike<T> | null)?.then === "function";

async function readOrUpdate(
  ctx: ServerContext,
  update: { data: unknown } | undefined,
): Promise<SessionResult> {
  const decoded = await decodeSessionCookie(ctx);
  if (decoded === null) {
    const hadCookie = carriesChunkedCookie(ctx.requestCookies, ctx.cookies.sessionToken.name);
    return { session: null, cookies: hadCookie ? clearSession(ctx) : [] };
  }
  // Issued before its user's address was first proven: whoever holds it may not be the owner.
  if (await endedEarly(ctx, decoded)) return { session: null, cookies: clearSession(ctx) };
  // Snapshot before the callback: it may mutate the token in place instead of returning a new one.
  // The default callback returns the token untouched, so it needs no snapshot.
  const customJwtCallback = ctx.config.customJwtCallback;
  const before = customJwtCallback ? JSON.stringify(decoded) : undefined;
  const jwtResult = ctx.config.callbacks.jwt(
    update ? { token: decoded, trigger: "update", session: update.data } : { token: decoded },
  );
  const token = isThenable(jwtResult) ? await jwtResult : jwtResult;
  if (token === null) return { session: null, cookies: clearSession(ctx) };

  const tooOld =
    typeof decoded.iat !== "number" || decoded.iat <= nowInSeconds() - ctx.config.session.updateAge;
  const reissue = update !== undefined || tooOld || (customJwtCallback && JSON.stringify(token) !== before);
  const { cookies, expires } = reissue
    ? await issueCookies(ctx, carrySessionClaims(carryUnprovenMark(token, decoded), decoded))
    : { cookies: [], expires: decoded.exp as number };

  const sessionResult = ctx.config.callbacks.session(
    (update
      ? { session: baseSession(token, expires), token, trigger: "update", newSession: update.data }
      : { session: baseSession(token, expires), token }) as SessionCallbackParams, // `user` is for database sessions
  );
  const session = (isThenable(sessionResult) ? await sessionResult : sessionResult) as Session;
  if (ctx.config.events.session) await emitEvent(ctx.config, "session", { session, token });
  return { session, cookies };
}

/** The session's user as stored, unless the session was issued before the address was first proven. */
async function storedUserOf(ctx: ServerContext, token: JWT): Promise<AdapterUser | null> {
  const userId = token.sub;
  if (typeof userId !== "string" || userId === "") return null;
  const getUser = adapterMethod(ctx.config.adapter, "getUser");
  const user = await callAdapter("find the signed-in user", () => getUser(userId));
  // A session from before the address was first proven may be an intruder's: it acts for nobody.
  return user && !issuedBeforeProof(token, user) ? user : null;
}

export const jwtSessions: SessionStrategyImpl = {
  adapterMethods: [],
  needsStoredUser: false,
  // A JWT cannot be deleted before it expires: those issued while the address was unproven carry
  // a mark, and unproven-address.ts ends them when they are next read.
  revokeNeeds: [],

  read: (ctx) => readOrUpdate(ctx, undefined),
  update: (ctx, data) => readOrUpdate(ctx, { data }),

  async current(ctx) {
    const token = await decodeSessionCookie(ctx);
    if (token === null || (await endedEarly(ctx, token))) return null;
    return {
      id: sessionIdOf(token),
      userId: typeof token.sub === "string" && token.sub !== "" ? token.sub : undefined,
      user: () => storedUserOf(ctx, token),
      claims: token,
      authentication: async () => authenticationOf(token),
    };
  },

  async issue(ctx, { user, account, profile, isNewUser, authentication }: SignInSession) {
    const initial: JWT = {
      name: user.name ?? null,
      email: user.email ?? null,
      picture: user.image ?? null,
      ...providerTokensClaim(account),
    };
    if (user.id) initial.sub = user.id;
    // The jwt callback sees how the user signed in; the session keeps it whatever the callback returns.
    const sessionClaims = newSessionClaims(ctx.runtime, nowInSeconds(), authentication);
    if (authentication) {
      initial[AMR_CLAIM] = sessionClaims[AMR_CLAIM];
      initial[AUTH_TIME_CLAIM] = sessionClaims[AUTH_TIME_CLAIM];
    }
    const token = await ctx.config.callbacks.jwt({
      token: initial,
      user,
      account,
      ...(profile ? { profile } : {}),
      isNewUser,
      trigger: isNewUser ? "signUp" : "signIn",
    });
    if (token === null) return clearSession(ctx);
    const session = carrySessionClaims(token, sessionClaims as JWT);
    const issued = await issueCookies(ctx, markUnprovenAddress(session, user));
    const replaced = keepsMarkers(ctx.config) ? await decodeSessionCookie(ctx) : null;
    if (replaced) await endReleasedJwtSession(ctx.config, replaced);
    return issued.cookies;
  },

  async reissue(ctx, claims) {
    return (await issueCookies(ctx, claims)).cookies;
  },

  async reauthenticate(ctx, authentication) {
    const token = await decodeSessionCookie(ctx);
    if (token === null || (await endedEarly(ctx, token))) return [];
    return (await issueCookies(ctx, withAuthentication(token, authentication))).cookies;
  },

  async signOut(ctx) {
    const token = await decodeSessionCookie(ctx);
    await emitEvent(ctx.config, "signOut", { token, reason: "signOut" });
    if (token) await endReleasedJwtSession(ctx.config, token);
    return clearSession(ctx);
  },

  list: listJwtSessions,
  revoke: endJwtSessions,
};
