/**
 * JWT sessions: the session lives in an encrypted cookie (chunked when large). latchkey re-issues
 * the cookie only when it is older than `updateAge` or the callbacks changed the token, instead of on
 * every request: a GET /session that changes nothing costs one decryption and no encryption.
 */
import type { AdapterUser } from "../adapters/types.js";
import type { JWTCallbackParams, Session, SessionCallbackParams } from "../config.js";
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
import {
  authenticationClaims,
  currentFeatureMarks,
  FEATURE_MARKS_CLAIM,
  type FeatureMarks,
  showFeatureMarks,
} from "../core/session-marks.js";
import { isThenable } from "../core/thenable.js";
import { nowInSeconds } from "../jwt/claims.js";
import type { JWT } from "../jwt/types.js";
import { endJwtSessions, endReleasedJwtSession, listJwtSessions } from "./jwt-management.js";
import { providerTokensClaim } from "./provider-tokens.js";
import { recordJwtSession } from "./recorded-jwt-sessions.js";
import { isRevoked, keepsMarkers } from "./revocation-markers.js";
import {
  authenticationOf,
  newSessionClaims,
  sessionIdOf,
  signedInAtOf,
  withAuthentication,
  withLibraryClaims,
} from "./session-claims.js";
import { cachedClaims, rememberClaims } from "./token-cache.js";
import type { SessionResult, SessionStrategyImpl, SignInSession } from "./types.js";
import { issuedBeforeProof, needsProofCheck, outlivedByProof } from "./unproven-address.js";

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

/**
 * Whether {@link endedEarly} has anything to look at. Most sessions carry no unproven-address mark
 * and most apps keep no markers; answering that without an `await` keeps a read of a cached token
 * free of turns of the microtask queue.
 */
const mayHaveEndedEarly = (ctx: ServerContext, token: JWT): boolean =>
  needsProofCheck(token) || keepsMarkers(ctx.config);

/**
 * The claims of the request's session cookie (`token`) when the verified-token cache holds them.
 * Only the built-in decode is cached: a custom one may judge a token by more than its bytes.
 */
function cachedSessionClaims(ctx: ServerContext, token: string): JWT | undefined {
  if (ctx.config.jwt.decode) return undefined;
  return cachedClaims(ctx.config.secrets, ctx.cookies.sessionToken.name, token);
}

async function decodeSessionCookie(ctx: ServerContext, token: string): Promise<JWT | null> {
  const name = ctx.cookies.sessionToken.name;
  const custom = ctx.config.jwt.decode;
  const secrets = ctx.config.secrets;
  let claims: JWT | null = null;
  let cause: unknown;
  try {
    claims = (await (custom ?? ctx.codec.decode)({ token, secret: secrets, salt: name })) ?? null;
  } catch (error) {
    cause = error;
  }
  if (claims && !custom) rememberClaims(secrets, name, token, claims);
  // A cookie the built-in decode refuses was made with a secret no longer configured, expired, or
  // was altered: the browser is signed out, and the operator is told (a secret dropped too soon
  // signs everyone out). A custom decode's null is the app's own verdict; its throw is reported.
  if (!claims && (cause || !custom)) {
    ctx.config.logger.error(
      new JWTSessionError("jwt.decode threw, or no secret opens the cookie", {
        cause,
      }),
    );
  }
  return claims;
}

/** The request's session claims: from the verified-token cache without an `await`, or decoded. */
function sessionClaims(ctx: ServerContext): JWT | null | Promise<JWT | null> {
  const token = readChunkedCookie(ctx.requestCookies, ctx.cookies.sessionToken.name);
  if (!token) return null;
  return cachedSessionClaims(ctx, token) ?? decodeSessionCookie(ctx, token);
}

