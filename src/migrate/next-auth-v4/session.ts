/**
 * next-auth v4 sessions, adopted (`migrate: { nextAuthV4: true }` or `nextAuthV4Sessions`, see
 * docs/migrating.md; the actions reach this module only through that value, carried.ts): a request
 * that carries v4's session cookie and no latchkey one is read as if it carried the latchkey cookie
 * that v4 session becomes, and the answer sets that cookie and clears v4's. Each user is adopted
 * once, on the first `GET /session` or `POST /session` after the switch; `getSession` reads the v4
 * session the same way but, as for any session it reads, sets no cookie.
 *
 * The adopted session ends when the v4 session would have: a JWT keeps its `exp`, a database
 * session its row's `expires`. What happens after is latchkey's rules, as for any session (the
 * same strategy, callbacks and `updateAge`). v4's CSRF and callback-url cookies are never read:
 * they belong to sign-ins and forms that started before the switch.
 *
 * An adopted JWT session is a session like latchkey's own for revocation (docs/migrating.md,
 * "Revocation"): it is signed in at the v4 token's `iat` (as `auth_time`), so a user-wide marker
 * set after the switch covers every v4 token; its id is derived from the v4 token, so a marker on
 * the adopted session (a sign-out, a revoked device) covers every copy of that token; and with a
 * shared store each v4 token is adopted once and the adoption is recorded for listing, so a copy
 * presented after the first adoption (a stolen cookie) signs nobody in, whichever session the
 * user kept. A database session needs none of this: the row is the session, and ending it ends
 * every copy of the cookie.
 */

import {
  carriesChunkedCookie,
  clearChunkedCookie,
  readChunkedCookie,
  writeChunkedCookie,
} from "../../cookie/chunks.js";
import type { CookieToSet } from "../../cookie/header.js";
import { adapterMethod, callAdapter } from "../../core/adapter-calls.js";
import type { ServerContext } from "../../core/context.js";
import { hasUnprovenAddress, type SessionMarks } from "../../core/session-marks.js";
import { nowInSeconds } from "../../jwt/claims.js";
import { decodeNextAuthV4Token } from "../../jwt/next-auth-v4.js";
import type { JWT } from "../../jwt/types.js";
import { recordJwtSession } from "../../session/recorded-jwt-sessions.js";
import { sessionClaimsWithId, withLibraryClaims } from "../../session/session-claims.js";
import { requestSessionToken } from "../../session/session-token.js";
import type { SessionResult } from "../../session/types.js";
import { issuedBeforeProof } from "../../session/unproven-address.js";

/**
 * Whether the answer to the request sets cookies (GET and POST /session) or not (`getSession`, and
 * a sign-out, which needs only the session's id): only an answer that hands the browser the
 * adopted cookie uses up the v4 token.
 */
type AdoptionAnswer = "sets-cookies" | "sets-no-cookie";

/** v4's session cookie name: `__Secure-` prefixed when the app's URL is https, as v4 named it. */
const nextAuthV4SessionCookieName = (secure: boolean): string =>
  `${secure ? "__Secure-" : ""}next-auth.session-token`;

/** What a v4 session becomes: the latchkey session cookie's value and when it ends. */
interface AdoptedValue {
  value: string;
  expires: Date;
  /** Records the adopted session for listing, once the strategy has read it as live. */
  record?: () => Promise<void>;
}

interface Adoption<C extends ServerContext> {
  /** The request as the session strategy reads it: carrying the adopted latchkey cookie, if any. */
  ctx: C;
  /** The latchkey session cookie to set, when the v4 session was adopted. */
  issued: CookieToSet[];
  /** Expiries for every part of v4's session cookie the request carried. */
  cleared: CookieToSet[];
  /** See {@link AdoptedValue.record}. */
  record?: () => Promise<void>;
}

/**
 * Whether the v4 token with adoption id `id` may be adopted on this request. With a shared store
 * each token is adopted once, by the first answer that sets the adopted cookie (a copy presented
 * later is someone else's, or a replay); `getSession` may read a token not yet adopted but uses
 * nothing up, as the browser keeps its v4 cookie. The entry lives as long as the token could.
 * Without a store nothing is kept, and a v4 token signs in until its `exp` (as a latchkey JWT does
 * without a store: README, "Which session strategy").
 */
