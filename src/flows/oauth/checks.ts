/**
 * The checks that bind a callback to the browser that started the sign-in: PKCE (RFC 7636, S256
 * only), `state` (RFC 6749 §10.12) and the OIDC `nonce` (OpenID Connect Core §3.1.2.1). Their
 * values travel in sealed check cookies: encrypted, bound to the provider and the kind of check,
 * and valid for 15 minutes.
 */
import * as oauth from "oauth4webapi";
import {
  type CheckKind,
  clearCheckCookie,
  openCheckCookie,
  sealCheckCookie,
} from "../../cookie/check-cookies.js";
import type { CookieToSet } from "../../cookie/header.js";
import type { ServerContext } from "../../core/context.js";
import { InvalidCheck, InvalidConfig } from "../../core/errors.js";
import type { OAuthConfig } from "../../provider-types.js";
import type { CheckCookieRole } from "../types.js";
import { tokenEndpointAuthMethod } from "./client.js";

export type OAuthCheck = "pkce" | "state" | "nonce";

const COOKIE_ROLE: Record<OAuthCheck, CheckCookieRole> = {
  pkce: "pkceCodeVerifier",
  state: "state",
  nonce: "nonce",
};
const CHECK_KIND: Record<OAuthCheck, CheckKind> = { pkce: "pkce", state: "state", nonce: "nonce" };

/** Every check cookie an OAuth provider may set, cleared on every callback outcome. */
export const OAUTH_CHECK_COOKIES: readonly CheckCookieRole[] = Object.values(COOKIE_ROLE);

/**
 * The checks a provider uses: its `checks` (default `["pkce"]`), plus `state` when a redirect proxy
 * relays its callbacks (the proxy reads where to relay from the state). Checked at startup.
 */
export function resolveChecks(provider: OAuthConfig, redirectProxyUrl: string | undefined): OAuthCheck[] {
  const configured = provider.checks ?? ["pkce"];
  if (!Array.isArray(configured)) {
    throw new InvalidConfig(`checks of provider "${provider.id}" must be an array, e.g. ["pkce", "state"].`);
  }
  const allowed = provider.type === "oidc" ? ["none", "state", "nonce", "pkce"] : ["none", "state", "pkce"];
  for (const check of configured) {
    if (!allowed.includes(check)) {
      throw new InvalidConfig(
        `Provider "${provider.id}" has the check "${String(check)}", which a provider of type "${provider.type}" cannot use; use ${allowed.map((a) => `"${a}"`).join(", ")}.`,
      );
    }
  }
  if (configured.includes("none") && configured.length > 1) {
    throw new InvalidConfig(
      `checks of provider "${provider.id}" lists "none" beside other checks; pick one.`,
    );
  }
  const checks = new Set(configured.filter((check): check is OAuthCheck => check !== "none"));
  if (redirectProxyUrl) checks.add("state");
  if (tokenEndpointAuthMethod(provider) === "none" && !checks.has("pkce")) {
    throw new InvalidConfig(
      `Provider "${provider.id}" is a public client (token_endpoint_auth_method "none"), which must use PKCE: add "pkce" to its checks.`,
    );
  }
  return [...checks];
}

/**
 * The checks a resolved provider uses (none when its `checks` is `["none"]`). Resolution always
 * sets `checks` (see {@link resolveChecks}), so there is no default to fall back on here.
 */
export function activeChecks(provider: OAuthConfig): OAuthCheck[] {
  const resolved = provider.checks as ReadonlyArray<OAuthCheck | "none">;
  return resolved.filter((check): check is OAuthCheck => check !== "none");
}

/** The values one authorization request carries, and the cookies that remember them. */
export interface StartedChecks {
  codeVerifier?: string;
  state?: string;
  nonce?: string;
  cookies: CookieToSet[];
}

async function seal(ctx: ServerContext, provider: OAuthConfig, check: OAuthCheck, value: string) {
  return sealCheckCookie({
    codec: ctx.codec,
    check: CHECK_KIND[check],
    value,
    providerId: provider.id,
    cookie: ctx.cookies[COOKIE_ROLE[check]],
    secret: ctx.config.secrets,
  });
}

/** Fresh values for each check, sealed into their cookies. `state` may be given (a redirect-proxy state). */
export async function startChecks(
  ctx: ServerContext,
  provider: OAuthConfig,
  checks: readonly OAuthCheck[],
  state?: string,
): Promise<StartedChecks> {
  const started: StartedChecks = { cookies: [] };
  if (checks.includes("pkce")) started.codeVerifier = oauth.generateRandomCodeVerifier();
  if (checks.includes("state")) started.state = state ?? oauth.generateRandomState();
  if (checks.includes("nonce")) started.nonce = oauth.generateRandomNonce();
  const values: Array<[OAuthCheck, string | undefined]> = [
    ["pkce", started.codeVerifier],
    ["state", started.state],
    ["nonce", started.nonce],
  ];
  for (const [check, value] of values) {
    if (value !== undefined) started.cookies.push(await seal(ctx, provider, check, value));
  }
  return started;
}

/** The check values a callback must match, read from this provider's sealed cookies. */
export interface ExpectedChecks {
  codeVerifier?: string;
  state?: string;
  nonce?: string;
}

/**
 * Opens the cookie of every check the provider uses. A missing, expired, forged cookie, or one
 * sealed for another provider or another kind of check, is an {@link InvalidCheck}: the callback
 * stops before any token request.
 */
export async function expectedChecks(
  ctx: ServerContext,
  provider: OAuthConfig,
  checks: readonly OAuthCheck[],
): Promise<ExpectedChecks> {
  const expected: ExpectedChecks = {};
  for (const check of checks) {
    const value = await openCheckCookie({
      codec: ctx.codec,
      check: CHECK_KIND[check],
      providerId: provider.id,
      cookie: ctx.cookies[COOKIE_ROLE[check]],
      secret: ctx.config.secrets,
      cookies: ctx.requestCookies,
    });
    if (value === null) {
      throw new InvalidCheck(
        `The ${check} check cookie of provider "${provider.id}" is missing, expired or not valid for this provider; start the sign-in again.`,
      );
    }
    if (check === "pkce") expected.codeVerifier = value;
    else expected[check] = value;
  }
  return expected;
}

/** Whether the request carries any check cookie at all (a cross-site `form_post` carries none). */
export function carriesCheckCookies(ctx: ServerContext, checks: readonly OAuthCheck[]): boolean {
  return checks.some((check) => ctx.requestCookies[ctx.cookies[COOKIE_ROLE[check]].name] !== undefined);
}

/** Cookies that clear every check cookie the request carried: they are single-use. */
export function clearChecks(ctx: ServerContext): CookieToSet[] {
  return OAUTH_CHECK_COOKIES.filter((role) => ctx.requestCookies[ctx.cookies[role].name] !== undefined).map(
    (role) => clearCheckCookie(ctx.cookies[role]),
  );
}
