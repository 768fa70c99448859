/** Clock skew forgiven between the server that issued a token and the one reading it. */
export const CLOCK_TOLERANCE_SECONDS = 15;

/** Thirty days, the Auth.js default session lifetime. */
export const DEFAULT_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export const nowInSeconds = () => Math.floor(Date.now() / 1000);

const isTime = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/**
 * Checks the registered time claims of RFC 7519 §4.1. A session token must expire, so `exp` is
 * required; `nbf` and `iat` must be numbers when present.
 */
export function hasValidTimeClaims(payload: Record<string, unknown>, now = nowInSeconds()): boolean {
  if (!isTime(payload.exp) || payload.exp <= now - CLOCK_TOLERANCE_SECONDS) return false;
  if (payload.nbf !== undefined && (!isTime(payload.nbf) || payload.nbf > now + CLOCK_TOLERANCE_SECONDS))
    return false;
  if (payload.iat !== undefined && !isTime(payload.iat)) return false;
  return true;
}
