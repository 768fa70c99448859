/**
 * `getAccessToken`: a valid upstream access token for the signed-in user, refreshed first when it
 * expires within a minute. One refresh per account runs at a time across every app instance that
 * shares the store: the lock is the store's, and the refreshed tokens are left in the store, sealed,
 * for a minute, so callers that waited (in this instance or another) take them instead of
 * redeeming a refresh token the provider has already rotated away.
 */
import type { AdapterAccount, AdapterAccountTokens } from "../../adapters/types.js";
import type { CookieToSet } from "../../cookie/header.js";
import { adapterMethod, callAdapter } from "../../core/adapter-calls.js";
import type { ServerContext } from "../../core/context.js";
import { InvalidProvider, NoProviderAccount, NotSignedIn, RefreshTokenRejected } from "../../core/errors.js";
import type { JWT } from "../../jwt/types.js";
import type { OAuthConfig } from "../../provider-types.js";
import {
  idTokenSubject,
  readProviderTokens,
  type SessionProviderTokens,
  withProviderTokens,
} from "../../session/provider-tokens.js";
import { tokenFields } from "./account.js";
import { refreshTokens } from "./refresh.js";

/** What `getAccessToken` resolves to. */
export interface AccessToken {
  accessToken: string;
  /** Seconds since the epoch when it expires, if the provider said. */
  expiresAt: number | undefined;
  /** Session cookies to set on the caller's response (JWT sessions, after a refresh); else empty. */
  cookies: CookieToSet[];
}

/** A token expiring within this many seconds is refreshed first. */
const EXPIRY_SKEW_SECONDS = 60;
const SHARED_RESULT_TTL_MS = 60_000;
const SHARED_RESULT_SALT = "latchkey.refreshed-tokens";

type StoredTokens = SessionProviderTokens;

const isFresh = (tokens: Pick<StoredTokens, "expires_at">) =>
  tokens.expires_at === undefined || tokens.expires_at - EXPIRY_SKEW_SECONDS > Date.now() / 1000;

function oauthProvider(ctx: ServerContext, providerId: string): OAuthConfig {
  const provider = ctx.config.providersById.get(providerId);
  if (!provider || (provider.type !== "oauth" && provider.type !== "oidc")) {
    throw new InvalidProvider(`No OAuth or OpenID Connect provider has the id "${providerId}".`);
  }
  return provider;
}

/** What a refresh needs of an account row; SQL adapters read absent columns back as null. */
function fromAccount(account: AdapterAccount): StoredTokens | undefined {
  if (typeof account.access_token !== "string") return undefined;
  const tokens: StoredTokens = {
    providerAccountId: account.providerAccountId,
    access_token: account.access_token,
  };
  if (typeof account.refresh_token === "string") tokens.refresh_token = account.refresh_token;
  if (typeof account.expires_at === "number") tokens.expires_at = account.expires_at;
  const subject = idTokenSubject(account.id_token);
  if (subject) {
    tokens.id_token_iss = subject.iss;
    tokens.id_token_sub = subject.sub;
  }
  return tokens;
}

/** Writes rotated tokens to the account row, when there is an adapter that can. */
async function storeOnAccount(
  ctx: ServerContext,
  provider: OAuthConfig,
  tokens: AdapterAccountTokens,
  providerAccountId: string,
): Promise<void> {
  const adapter = ctx.config.adapter;
  if (typeof adapter?.updateAccount !== "function") return;
  await callAdapter("store the refreshed tokens", () =>
    adapter.updateAccount?.({ provider: provider.id, providerAccountId, ...tokens }),
  );
}

interface RefreshPlan {
  provider: OAuthConfig;
  current: StoredTokens & { refresh_token: string };
  /** The account's tokens as storage has them now (database sessions), to see another instance's refresh. */
  reread?: () => Promise<StoredTokens | undefined>;
}

