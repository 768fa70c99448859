/**
 * Rate limiting in the pipeline: the `rateLimit` option resolved once per config, and the check the
 * handler runs before a guarded route's action (the route table names the rule; the provider's flow
 * names the accounts). A limited request is refused before anything happens: no password is
 * checked, no e-mail sent.
 */
import type { AuthContext } from "../core/context.js";
import { countRequest } from "../core/count-request.js";
import { InvalidConfig } from "../core/errors.js";
import type { MethodRoute } from "../core/routes.js";
import { flowFor } from "../flows/index.js";
import { createRateLimiter, type RateLimiter } from "../rate-limit/limiter.js";
import {
  DEFAULT_RATE_LIMIT_RULES,
  RATE_LIMIT_RULE_NAMES,
  type RateLimitConfig,
  type RateLimitRule,
  type RateLimitRuleName,
} from "../rate-limit/rules.js";
import { boundedStore } from "../store/bounded.js";
import type { ShortLivedStore } from "../store/types.js";

const RULE_FIELDS: ReadonlyArray<keyof RateLimitRule> = ["windowSeconds", "perIp", "perAccount"];

function resolveRule(name: RateLimitRuleName, given: Partial<RateLimitRule> | undefined): RateLimitRule {
  const rule = { ...DEFAULT_RATE_LIMIT_RULES[name] };
  for (const field of RULE_FIELDS) {
    const value = given?.[field];
    if (value === undefined) continue;
    // Number.isSafeInteger is false for anything but a number, so a JavaScript app's "5" is refused too.
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new InvalidConfig(
        `rateLimit.rules.${name}.${field} must be a whole number of at least 1 (got ${String(value)}); the default is ${DEFAULT_RATE_LIMIT_RULES[name][field]}.`,
      );
    }
    rule[field] = value;
  }
  return rule;
}

/**
 * The limiter the `rateLimit` option describes, or undefined when it is `false`. Counters live in
 * `rateLimit.store` (each call bounded by `storeTimeoutMs`), else in the config's (bounded) `store`.
 */
export function resolveRateLimiter(
  option: RateLimitConfig | false | undefined,
  store: ShortLivedStore,
  storeTimeoutMs: number,
): RateLimiter | undefined {
  if (option === false) return undefined;
  if (option !== undefined && (typeof option !== "object" || option === null)) {
    throw new InvalidConfig(
      "rateLimit must be an object ({ store, rules }) or false to turn the limiter off.",
    );
  }
  const trust = option?.trustForwardedFor;
  if (trust !== undefined && typeof trust !== "boolean") {
    throw new InvalidConfig(`rateLimit.trustForwardedFor must be true or false (got ${String(trust)}).`);
  }
  const unknown = Object.keys(option?.rules ?? {}).filter(
    (name) => !RATE_LIMIT_RULE_NAMES.includes(name as RateLimitRuleName),
  );
  if (unknown.length > 0) {
    throw new InvalidConfig(
      `rateLimit.rules has no rule named ${unknown.map((name) => `"${name}"`).join(", ")}; the rules are ${RATE_LIMIT_RULE_NAMES.join(", ")}.`,
    );
  }
  const rules = Object.fromEntries(
    RATE_LIMIT_RULE_NAMES.map((name) => [name, resolveRule(name, option?.rules?.[name])]),
  ) as Record<RateLimitRuleName, RateLimitRule>;
  const counters = option?.store === undefined ? store : boundedStore(option.store, storeTimeoutMs);
  return createRateLimiter(counters, rules);
}

/**
 * The accounts a guarded request counts against: those its route names itself, else those the
 * routed provider's flow reads from the request, else none: the request is then not counted.
 */
async function accountsNamed(ctx: AuthContext, route: MethodRoute): Promise<string[] | undefined> {
  if (route.rateLimitKeys) return route.rateLimitKeys(ctx);
  const provider = ctx.provider;
  const flow = provider ? flowFor(provider) : undefined;
  // A flow opts in by naming the accounts a request names (possibly none). One that does not (an
  // OAuth redirect or callback) has no secret to guess and sends nothing, so it is not counted:
  // many users behind one address must not share a budget for merely starting a sign-in.
  if (!provider || !flow?.rateLimitKeys) return undefined;
  return flow.rateLimitKeys(ctx, provider);
}

/**
 * Counts this request against its route's rule, per client address and per account the route or
 * the provider's flow reads from the request (core/count-request.ts).
 */
export async function enforceRateLimit(ctx: AuthContext, route: MethodRoute): Promise<void> {
  const rule = route.rateLimit;
  if (!ctx.config.rateLimiter || !rule) return;
  const accounts = await accountsNamed(ctx, route);
  if (accounts === undefined) return;
  await countRequest(ctx, rule, accounts);
}
