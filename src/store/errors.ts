/**
 * Errors raised by the short-lived store and its helpers. They belong to the `AuthError` family (the
 * base lives below every module, as for `latchkey/jwt`), so `Auth()` answers them like any other
 * and `getAccessToken` callers can tell them apart by `type`; `docs/errors.md` explains each.
 */
import { AuthError } from "../auth-error.js";

/**
 * The store (Redis, usually) failed or did not answer in time (`storeTimeoutMs`), so the work that
 * needed it was refused: latchkey fails closed rather than counting nothing or skipping a lock.
 * A browser is told to try again later (503); the cause (the client's own error) is logged.
 *
 * @example
 * ```ts
 * import { getAccessToken, StoreUnavailable } from "latchkey";
 *
 * try {
 *   await getAccessToken(request, config, "github");
 * } catch (error) {
 *   if (error instanceof StoreUnavailable) console.warn("Redis is down:", error.cause);
 * }
 * ```
 */
export class StoreUnavailable extends AuthError {
  static override readonly type = "StoreUnavailable";
  static override readonly clientSafe = true;
  static override readonly status = 503;
}

/**
 * The store has no room for a new entry and will not make room by dropping a live one: a
 * `MemoryStore` at its `maxKeys` of counters or of records (revocation markers, session records)
 * refuses new keys until the first entry expires, because dropping one would reset a rate limit
 * somebody reached or bring a revoked session back. The rate limiter answers it as a 429 with
 * `Retry-After` (a sign-in that needs a new counter waits); anything else refused is answered 503
 * ("try again later") and logged. A `RedisStore` never raises it.
 *
 * @example
 * ```ts
 * import { revokeUserSessions, StoreFull } from "latchkey";
 *
 * try {
 *   await revokeUserSessions(config, userId);
 * } catch (error) {
 *   if (error instanceof StoreFull) console.warn(`store full for another ${error.retryAfterMs} ms`);
 * }
 * ```
 */
export class StoreFull extends AuthError {
  static override readonly type = "StoreFull";
  static override readonly clientSafe = true;
  static override readonly status = 503;
  /** Milliseconds until the first entry expires and frees room. */
  readonly retryAfterMs: number;

  constructor(message: string, retryAfterMs: number) {
    super(message);
    this.retryAfterMs = Math.max(1, retryAfterMs);
  }
}

/**
 * A lock stayed held by another holder for longer than the caller would wait. Usually another
 * process is doing the same work (refreshing the same account's tokens, the first sign-up of an
 * account) and is slow; if it keeps happening, raise `waitMs` or check that holders release their
 * locks. A browser is told to try again later (503).
 *
 * @example
 * ```ts
 * import { getAccessToken, LockTimeout } from "latchkey";
 *
 * try {
 *   await getAccessToken(request, config, "github");
 * } catch (error) {
 *   if (error instanceof LockTimeout) console.warn(`still refreshing elsewhere: ${error.key}`);
 * }
 * ```
 */
export class LockTimeout extends AuthError {
  static override readonly type = "LockTimeout";
  static override readonly clientSafe = true;
  static override readonly status = 503;
  /** The lock that could not be taken. */
  readonly key: string;

  constructor(key: string, waitMs: number) {
    super(
      `The lock "${key}" was still held elsewhere after waiting ${waitMs} ms. Another process is doing this work; ` +
        "retry later, or raise `waitMs` if runs routinely take longer.",
    );
    this.key = key;
  }
}
