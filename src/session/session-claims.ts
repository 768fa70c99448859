/**
 * The claims a JWT session owes to latchkey alone: a session id and the session's marks (how and
 * when the user signed in, and whether the address was unproven: core/session-marks.ts). They are
 * set when the session is issued and kept as they are for its whole life: a re-issue carries them
 * over whatever the `jwt` callback returned, and takes none from it (nor from the update data an
 * app's callback merges in), so the session can be listed and revoked by a marker
 * (revocation-markers.ts) whatever its `jti` and `iat` are now, and no client can write how it
 * signed in. The names are OpenID Connect's: `sid` (Front-Channel Logout 1.0 §3) and `auth_time`
 * (Core §2), with `amr` (RFC 8176 values, Core §2); a step-up moves `auth_time` and `amr` to the
 * moment of the new proof (Core §2: the time "authentication occurred").
 */
import {
  AMR_CLAIM,
  AUTH_TIME_CLAIM,
  authenticationClaims,
  MARK_CLAIMS,
  marksClaims,
  parseAuthentication,
  type SessionAuthentication,
  type SessionMarks,
} from "../core/session-marks.js";
import type { JWT } from "../jwt/types.js";
import type { CryptoRuntime } from "../runtime/types.js";

export const SESSION_ID_CLAIM = "sid";

/** Every claim that is the library's: the session id and the marks. */
const LIBRARY_CLAIMS: readonly string[] = [SESSION_ID_CLAIM, ...MARK_CLAIMS];

/** A new session's own claims: a random id, and its marks. */
export function newSessionClaims(runtime: CryptoRuntime, marks: SessionMarks): JWT {
  return { [SESSION_ID_CLAIM]: runtime.base64urlEncode(runtime.randomBytes(16)), ...marksClaims(marks) };
}

/**
 * The own claims of a session whose id is not random: one adopted from another library's token
 * takes an id derived from that token, so that every copy of the token becomes the same session
 * and a marker on it ends them all.
 */
export function sessionClaimsWithId(id: string, marks: SessionMarks): JWT {
  return { [SESSION_ID_CLAIM]: id, ...marksClaims(marks) };
}

/**
 * `token` (what the `jwt` callback returned) with the library's claims exactly as `own` has them:
 * each one `own` has is set, and each one it lacks is removed, so neither the callback nor data it
 * merged in can add, change or drop one.
 */
export function withLibraryClaims(token: JWT, own: JWT): JWT {
  for (const claim of LIBRARY_CLAIMS) {
    if (own[claim] === undefined) delete token[claim];
    else token[claim] = own[claim];
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

/** The token after a step-up: the same session and marks, with the new proof's `amr` and `auth_time`. */
export function withAuthentication(token: JWT, authentication: SessionAuthentication): JWT {
  return { ...token, ...authenticationClaims(authentication) };
}
