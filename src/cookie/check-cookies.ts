/**
 * Short-lived cookies that carry a sign-in's checks (OAuth state, PKCE verifier, OIDC nonce, WebAuthn
 * challenge) from the request that starts it to the callback that finishes it. Each is sealed with the
 * session-token JWE (encrypted and authenticated), expires after 15 minutes, and is bound to its
 * provider and its kind, so a value minted for one provider or purpose never passes for another.
 */
import { type CookieToSet, expiredCookie, type RequestCookies } from "./header.js";
import type { CookieSpec } from "./names.js";

export type CheckKind = "state" | "pkce" | "nonce" | "challenge";

/** RFC 9700 leaves the lifetime to us; 15 minutes covers a slow login page without lingering. */
export const CHECK_COOKIE_MAX_AGE_SECONDS = 15 * 60;

/**
 * What sealing needs from the session-token codec (`latchkey/jwt`'s encode and decode): described
 * here rather than imported, so cookies stay below the token code that reads them.
 */
export interface SealingCodec {
  encode(params: { token: object; secret: string | string[]; salt: string; maxAge: number }): Promise<string>;
  decode<Payload>(params: {
    token: string;
    secret: string | string[];
    salt: string;
  }): Promise<Payload | null>;
}

type SecretInput = string | string[];

interface CheckCookieClaims {
  value: string;
  provider: string;
  check: CheckKind;
}

export interface SealCheckCookieParams {
  codec: SealingCodec;
  check: CheckKind;
  value: string;
  providerId: string;
  cookie: CookieSpec;
  secret: SecretInput;
  maxAge?: number;
}

export async function sealCheckCookie(params: SealCheckCookieParams): Promise<CookieToSet> {
  const maxAge = params.maxAge ?? CHECK_COOKIE_MAX_AGE_SECONDS;
  const claims: CheckCookieClaims = { value: params.value, provider: params.providerId, check: params.check };
  const value = await params.codec.encode({
    token: claims,
    secret: params.secret,
    salt: params.cookie.name,
    maxAge,
  });
  return { name: params.cookie.name, value, options: { ...params.cookie.options, maxAge } };
}

export interface OpenCheckCookieParams {
  codec: SealingCodec;
  check: CheckKind;
  providerId: string;
  cookie: CookieSpec;
  secret: SecretInput;
  cookies: RequestCookies;
}

/** The sealed value, or null when the cookie is missing, expired, forged, or minted for another provider or check. */
export async function openCheckCookie(params: OpenCheckCookieParams): Promise<string | null> {
  const sealed = params.cookies[params.cookie.name];
  if (!sealed) return null;
  const claims = await params.codec.decode<Partial<CheckCookieClaims>>({
    token: sealed,
    secret: params.secret,
    salt: params.cookie.name,
  });
  if (claims === null || claims.provider !== params.providerId || claims.check !== params.check) return null;
  return typeof claims.value === "string" ? claims.value : null;
}

/** Check cookies are single-use: every callback clears the ones it read. */
export function clearCheckCookie(cookie: CookieSpec): CookieToSet {
  return expiredCookie(cookie.name, cookie.options);
}
