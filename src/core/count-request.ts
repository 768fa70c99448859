/**
 * Counting one request against a rate-limit rule: the pipeline does it before a guarded route's
 * action, and a flow does it itself when the accounts a request names are known only part way
 * through (an OAuth callback learns its account from the provider). A refused request throws
 * before anything else happens.
 */
import type { RateLimiter } from "../rate-limit/limiter.js";
import type { RateLimitRuleName } from "../rate-limit/rules.js";
import type { AuthContext } from "./context.js";
import { RateLimited, RateLimitStoreError } from "./errors.js";
import { clientAddresses } from "./origin.js";

/**
 * Counts this request against `rule`: per client address (`rateLimit.trustForwardedFor` decides
 * whether a proxy's header counts) and per account in `accounts`. Throws {@link RateLimited} when
 * over a limit or when the store has no room for its new counters, and
 * {@link RateLimitStoreError} when the store fails: the request is refused either way. Does
 * nothing with `rateLimit: false`.
 */
export async function countRequest(
  ctx: AuthContext,
  rule: RateLimitRuleName,
  accounts: readonly string[],
): Promise<void> {
  const limiter = ctx.config.rateLimiter;
  if (!limiter) return;
  let verdict: Awaited<ReturnType<RateLimiter["check"]>>;
  try {
    const addresses = clientAddresses(
      { trustForwardedFor: ctx.config.rateLimitTrustsForwardedFor },
      ctx.req.request,
    );
    verdict = await limiter.check(rule, { addresses, accounts });
  } catch (error) {
    throw new RateLimitStoreError(
      `The rate-limit store failed, so this ${rule} request was refused rather than let through uncounted. Check the store (Redis) connection.`,
      { cause: error },
    );
  }
  if (!verdict.limited) return;
  if (verdict.reason === "storeFull") {
    // The new counters found no room: refused, so that no live counter is dropped (README, rate limiting).
    throw new RateLimited(
      verdict.retryAfterSeconds,
      `The rate-limit store is full (MemoryStore maxKeys); room frees in ${verdict.retryAfterSeconds} s. Raise maxKeys or use RedisStore.`,
    );
  }
  throw new RateLimited(verdict.retryAfterSeconds);
}
