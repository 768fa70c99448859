/**
 * JWT sessions: the session lives in an encrypted cookie (chunked when large). latchkey re-issues
 * the cookie only when it is older than `updateAge` or the callbacks changed the token, instead of on
 * every request: a GET /session that changes nothing costs one decryption and no encryption.
 */
import type { Session, SessionCallbackParams } from "../config.js";
import {
  carriesChunkedCookie,
  clearChunkedCookie,
  readChunkedCookie,
  writeChunkedCookie,
} from "../cookie/chunks.js";
import type { CookieToSet } from "../cookie/header.js";
import type { ServerContext } from "../core/context.js";
import { JWTSessionError } from "../core/errors.js";
import { emitEvent } from "../core/events.js";
import { nowInSeconds } from "../jwt/claims.js";
import type { JWT } from "../jwt/types.js";
import { providerTokensClaim } from "./provider-tokens.js";
import type { SessionResult, SessionStrategyImpl, SignInSession } from "./types.js";
import { carryUnprovenMark, markUnprovenAddress, outlivedByProof } from "./unproven-address.js";

export async function decodeSessionCookie(ctx: ServerContext): Promise<JWT | null> {
  const name = ctx.cookies.sessionToken.name;
  const token = readChunkedCookie(ctx.requestCookies, name);
  if (!token) return null;
  const decode = ctx.config.jwt.decode ?? ctx.codec.decode;
  try {
    return (await decode({ token, secret: ctx.config.secrets, salt: name })) ?? null;
  } catch (error) {
    ctx.config.logger.error(
      new JWTSessionError("jwt.decode threw; treating the session as absent", { cause: error }),
    );
    return null;
  }
}

export async function sessionCookies(
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

function clearSession(ctx: ServerContext): CookieToSet[] {
  const { name, options } = ctx.cookies.sessionToken;
  return clearChunkedCookie(name, options, ctx.requestCookies);
}

function baseSession(token: JWT, expiresAt: number): Session {
  return {
    user: { name: token.name, email: token.email, image: token.picture },
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
  if (await outlivedByProof(ctx, decoded)) return { session: null, cookies: clearSession(ctx) };
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
    ? await sessionCookies(ctx, carryUnprovenMark(token, decoded))
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

export const jwtSessions: SessionStrategyImpl = {
  read: (ctx) => readOrUpdate(ctx, undefined),
  update: (ctx, data) => readOrUpdate(ctx, { data }),

  async signIn(ctx, { user, account, profile, isNewUser }: SignInSession) {
    const initial: JWT = {
      name: user.name ?? null,
      email: user.email ?? null,
      picture: user.image ?? null,
      ...providerTokensClaim(account),
    };
    if (user.id) initial.sub = user.id;
    const token = await ctx.config.callbacks.jwt({
      token: initial,
      user,
      account,
      ...(profile ? { profile } : {}),
      isNewUser,
      trigger: isNewUser ? "signUp" : "signIn",
    });
    if (token === null) return clearSession(ctx);
    return (await sessionCookies(ctx, markUnprovenAddress(token, user))).cookies;
  },

  async signOut(ctx) {
    const token = await decodeSessionCookie(ctx);
    await emitEvent(ctx.config, "signOut", { token });
    return clearSession(ctx);
  },

  // A JWT cannot be deleted before it expires: those issued while the address was unproven carry
  // a mark, and unproven-address.ts ends them when they are next read.
  endUserSessions: async () => undefined,
  endUserSessionsNeeds: [],
};
