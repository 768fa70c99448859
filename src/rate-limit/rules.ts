/**
 * The rate-limit rules and their defaults. Each guarded route names one rule (the route table in
 * `pipeline/routes.ts`); each rule counts requests per client address and per account identifier in
 * fixed windows, so that neither many addresses against one account nor one address against many
 * accounts gets more than its share.
 */
import type { ShortLivedStore } from "../store/types.js";

/**
 * `signInAttempt`: attempts to prove an identity (`POST /callback/:id`: passwords, one-time codes,
 * e-mail links, passkey assertions). `signInRequest`: requests that make the server send something
 * (`POST /signin/:id`: an e-mail link; `POST /organization-invite`: an invitation) or create
 * something lasting for a user (`POST /organization-create`), these two counted per signed-in user. `webauthnOptions`: requests that make the server store a
 * passkey challenge (`GET /webauthn-options/:id`), which anyone may ask for. `secondFactor`: codes
 * posted as a second factor (`POST /two-factor`, `/two-factor-setup`), counted per user, a user
 * known only from a proven first factor or a session, so nobody else can spend a user's budget.
 * `oauthSignIn`: OAuth and OIDC sign-ins completed (`/callback/:id` with a valid authorization
 * response), counted per provider account once the provider has named it, so that one account
 * cannot sign in (and have the store write a record for each) without bound.
 */
export type RateLimitRuleName =
  | "signInAttempt"
  | "signInRequest"
  | "webauthnOptions"
  | "secondFactor"
  | "oauthSignIn";

/** One rule's limits. */
export interface RateLimitRule {
  /** Length of the fixed window, in seconds. */
  windowSeconds: number;
  /** Requests per window from one client address (IPv4 address, or IPv6 /64). */
  perIp: number;
  /** Requests per window that name one account (an e-mail address, a username). */
  perAccount: number;
}

/**
 * The `rateLimit` option. Any rule or field left out keeps its default; `rateLimit: false` turns
 * the limiter off.
 *
 * @example
 * ```ts
 * import type { AuthConfig } from "latchkey";
 *
 * const config: AuthConfig = {
 *   providers,
 *   rateLimit: { rules: { signInAttempt: { perAccount: 5, windowSeconds: 600 } } },
 * };
 * ```
 */
export interface RateLimitConfig {
  /** Where the counters live. Default: the config's `store` (a `MemoryStore` unless you set one). */
  store?: ShortLivedStore;
  /** Limits per rule; see {@link DEFAULT_RATE_LIMIT_RULES}. */
  rules?: { [Name in RateLimitRuleName]?: Partial<RateLimitRule> };
  /**
   * Count clients by the last `X-Forwarded-For` entry (else `Forwarded: for=`): turn on only behind
   * a proxy that writes it (on Node, also `toNodeHandler(config, { trustProxy: true })`), since
   * anyone can send the header to an app without one. Apart from `trustHost` on purpose: AUTH_URL
   * turns that on with no proxy in front. Off, a client is counted by the socket's peer address
   * (Node), else all requests without one share a single per-address budget. Default false.
   *
   * @example
   * ```ts
   * import type { AuthConfig } from "latchkey";
   *
   * // Behind nginx, which sets X-Forwarded-For.
   * const config: AuthConfig = { providers: [], rateLimit: { trustForwardedFor: true } };
   * ```
   */
  trustForwardedFor?: boolean;
}

/**
 * The defaults: 10 sign-in attempts per account and 60 per address in 15 minutes; 5 e-mails per
 * address and 30 sign-in requests per client address in an hour; 300 passkey options per client
 * address in 15 minutes (the sign-in page asks once per visit; the request names no account); 5
 * second-factor codes per user and 60 per address in 15 minutes (a 6-digit code accepted for ±1 step
 * is 3 chances in a million a try; someone holding the first factor gets 480 tries a day, about one
 * chance in 700 a day, and needs the first factor again each time the pending cookie expires); 10
 * OAuth/OIDC sign-ins per provider account and 300 per address in 15 minutes (a person signs in a
 * few times a day; many people behind one address must still get through).
 */
export const DEFAULT_RATE_LIMIT_RULES: Readonly<Record<RateLimitRuleName, Readonly<RateLimitRule>>> =
  Object.freeze({
    signInAttempt: Object.freeze({ windowSeconds: 15 * 60, perIp: 60, perAccount: 10 }),
    signInRequest: Object.freeze({ windowSeconds: 60 * 60, perIp: 30, perAccount: 5 }),
    webauthnOptions: Object.freeze({ windowSeconds: 15 * 60, perIp: 300, perAccount: 300 }),
    secondFactor: Object.freeze({ windowSeconds: 15 * 60, perIp: 60, perAccount: 5 }),
    oauthSignIn: Object.freeze({ windowSeconds: 15 * 60, perIp: 300, perAccount: 10 }),
  });

export const RATE_LIMIT_RULE_NAMES = Object.keys(DEFAULT_RATE_LIMIT_RULES) as RateLimitRuleName[];