async function mayAdopt(
  ctx: ServerContext,
  id: string,
  ttlMs: number,
  answer: AdoptionAnswer,
): Promise<boolean> {
  const store = ctx.config.revocationStore;
  if (store === undefined) return true;
  const key = `adopted:next-auth-v4:${id}`;
  if (answer === "sets-no-cookie") return (await store.get(key)) === undefined;
  // A record: a flood of other entries must not evict it and let the token be adopted again.
  return store.setIfAbsent(key, "1", ttlMs, { kind: "record" });
}

/**
 * The adopted session's unproven-address mark, judged as a sign-in judges it (core/session-marks.ts)
 * and only where there are stored users to look at; or null when the address was proven after v4
 * issued the token. v4 marked nothing, so its `iat` is all there is to judge by, as for any token
 * without the mark (session/unproven-address.ts): adopted unmarked, with a fresh `iat`, a session
 * from before the proof (possibly an intruder's) would outlive it wherever no store keeps the
 * proof's marker.
 */
async function unprovenAddressMark(
  ctx: ServerContext,
  userId: unknown,
  signedInAt: number,
): Promise<boolean | null> {
  const adapter = ctx.config.adapter;
  if (typeof adapter?.getUser !== "function" || typeof userId !== "string" || userId === "") return false;
  const getUser = adapterMethod(adapter, "getUser");
  const user = await callAdapter("find an adopted session's user", () => getUser(userId));
  if (user === null) return false;
  if (hasUnprovenAddress(user)) return true;
  return issuedBeforeProof({ iat: signedInAt }, user) ? null : false;
}

/**
 * A v4 JWT re-encoded as latchkey's, its own claims kept and its `exp` unchanged (never extended),
 * with the library's session claims (session-claims.ts): an id derived from the v4 token, and
 * marks signed in at the token's `iat` with no known method (v4 recorded none).
 */
async function adoptJwt(
  ctx: ServerContext,
  v4Token: string,
  answer: AdoptionAnswer,
): Promise<AdoptedValue | null> {
  const claims = await decodeNextAuthV4Token(ctx.runtime, v4Token, ctx.config.secrets);
  if (claims === null) return null;
  const now = nowInSeconds();
  const remaining = (claims.exp as number) - now;
  // Inside v4's clock tolerance but past its `exp`: over, not revived for a moment.
  if (remaining <= 0) return null;
  // v4's encoder always writes `iat`; without it the token could not be placed before a marker.
  const signedInAt = claims.iat;
  if (typeof signedInAt !== "number" || !Number.isFinite(signedInAt) || signedInAt > now) return null;
  const id = (await ctx.runtime.sha256Hex(`latchkey.next-auth-v4\0${v4Token}`)).slice(0, 32);
  if (!(await mayAdopt(ctx, id, remaining * 1000, answer))) {
    ctx.config.logger.debug("A next-auth v4 session cookie was adopted before; refusing the copy");
    return null;
  }
  const unprovenAddress = await unprovenAddressMark(ctx, claims.sub, signedInAt);
  if (unprovenAddress === null) {
    ctx.config.logger.debug(
      "A next-auth v4 session cookie was issued before its user's address was proven; refusing it",
    );
    return null;
  }
  const marks: SessionMarks = { authentication: { amr: [], authTime: signedInAt }, unprovenAddress };
  const token: JWT = { ...claims };
  // The encoder writes fresh registered claims; `exp` follows from the maxAge below.
  delete token.iat;
  delete token.exp;
  delete token.jti;
  delete token.nbf;
  // Claims a v4 callback wrote under the library's names are replaced, never taken.
  const adopted = withLibraryClaims(token, sessionClaimsWithId(id, marks));
  const maxAge = Math.min(remaining, ctx.config.jwt.maxAge);
  const encode = ctx.config.jwt.encode ?? ctx.codec.encode;
  const salt = ctx.cookies.sessionToken.name;
  const value = await encode({ token: adopted, secret: ctx.config.secrets, salt, maxAge });
  const expiresAt = now + maxAge;
  return {
    value,
    expires: new Date(expiresAt * 1000),
    record: () => recordJwtSession(ctx, adopted, expiresAt),
  };
}

/** A v4 database session: the same row (v4 and latchkey share the schema), under latchkey's cookie. */
async function adoptDatabaseSession(ctx: ServerContext, v4Token: string): Promise<AdoptedValue | null> {
  // The shape check of latchkey's own cookie applies: junk never reaches the adapter.
  const sessionToken = requestSessionToken(withSessionCookie(ctx, v4Token));
  if (sessionToken === undefined) return null;
  const getSessionAndUser = adapterMethod(ctx.config.adapter, "getSessionAndUser");
  const found = await callAdapter("read a next-auth v4 session", () => getSessionAndUser(sessionToken));
  if (!found || found.session.expires.valueOf() <= Date.now()) return null;
  return { value: sessionToken, expires: found.session.expires };
}

