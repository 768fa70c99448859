/**
 * Rate limiting and the stores for short-lived shared state. latchkey limits sign-in attempts and
 * sign-in requests on its own (the `rateLimit` option); this module gives the stores its counters
 * live in. `MemoryStore` keeps them in one process; several processes behind a load balancer share
 * a `RedisStore`.
 *
 * @example
 * ```ts
 * import { Redis } from "ioredis";
 * import type { AuthConfig } from "latchkey";
 * import { RedisStore } from "latchkey/rate-limit";
 *
 * const config: AuthConfig = {
 *   providers,
 *   store: new RedisStore(new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379")),
 *   rateLimit: { rules: { signInAttempt: { perAccount: 5 } } },
 * };
 * ```
 * @module
 */
export { MemoryStore, type MemoryStoreOptions } from "../store/memory.js";
export { type RedisClientLike, RedisStore } from "../store/redis.js";
export type { CounterState, SetIfAbsentOptions, ShortLivedStore } from "../store/types.js";
export {
  DEFAULT_RATE_LIMIT_RULES,
  type RateLimitConfig,
  type RateLimitRule,
  type RateLimitRuleName,
} from "./rules.js";
