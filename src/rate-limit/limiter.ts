/**
 * The limiter: counts a request against its rule, once per client address group and once per
 * account identifier, in fixed windows kept in a {@link ShortLivedStore}. It knows nothing of HTTP;
 * the pipeline turns its verdict into a 429.
 *
 * The address is counted first and counting stops at the first counter over its limit, so a
 * request refused under its address creates and increments no counter for the accounts it names:
 * one client cannot fill the store with account counters faster than its own limit lets it.
 */
import { runtime } from "#crypto";
import { StoreFull } from "../store/errors.js";
import type { CounterState, ShortLivedStore } from "../store/types.js";
import { addressGroup } from "./address-group.js";
import type { RateLimitRule, RateLimitRuleName } from "./rules.js";

/**
 * Who a request is: the client address claims the origin rule found (raw, most trusted first) and
 * the accounts it names.
 */
export interface RateLimitSubject {
  addresses: readonly string[];
  accounts: readonly string[];
}

/**
 * Not limited, or limited until `retryAfterSeconds`: because a counter passed its limit (`"limit"`)
 * or because the store had no room for a new counter and would not drop a live one (`"storeFull"`).
 */
export type RateLimitVerdict =
  | { limited: false }
  | { limited: true; retryAfterSeconds: number; reason: "limit" | "storeFull" };

export interface RateLimiter {
  /**
   * Counts one request against `rule` and says whether it is over a limit. Rejects when the store
   * fails: the caller decides what a failure means (the pipeline refuses the request).
   */
  check(rule: RateLimitRuleName, subject: RateLimitSubject): Promise<RateLimitVerdict>;
}

/**
 * The address group a request counts under: that of the first claim that is an address, else one
 * bucket shared by every request without one. A claim that is not an address (`X-Forwarded-For:
 * unknown`) must never mean "not counted per address": then anyone could opt out of the limit.
 */
function subjectGroup(addresses: readonly string[]): string {
  for (const address of addresses) {
    const group = addressGroup(address);
    if (group !== undefined) return group;
  }
  return "unknown";
}

/** Account identifiers are client input: long ones are hashed, so a key's size stays bounded. */
const LONGEST_PLAIN_IDENTIFIER = 128;

async function accountKey(identifier: string): Promise<string> {
  return identifier.length <= LONGEST_PLAIN_IDENTIFIER
    ? identifier
    : `sha256:${await runtime.sha256Hex(identifier)}`;
}

/**
 * A limiter over `store` with these (already validated) rules.
 *
 * @example
 * ```ts
 * const limiter = createRateLimiter(new MemoryStore(), DEFAULT_RATE_LIMIT_RULES);
 * const verdict = await limiter.check("signInAttempt", { addresses: ["203.0.113.7"], accounts: ["credentials:username:ada"] });
 * if (verdict.limited) console.log(`retry in ${verdict.retryAfterSeconds} s`);
 * ```
 */
export function createRateLimiter(
  store: ShortLivedStore,
  rules: Readonly<Record<RateLimitRuleName, Readonly<RateLimitRule>>>,
): RateLimiter {
  return {
    async check(ruleName, subject) {
      const rule = rules[ruleName];
      const windowMs = rule.windowSeconds * 1000;
      const counters = [{ key: `rl:${ruleName}:ip:${subjectGroup(subject.addresses)}`, limit: rule.perIp }];
      for (const account of new Set(subject.accounts)) {
        counters.push({ key: `rl:${ruleName}:account:${await accountKey(account)}`, limit: rule.perAccount });
      }
      let states: CounterState[];
      try {
        states = await countInOrder(
          store,
          counters.map(({ key }) => key),
          counters.map(({ limit }) => limit),
          windowMs,
        );
      } catch (error) {
        if (!(error instanceof StoreFull)) throw error;
        return { limited: true, retryAfterSeconds: secondsOf(error.retryAfterMs), reason: "storeFull" };
      }
      let retryAfterMs = 0;
      states.forEach((state, index) => {
        if (state.count > (counters[index]?.limit ?? Number.POSITIVE_INFINITY)) {
          retryAfterMs = Math.max(retryAfterMs, state.ttlMs);
        }
      });
      if (retryAfterMs === 0) return { limited: false };
      return { limited: true, retryAfterSeconds: secondsOf(retryAfterMs), reason: "limit" };
    },
  };
}

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Increments `keys` in order and stops after the first over its limit: in one step when the store
 * can (one round trip to Redis), else one key at a time.
 */
async function countInOrder(
  store: ShortLivedStore,
  keys: readonly string[],
  limits: readonly number[],
  windowMs: number,
): Promise<CounterState[]> {
  if (store.incrementMany) return store.incrementMany(keys, windowMs, limits);
  const states: CounterState[] = [];
  for (const [index, key] of keys.entries()) {
    const state = await store.increment(key, windowMs);
    states.push(state);
    if (state.count > (limits[index] ?? Number.POSITIVE_INFINITY)) break;
  }
  return states;
}
