/**
 * What a provider's answer becomes: the user (through the provider's `profile`) and the account
 * record (the token response's fields, RFC 6749 §5.1).
 */
import type { Account } from "../../config.js";
import type { OAuthConfig, Profile, TokenSet, User } from "../../provider-types.js";

/** The default `profile`: the standard claims (OpenID Connect Core §5.1), `id` for OAuth 2.0 user APIs. */
export function defaultProfile(profile: Profile): User {
  const id = profile.sub ?? profile.id;
  return {
    id: id === undefined || id === null ? undefined : String(id),
    name: profile.name ?? null,
    email: profile.email ?? null,
    image: (profile.picture as string | undefined) ?? profile.image ?? null,
  };
}

/**
 * Whether the provider vouches for the address the user ends up with: the app trusts its word
 * (`trustEmailVerified`) and it gives it for that very address (OpenID Connect Core §5.1
 * `email_verified`, or the provider's own reading when `trustEmailVerified` is a function). Any
 * provider can claim `email_verified` for any address (an OP anyone can run, a tenant whose admin
 * sets addresses at will), so without that trust its word proves nothing.
 */
export function vouchesForAddress(
  provider: OAuthConfig,
  profile: Profile,
  email: string | null | undefined,
): boolean {
  const trust = provider.trustEmailVerified;
  const verified =
    typeof trust === "function" ? trust(profile) === true : trust === true && profile.email_verified === true;
  if (!verified || !email || typeof profile.email !== "string") return false;
  return profile.email.toLowerCase() === email.toLowerCase();
}

/** Seconds since the epoch. */
const nowInSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The token fields stored on an account: access_token, id_token, refresh_token, scope,
 * token_type (lowercased, RFC 6749 §7.1 makes it case-insensitive), session_state, and
 * expires_at computed from expires_in.
 */
export function tokenFields(tokens: TokenSet): Partial<Account> {
  const fields: Partial<Account> = {};
  for (const name of ["access_token", "id_token", "refresh_token", "scope", "session_state"] as const) {
    const value = tokens[name];
    if (typeof value === "string") fields[name] = value;
  }
  if (typeof tokens.token_type === "string") fields.token_type = tokens.token_type.toLowerCase();
  // An absent expires_in is NaN here, like an unreadable one.
  const expiresIn = Number(tokens.expires_in);
  if (Number.isFinite(expiresIn)) {
    fields.expires_at = nowInSeconds() + Math.trunc(expiresIn);
  } else if (typeof tokens.expires_at === "number") {
    fields.expires_at = tokens.expires_at;
  }
  return fields;
}

/** The account of this sign-in: the default token fields plus whatever the provider's `account` adds. */
export function accountFor(provider: OAuthConfig, providerAccountId: string, tokens: TokenSet): Account {
  const extra = provider.account?.(tokens) ?? {};
  return {
    ...tokenFields(tokens),
    ...extra,
    provider: provider.id,
    type: provider.type,
    providerAccountId,
  };
}