/** `ctx` as if the request carried `value` as latchkey's session cookie. */
function withSessionCookie<C extends ServerContext>(ctx: C, value: string): C {
  return { ...ctx, requestCookies: { ...ctx.requestCookies, [ctx.cookies.sessionToken.name]: value } };
}

async function adopt<C extends ServerContext>(
  ctx: C,
  answer: AdoptionAnswer,
): Promise<Adoption<C> | undefined> {
  const v4Name = nextAuthV4SessionCookieName(ctx.secure);
  if (!carriesChunkedCookie(ctx.requestCookies, v4Name)) return undefined;
  const { name, options } = ctx.cookies.sessionToken;
  const cleared = clearChunkedCookie(v4Name, options, ctx.requestCookies);
  // A latchkey session wins: this browser was adopted before, or has signed in since.
  if (carriesChunkedCookie(ctx.requestCookies, name)) return { ctx, issued: [], cleared };
  // Chunks read fail closed, as latchkey's own (a gap or a duplicate: no session).
  const v4Token = readChunkedCookie(ctx.requestCookies, v4Name);
  if (v4Token === undefined) return { ctx, issued: [], cleared };
  const adopted =
    ctx.config.session.strategy === "jwt"
      ? await adoptJwt(ctx, v4Token, answer)
      : await adoptDatabaseSession(ctx, v4Token);
  if (adopted === null) {
    ctx.config.logger.debug("A next-auth v4 session cookie was not readable or has expired; clearing it");
    return { ctx, issued: [], cleared };
  }
  ctx.config.logger.debug("Adopted a next-auth v4 session", { expires: adopted.expires.toISOString() });
  return {
    ctx: withSessionCookie(ctx, adopted.value),
    issued: writeChunkedCookie(name, adopted.value, { ...options, expires: adopted.expires }),
    cleared,
    ...(adopted.record ? { record: adopted.record } : {}),
  };
}

/**
 * Reads (or updates) the session through `use`, adopting a v4 session first when the app opted in.
 * The adopted cookie is set only when `use` found a session in it (the `jwt` callback may still end
 * it), and a session cookie `use` writes itself (a re-issue) takes its place whole: its parts beside
 * those of the adopted one would be chunks no read accepts (cookie/chunks.ts).
 */
export async function withNextAuthV4Session<C extends ServerContext>(
  ctx: C,
  use: (ctx: C) => Promise<SessionResult>,
  setsCookies: boolean | undefined,
): Promise<SessionResult> {
  const answer: AdoptionAnswer = setsCookies ? "sets-cookies" : "sets-no-cookie";
  const adoption = await adopt(ctx, answer);
  if (adoption === undefined) return use(ctx);
  const result = await use(adoption.ctx);
  const setByStrategy = Object.fromEntries(result.cookies.map((cookie) => [cookie.name, cookie.value]));
  const reissued = carriesChunkedCookie(setByStrategy, ctx.cookies.sessionToken.name);
  const issued = result.session === null || reissued ? [] : adoption.issued;
  // Listed like a session latchkey issued, once the browser is handed its cookie; a re-issue was
  // recorded by the strategy as it issued it (session/jwt.ts), under the same id and marks.
  if (issued.length > 0 && answer === "sets-cookies" && adoption.record) await adoption.record();
  return { session: result.session, cookies: [...issued, ...result.cookies, ...adoption.cleared] };
}

/**
 * Signs out through `signOut`, ending a v4 session the request still carries as well (a v4
 * database session's row is deleted like latchkey's own), and clearing v4's cookie: a sign-out
 * must not leave a v4 cookie that signs the user back in on the next request.
 */
export async function signOutWithNextAuthV4<C extends ServerContext>(
  ctx: C,
  signOut: (ctx: C) => Promise<CookieToSet[]>,
): Promise<CookieToSet[]> {
  // Uses nothing up: the marker the sign-out sets on the adopted session ends every copy.
  const adoption = await adopt(ctx, "sets-no-cookie");
  if (adoption === undefined) return signOut(ctx);
  return [...(await signOut(adoption.ctx)), ...adoption.cleared];
}
