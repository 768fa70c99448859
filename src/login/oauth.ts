/** OAuth and OpenID Connect sign-in: the linking rules. */
import { ACCOUNT_TOKEN_COLUMNS } from "../adapters/columns.js";
import type { AdapterAccountWithoutUserId, AdapterUser } from "../adapters/types.js";
import { adapterMethod, callAdapter } from "../core/adapter-calls.js";
import type { ServerContext } from "../core/context.js";
import { OAuthAccountNotLinked } from "../core/errors.js";
import { signedInUser } from "../session/signed-in-user.js";
import { addressOf, linkedUser, linkTo, signUp } from "./new-user.js";
import { proveAddress } from "./proof-of-address.js";
import type { ProvenIdentity, ResolvedSignIn, UserResolver } from "./types.js";

/** What the OAuth flow tells the linking rules beside the identity itself. */
export interface OAuthLinking {
  /**
   * The provider vouches that the profile's e-mail address is its owner's: it says so
   * (`email_verified`) and the app trusts it to (`trustEmailVerified`).
   */
  emailVerified: boolean;
  /** The provider's `allowDangerousEmailAccountLinking`. */
  allowDangerousEmailAccountLinking: boolean;
}

/**
 * A re-login's tokens replace the stored ones (`updateAccount`); fields the provider did not send
 * again (a refresh token, RFC 6749 §6) are kept. Adapters without the method keep the old tokens.
 */
async function storeReissuedTokens(ctx: ServerContext, account: AdapterAccountWithoutUserId): Promise<void> {
  const adapter = ctx.config.adapter;
  if (typeof adapter?.updateAccount !== "function") return;
  const tokens: Record<string, unknown> = {};
  for (const field of ACCOUNT_TOKEN_COLUMNS) if (account[field] !== undefined) tokens[field] = account[field];
  await callAdapter("store the provider's new tokens", () =>
    adapter.updateAccount?.({
      provider: account.provider,
      providerAccountId: account.providerAccountId,
      ...tokens,
    }),
  );
}

/**
 * A first sign-in with this account whose address belongs to a stored user. The address joins the
 * two only on a proof: when this provider vouches for it and nobody had proven it yet, this sign-in
 * is the first proof (the pre-hijack defence runs, then the account is linked); otherwise only
 * `allowDangerousEmailAccountLinking` links, and only to a user whose address was proven, never to
 * one that whoever typed the address first may have set up.
 */
async function linkBySameAddress(
  ctx: ServerContext,
  owner: AdapterUser,
  account: AdapterAccountWithoutUserId,
  linking: OAuthLinking,
): Promise<ResolvedSignIn> {
  const provider = account.provider;
  if (!owner.emailVerified && linking.emailVerified) {
    const proven = await proveAddress(
      ctx,
      owner,
      `A sign-in with "${provider}", which vouches for the address,`,
    );
    return linkTo(ctx, proven, account);
  }
  if (!linking.allowDangerousEmailAccountLinking) {
    throw new OAuthAccountNotLinked(
      `The e-mail address of this ${provider} account belongs to a user who has not linked it. Sign in the way you did before, then link ${provider}; or set allowDangerousEmailAccountLinking on a provider that verifies addresses.`,
    );
  }
  if (!owner.emailVerified) {
    throw new OAuthAccountNotLinked(
      `allowDangerousEmailAccountLinking of ${provider} links only to a user whose address was proven, and nobody has proven the address of user "${owner.id}" yet (anyone could have typed it). Prove it by an e-mail sign-in, or set trustEmailVerified on ${provider} if it verifies addresses, so that its sign-in counts as the proof.`,
    );
  }
  return linkTo(ctx, owner, account);
}

/**
 * The linking rules of an OAuth/OIDC sign-in, in order:
 * 1. an account already linked signs its user in, with the new tokens stored; if the browser is
 *    signed in as someone else, the account is theirs, not this user's: refused;
 * 2. a signed-in user signing in with another provider gets that account linked;
 * 3. an e-mail address that belongs to a stored user links only as {@link linkBySameAddress} says;
 * 4. otherwise a new user and its account are created together, `emailVerified` set only when
 *    the provider vouches for the address.
 */
async function linkOAuthAccount(
  ctx: ServerContext,
  proven: ProvenIdentity,
  account: AdapterAccountWithoutUserId,
  linking: OAuthLinking,
): Promise<ResolvedSignIn> {
  const current = await signedInUser(ctx);
  const owner = await linkedUser(ctx, account);
  if (owner) {
    if (current !== null && current.id !== owner.id) {
      throw new OAuthAccountNotLinked(
        `This ${account.provider} account is linked to another user; sign out before signing in with it.`,
      );
    }
    await storeReissuedTokens(ctx, account);
    return { user: owner, isNewUser: false };
  }
  if (current !== null) return linkTo(ctx, current, account);
  const email = addressOf(proven.user);
  if (email !== undefined) {
    const getUserByEmail = adapterMethod(ctx.config.adapter, "getUserByEmail");
    const sameEmail = await callAdapter("find the user by e-mail", () => getUserByEmail(email));
    if (sameEmail) return linkBySameAddress(ctx, sameEmail, account, linking);
  }
  return signUp(ctx, proven.user, account, linking.emailVerified ? new Date() : null);
}

/**
 * The user resolver of an OAuth/OIDC sign-in. Without an adapter (JWT sessions) the profile's user
 * is the session's user; with one, {@link linkOAuthAccount}'s rules decide, one sign-in per
 * account at a time.
 */
export function oauthUserResolver(linking: OAuthLinking): UserResolver {
  return async (ctx, proven) => {
    if (!ctx.config.adapter) return { user: proven.user, isNewUser: false };
    const { userId: _userId, ...account } = proven.account;
    const record = account as AdapterAccountWithoutUserId;
    return ctx.config.singleFlight(`sign-up:${record.provider}:${record.providerAccountId}`, () =>
      linkOAuthAccount(ctx, proven, record, linking),
    );
  };
}
