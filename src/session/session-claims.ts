/**
 * The claims that make a JWT session a session one can name: a session id and the time of the
 * sign-in, both kept for the session's whole life (a re-issue keeps them), so that a session can be
 * listed, and revoked by a marker (revocation-markers.ts), whatever its `jti` and `iat` are now.
 * The names are OpenID Connect's: `sid` (Front-Channel Logout 1.0 §3) and `auth_time` (Core §2),
 * with `amr` (RFC 8176 values, Core §2) for how the user proved who they are; a step-up moves
 * `auth_time` and `amr` to the moment of the new proof (Core §2: the time "authentication occurred").
 */
import type { SessionAuthentication } from "../core/session-strategy.js";
import { nowInSeconds } from "../jwt/claims.js";
import type { JWT } from "../jwt/types.js";
import type { CryptoRuntime } from "../runtime/types.js";

export const SESSION_ID_CLAIM = "sid";
export const AUTH_TIME_CLAIM = "auth_time";
export const AMR_CLAIM = "amr";

/** A new session's claims: a random id, the sign-in time in seconds, and how the user signed in. */
export function newSessionClaims(
  runtime: CryptoRuntime,
  now: number,
  authentication?: SessionAuthentication,
): Partial<JWT> {
  return {
    [SESSION_ID_CLAIM]: runtime.base64urlEncode(runtime.randomBytes(16)),
    ...(authentication ? authenticationClaims(authentication) : { [AUTH_TIME_CLAIM]: now }),
  };
}

/** How the user signed in, as the claims a token or a sealed cookie records it with. */
export function authenticationClaims(authentication: SessionAuthentication): JWT {
  return { [AMR_CLAIM]: [...authentication.amr], [AUTH_TIME_CLAIM]: authentication.authTime };
}

/** A re-issued token keeps its session's claims, even if a custom `jwt` callback built a new token. */
export function carrySessionClaims(token: JWT, previous: JWT): JWT {
  for (const claim of [SESSION_ID_CLAIM, AUTH_TIME_CLAIM, AMR_CLAIM]) {
    if (previous[claim] !== undefined) token[claim] = previous[claim];
  }
  return token;
}

/**
 * The session's id: its `sid`, or for a token issued without one (by Auth.js, or before latchkey
 * set it), its `jti`, which names that token alone.
 */
export function sessionIdOf(token: JWT): string {
  const id = token[SESSION_ID_CLAIM] ?? token.jti;
  return typeof id === "string" ? id : "";
}

/** When the session was signed in to, in seconds: `auth_time`, else (older tokens) `iat`. */
export function signedInAtOf(token: JWT): number | undefined {
  const time = token[AUTH_TIME_CLAIM] ?? token.iat;
  return typeof time === "number" && Number.isFinite(time) ? time : undefined;
}

/**
 * How the token's user signed in: its `amr` and `auth_time`. A token from before latchkey recorded
 * `amr` has none (`[]`); one with neither claim (Auth.js's) records nothing: null.
 */
export function authenticationOf(token: JWT): SessionAuthentication | null {
  return parseAuthentication(token[AMR_CLAIM] ?? [], token[AUTH_TIME_CLAIM]);
}

/** Seconds of clock skew between servers that a recorded sign-in time may be ahead of this one's clock. */
const AUTH_TIME_SKEW_SECONDS = 60;

/**
 * An `amr` (RFC 8176 values) and `auth_time` (OpenID Connect Core 1.0 §2) as recorded, checked:
 * null unless `amr` is a list of strings and `auth_time` a time not in the future, so a record
 * cannot claim a sign-in still to come and count as recent for longer.
 */
export function parseAuthentication(amr: unknown, authTime: unknown): SessionAuthentication | null {
  if (!Array.isArray(amr) || !amr.every((value) => typeof value === "string")) return null;
  if (typeof authTime !== "number" || !Number.isFinite(authTime)) return null;
  if (authTime > nowInSeconds() + AUTH_TIME_SKEW_SECONDS) return null;
  return { amr: [...amr], authTime };
}

/** The token after a step-up: the same session, with the new proof's `amr` and `auth_time`. */
export function withAuthentication(token: JWT, authentication: SessionAuthentication): JWT {
  return { ...token, ...authenticationClaims(authentication) };
}