/** The request's session claims, or null when there are none or the session ended before its expiry. */
async function liveSessionClaims(ctx: ServerContext): Promise<JWT | null> {
  const token = await sessionClaims(ctx);
  if (token === null || (await endedEarly(ctx, token))) return null;
  return token;
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

/**
 * `expires` as an ISO date, for the second the last answer named: an unchanged cookie names the
 * same second on every read, and formatting a Date is a measurable part of a cached GET /session.
 */
let lastExpiry = { at: Number.NaN, iso: "" };
function isoExpiry(expiresAt: number): string {
  if (lastExpiry.at !== expiresAt)
    lastExpiry = { at: expiresAt, iso: new Date(expiresAt * 1000).toISOString() };
  return lastExpiry.iso;
}

function baseSession(token: JWT, expiresAt: number): Session {
  return {
    user: { id: token.sub, name: token.name, email: token.email, image: token.picture },
    expires: isoExpiry(expiresAt),
  };
}

async function readOrUpdate(
  ctx: ServerContext,
  update: { data: unknown } | undefined,
): Promise<SessionResult> {
  const claims = sessionClaims(ctx);
  const decoded = claims instanceof Promise ? await claims : claims;
  if (decoded === null) {
    const hadCookie = carriesChunkedCookie(ctx.requestCookies, ctx.cookies.sessionToken.name);
    return { session: null, cookies: hadCookie ? clearSession(ctx) : [] };
  }
  // Issued before its user's address was first proven: whoever holds it may not be the owner.
  if (mayHaveEndedEarly(ctx, decoded) && (await endedEarly(ctx, decoded))) {
    return { session: null, cookies: clearSession(ctx) };
  }
  // The features' marks as they stand (core/session-marks.ts): when one moved since it was
  // recorded, the session is re-issued with it. A session without any (every one of an app
  // without such a feature) reads without a turn of the microtask queue more.
  const recorded = decoded[FEATURE_MARKS_CLAIM] as FeatureMarks | undefined;
  const features = recorded && (await currentFeatureMarks(ctx.config, decoded.sub, recorded));
  const own = features === recorded ? decoded : { ...decoded, [FEATURE_MARKS_CLAIM]: features };
  // Snapshot before the callback: it may mutate the token in place instead of returning a new one.
  // The default callback returns the token untouched, so it needs no snapshot.
  const customJwtCallback = ctx.config.customJwtCallback;
  const before = customJwtCallback ? JSON.stringify(decoded) : undefined;
  const jwtResult = ctx.config.callbacks.jwt(
    (update
      ? { token: decoded, trigger: "update", session: update.data }
      : { token: decoded }) as JWTCallbackParams, // `user` is for sign-ins
  );
  const token = isThenable(jwtResult) ? await jwtResult : jwtResult;
  if (token === null) return { session: null, cookies: clearSession(ctx) };

  const tooOld =
    typeof decoded.iat !== "number" || decoded.iat <= nowInSeconds() - ctx.config.session.updateAge;
  const reissue =
    update !== undefined ||
    tooOld ||
    own !== decoded ||
    (customJwtCallback && JSON.stringify(token) !== before);
  const { cookies, expires } = reissue
    ? await issueCookies(ctx, withLibraryClaims(token, own))
    : { cookies: [], expires: decoded.exp as number };

  const base = showFeatureMarks(ctx.config, baseSession(token, expires), features);
  const sessionResult = ctx.config.callbacks.session(
    (update
      ? { session: base, token, trigger: "update", newSession: update.data }
      : { session: base, token }) as SessionCallbackParams, // `user` is for database sessions
  );
  const session = (isThenable(sessionResult) ? await sessionResult : sessionResult) as Session;
  if (ctx.config.events.session) await emitEvent(ctx.config, "session", { session, token });
  return { session, cookies, features };
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
    const token = await liveSessionClaims(ctx);
    if (token === null) return null;
    return {
      id: sessionIdOf(token),
      userId: typeof token.sub === "string" && token.sub !== "" ? token.sub : undefined,
      user: () => storedUserOf(ctx, token),
      claims: token,
      authentication: async () => authenticationOf(token),
      expires: typeof token.exp === "number" ? new Date(token.exp * 1000) : undefined,
    };
  },

  async issue(ctx, { user, account, profile, isNewUser, marks }: SignInSession) {
    // The jwt callback sees how the user signed in; the session keeps its own claims (its id and
    // marks) as they are, whatever the callback returns.
    const own = newSessionClaims(ctx.runtime, marks);
    const initial: JWT = {
      name: user.name ?? null,
      email: user.email ?? null,
      picture: user.image ?? null,
      ...providerTokensClaim(account),
      ...authenticationClaims(marks.authentication),
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
    const issued = await issueCookies(ctx, withLibraryClaims(token, own));
    const replaced = keepsMarkers(ctx.config) ? await sessionClaims(ctx) : null;
    if (replaced) await endReleasedJwtSession(ctx.config, replaced);
    return issued.cookies;
  },

  async reissue(ctx, claims) {
    return (await issueCookies(ctx, claims)).cookies;
  },

  async reauthenticate(ctx, authentication, current) {
    const token = current === undefined ? await liveSessionClaims(ctx) : (current?.claims ?? null);
    if (token === null) return [];
    return (await issueCookies(ctx, withAuthentication(token, authentication))).cookies;
  },

  async signOut(ctx) {
    const token = await sessionClaims(ctx);
    await emitEvent(ctx.config, "signOut", { token, reason: "signOut" });
    if (token) await endReleasedJwtSession(ctx.config, token);
    return clearSession(ctx);
  },

  list: listJwtSessions,
  revoke: endJwtSessions,
};