/** One refresh per account at a time; every caller gets the tokens that refresh produced. */
async function sharedRefresh(ctx: ServerContext, plan: RefreshPlan): Promise<StoredTokens> {
  const { provider, current } = plan;
  const resultKey = `refreshed:${provider.id}:${await ctx.runtime.sha256Hex(current.refresh_token)}`;
  return ctx.config.singleFlight(`lock:refresh:${provider.id}:${current.providerAccountId}`, async () => {
    // Nothing stored decodes to null, as does a result sealed under another secret.
    const shared = await ctx.codec.decode<StoredTokens & JWT>({
      token: await ctx.config.store.get(resultKey),
      secret: ctx.config.secrets,
      salt: SHARED_RESULT_SALT,
    });
    if (shared) {
      // The seal's own claims are not tokens: they stay out of the waiting caller's session.
      const { iat: _iat, exp: _exp, jti: _jti, ...tokens } = shared;
      return tokens;
    }
    // `current` is due, so a stored token that is not is another instance's refresh.
    const stored = await plan.reread?.();
    if (stored && isFresh(stored)) return stored;

    let issued: ReturnType<typeof tokenFields>;
    try {
      const original =
        current.id_token_iss !== undefined && current.id_token_sub !== undefined
          ? { iss: current.id_token_iss, sub: current.id_token_sub }
          : undefined;
      issued = tokenFields(await refreshTokens(provider, current.refresh_token, original));
    } catch (error) {
      // A refused refresh token is dead: forget it, so nobody redeems it again.
      if (error instanceof RefreshTokenRejected) {
        await storeOnAccount(ctx, provider, { refresh_token: null }, current.providerAccountId).catch(
          () => undefined,
        );
      }
      throw error;
    }
    // What the response left out keeps its stored value (RFC 6749 §6: the old refresh token stays
    // valid), except the expiry: expires_in is optional (§5.1), and the old one no longer applies.
    await storeOnAccount(
      ctx,
      provider,
      { ...issued, expires_at: issued.expires_at ?? null } as AdapterAccountTokens,
      current.providerAccountId,
    );
    // A JWT session carries no ID token (provider-tokens.ts); the account row keeps it.
    const { id_token: _idToken, ...carried } = issued;
    const next: StoredTokens = { ...current, ...(carried as Partial<StoredTokens>) };
    if (issued.expires_at === undefined) delete next.expires_at;
    const sealed = await ctx.codec.encode({
      token: { ...next },
      secret: ctx.config.secrets,
      salt: SHARED_RESULT_SALT,
      maxAge: SHARED_RESULT_TTL_MS / 1000,
    });
    await ctx.config.store.setIfAbsent(resultKey, sealed, SHARED_RESULT_TTL_MS);
    return next;
  });
}

function usableOrRefreshable(provider: OAuthConfig, tokens: StoredTokens | undefined): StoredTokens {
  if (!tokens) {
    throw new NoProviderAccount(`The signed-in user has no access token from provider "${provider.id}".`);
  }
  if (!isFresh(tokens) && tokens.refresh_token === undefined) {
    throw new NoProviderAccount(
      `The access token from provider "${provider.id}" has expired and there is no refresh token; the user must sign in with it again.`,
    );
  }
  return tokens;
}

/** The session carries the provider's tokens itself (JWT sessions): a refresh re-issues it. */
async function fromSessionClaims(
  ctx: ServerContext,
  provider: OAuthConfig,
  claims: JWT,
): Promise<AccessToken> {
  const tokens = usableOrRefreshable(provider, readProviderTokens(claims, provider.id));
  if (isFresh(tokens)) return { accessToken: tokens.access_token, expiresAt: tokens.expires_at, cookies: [] };
  const next = await sharedRefresh(ctx, { provider, current: tokens as RefreshPlan["current"] });
  const cookies = await ctx.sessions.reissue(ctx, withProviderTokens(claims, provider.id, next));
  return { accessToken: next.access_token, expiresAt: next.expires_at, cookies };
}

/** The session keeps its data in storage (database sessions): the tokens are on the account row. */
async function fromAccountRow(
  ctx: ServerContext,
  provider: OAuthConfig,
  userId: string,
): Promise<AccessToken> {
  const adapter = ctx.config.adapter;
  const listAccountsByUserId = adapterMethod(adapter, "listAccountsByUserId");
  const accounts = await callAdapter("list the user's accounts", () => listAccountsByUserId(userId));
  const account = accounts.find((candidate) => candidate.provider === provider.id);
  const tokens = usableOrRefreshable(provider, account ? fromAccount(account) : undefined);
  if (isFresh(tokens)) return { accessToken: tokens.access_token, expiresAt: tokens.expires_at, cookies: [] };
  const getAccount = adapterMethod(adapter, "getAccount");
  const next = await sharedRefresh(ctx, {
    provider,
    current: tokens as RefreshPlan["current"],
    reread: async () => {
      const row = await callAdapter("read the account", () =>
        getAccount(tokens.providerAccountId, provider.id),
      );
      return row ? fromAccount(row) : undefined;
    },
  });
  return { accessToken: next.access_token, expiresAt: next.expires_at, cookies: [] };
}

/**
 * The signed-in user's access token at `providerId`, refreshed first when due. Async throughout, so
 * an unknown provider id rejects the promise like every other failure instead of throwing.
 */
export async function accessTokenFor(ctx: ServerContext, providerId: string): Promise<AccessToken> {
  const provider = oauthProvider(ctx, providerId);
  const current = await ctx.sessions.current(ctx);
  if (!current) throw new NotSignedIn("The request carries no valid session.");
  if (current.claims) return fromSessionClaims(ctx, provider, current.claims);
  if (current.userId === undefined) throw new NotSignedIn("The request's session names no user.");
  return fromAccountRow(ctx, provider, current.userId);
}
