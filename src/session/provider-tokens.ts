/**
 * JWT sessions keep the provider's tokens of the sign-in's OAuth account in the session token, so
 * that `getAccessToken` can hand them out and refresh them without any storage. They sit under one
 * claim, `providerTokens`, keyed by provider id; the default `session` callback never copies them
 * into the session a browser can read.
 */
import { decodeJwt } from "jose";
import type { Account } from "../config.js";
import type { JWT } from "../jwt/types.js";

/** The claim that holds them. */
export const PROVIDER_TOKENS_CLAIM = "providerTokens";

/** One provider's tokens, as the session token keeps them. */
export interface SessionProviderTokens {
  providerAccountId: string;
  access_token: string;
  refresh_token?: string;
  expires_at?: number;
  token_type?: string;
  scope?: string;
  /**
   * The `iss` and `sub` of the sign-in's ID token, which a refreshed ID token must repeat (OpenID
   * Connect Core §12.2); the ID token itself stays out of the session token.
   */
  id_token_iss?: string;
  id_token_sub?: string;
}

/**
 * The `iss` and `sub` of an ID token latchkey verified and stored; undefined when there is none or
 * it does not carry both.
 */
export function idTokenSubject(idToken: unknown): { iss: string; sub: string } | undefined {
  if (typeof idToken !== "string") return undefined;
  try {
    const { iss, sub } = decodeJwt(idToken);
    return typeof iss === "string" && typeof sub === "string" ? { iss, sub } : undefined;
  } catch {
    return undefined;
  }
}

const OPTIONAL_FIELDS = ["refresh_token", "token_type", "scope"] as const;

/** The claim for an account that carries an access token; empty for any other account. */
export function providerTokensClaim(account: Account | null): Partial<JWT> {
  if (!account || typeof account.access_token !== "string") return {};
  if (account.type !== "oauth" && account.type !== "oidc") return {};
  const tokens: SessionProviderTokens = {
    providerAccountId: account.providerAccountId,
    access_token: account.access_token,
  };
  for (const field of OPTIONAL_FIELDS) {
    const value = account[field];
    if (typeof value === "string") tokens[field] = value;
  }
  if (typeof account.expires_at === "number") tokens.expires_at = account.expires_at;
  const subject = idTokenSubject(account.id_token);
  if (subject) {
    tokens.id_token_iss = subject.iss;
    tokens.id_token_sub = subject.sub;
  }
  return { [PROVIDER_TOKENS_CLAIM]: { [account.provider]: tokens } };
}

/** The tokens `token` keeps for `providerId`, if well-formed. */
export function readProviderTokens(token: JWT, providerId: string): SessionProviderTokens | undefined {
  const all = token[PROVIDER_TOKENS_CLAIM];
  if (typeof all !== "object" || all === null) return undefined;
  // An inherited name (`toString`) finds a function, which has no access_token: refused below.
  const tokens = (all as Record<string, unknown>)[providerId] as Partial<SessionProviderTokens> | null;
  if (typeof tokens?.access_token !== "string" || typeof tokens.providerAccountId !== "string")
    return undefined;
  return tokens as SessionProviderTokens;
}

/** `token` with `providerId`'s tokens replaced. */
export function withProviderTokens(token: JWT, providerId: string, tokens: SessionProviderTokens): JWT {
  const all = token[PROVIDER_TOKENS_CLAIM];
  // Spreading a null claim, like replacing one that is not an object, keeps no other entries.
  const others = typeof all === "object" ? all : {};
  return { ...token, [PROVIDER_TOKENS_CLAIM]: { ...others, [providerId]: tokens } };
}
