/**
 * The one place that decides who a sign-in is: it asks the `signIn` callback, finds or creates
 * users and links accounts. Flows only report what the provider proved (a user and an account);
 * the rules live here.
 */

import { ACCOUNT_TOKEN_COLUMNS } from "./adapters/columns.js";
import type {
  Adapter,
  AdapterAccount,
  AdapterAccountWithoutUserId,
  AdapterAuthenticator,
  AdapterUser,
} from "./adapters/types.js";
import type { Account, CallbacksOptions } from "./config.js";
import { adapterMethod, callAdapter } from "./core/adapter-calls.js";
import { approvedRedirect } from "./core/callback-url.js";
import type { ServerContext } from "./core/context.js";
import {
  AccessDenied,
  AccountNotLinked,
  CallbackRouteError,
  MissingAdapterMethods,
  OAuthAccountNotLinked,
} from "./core/errors.js";
import { emitEvent } from "./core/events.js";
import type { Profile, User } from "./provider-types.js";
import { revokeAllUserSessions } from "./session/manage.js";
import { signedInUser } from "./session/signed-in-user.js";

/** What a flow proved about the person signing in. */
export interface ProvenIdentity {
  user: User;
  account: Account;
  profile?: Profile;
  /** The submitted fields the `signIn` callback receives as `credentials` (credentials flow only). */
  credentials?: Record<string, string>;
}

export interface ResolvedSignIn {
  user: User | AdapterUser;
  isNewUser: boolean;
}

/** How a proven identity maps to a stored user: one of the rules below, picked by the flow. */
export type UserResolver = (ctx: ServerContext, proven: ProvenIdentity) => Promise<ResolvedSignIn>;

/** A flow's proof plus the rule that turns it into a user. */
export interface ProvenSignIn extends ProvenIdentity {
  resolveUser: UserResolver;
}

/**
 * The `signIn` callback's verdict on a sign-in, for every flow: `true` lets it continue
 * (undefined is returned), `false` refuses it ({@link AccessDenied}), a string redirects there
 * instead (the approved URL is returned). The e-mail flow also asks before it sends a link, with
 * `email: { verificationRequest: true }`.
 */
export async function signInVerdict(
  ctx: ServerContext,
  params: Parameters<CallbacksOptions["signIn"]>[0],
): Promise<string | undefined> {
  const verdict = await ctx.config.callbacks.signIn(params);
  if (verdict === false || verdict === undefined || verdict === null) {
    throw new AccessDenied("The signIn callback refused this sign-in.");
  }
  if (typeof verdict === "string") return approvedRedirect(ctx, verdict);
  return undefined;
}

/** The user's e-mail address, or undefined when a provider or `authorize` gave none (or ""). */
function addressOf(user: User): string | undefined {
  return typeof user.email === "string" && user.email !== "" ? user.email : undefined;
}

/**
 * The stored user for a first sign-in: the standard fields only. Whatever else a provider or
 * `authorize` returned (an app's own row, a password hash) is the app's business and never stored.
 */
function newAdapterUser(ctx: ServerContext, user: User, emailVerified: Date | null = null): AdapterUser {
  return {
    id: ctx.runtime.randomUUID(),
    // The column is unique but nullable: "" would let only one e-mail-less user exist, so a user
    // without an address stores null.
    email: (addressOf(user) ?? null) as string,
    emailVerified,
    name: user.name ?? null,
    image: user.image ?? null,
  };
}

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * After a sign-up failed, the user another request created for the same account in the meantime
 * (a double click, two tabs). Its write may still be committing, so look a few times, briefly.
 */
async function userCreatedConcurrently(
  ctx: ServerContext,
  account: AdapterAccountWithoutUserId,
): Promise<AdapterUser | null> {
  const getUserByAccount = adapterMethod(ctx.config.adapter, "getUserByAccount");
  const key = { provider: account.provider, providerAccountId: account.providerAccountId };
  for (let attempt = 0; attempt < 5; attempt++) {
    const winner = await callAdapter("find the linked user", () => getUserByAccount(key));
    if (winner) return winner;
    await pause(10 * 2 ** attempt);
  }
  return null;
}

/**
 * Creates the user and its first account together. Prefers the adapter's transactional
 * createUserAndLinkAccount; otherwise links after creating and deletes the user again if the link
 * fails, so no user is ever left without a way to sign in.
 */
async function createUserWithAccount(
  ctx: ServerContext,
  user: AdapterUser,
  account: AdapterAccountWithoutUserId,
): Promise<AdapterUser> {
  const adapter = ctx.config.adapter;
  if (typeof adapter?.createUserAndLinkAccount === "function") {
    const created = await callAdapter("create the user and link the account", () =>
      adapter.createUserAndLinkAccount?.(user, account),
    );
    if (!created) throw new CallbackRouteError("createUserAndLinkAccount returned nothing.");
    return created.user;
  }
  const createUser = adapterMethod(adapter, "createUser");
  const linkAccount = adapterMethod(adapter, "linkAccount");
  const created = await callAdapter("create the user", () => createUser(user));
  try {
    await callAdapter("link the account", () =>
      linkAccount({ ...account, userId: created.id } as AdapterAccount),
    );
  } catch (error) {
    const deleteUser = adapter?.deleteUser;
    if (deleteUser) await Promise.resolve(deleteUser.call(adapter, created.id)).catch(() => undefined);
    throw error;
  }
  return created;
}

/**
 * A first sign-in: the user and account are created together. When the write fails because a
 * concurrent request for the same account won (a unique constraint), that request's user is the
 * answer; any other failure is reported.
 */
async function signUp(
  ctx: ServerContext,
  user: User,
  account: AdapterAccountWithoutUserId,
  emailVerified: Date | null = null,
): Promise<ResolvedSignIn> {
  let created: AdapterUser;
  try {
    created = await createUserWithAccount(ctx, newAdapterUser(ctx, user, emailVerified), account);
  } catch (error) {
    const winner = await userCreatedConcurrently(ctx, account);
    if (winner) return { user: winner, isNewUser: false };
    throw error;
  }
  await emitEvent(ctx.config, "createUser", { user: created });
  await emitEvent(ctx.config, "linkAccount", { user: created, account: { ...account, userId: created.id } });
  return { user: created, isNewUser: true };
}

/**
 * Credentials sign-in. With JWT sessions the user `authorize` returned is the session's user. With
 * database sessions a session row needs a stored user: the one with that id if the app keeps its
 * users in the same store, else the one linked to this credentials identity, else a new user linked
 * to it. An e-mail address that already belongs to a stored user is never linked silently: that is
 * {@link AccountNotLinked}, with the two ways out in its message.
 */
export const resolveCredentialsUser: UserResolver = async (ctx, proven) => {
  if (ctx.config.session.strategy === "jwt") return { user: proven.user, isNewUser: false };
  const { user, account } = proven;
  if (!user.id) {
    throw new CallbackRouteError("With database sessions, `authorize` must return a user with an `id`.");
  }
  const userId = user.id;
  const getUser = adapterMethod(ctx.config.adapter, "getUser");
  const byId = await callAdapter("find the user", () => getUser(userId));
  if (byId) return { user: byId, isNewUser: false };

  const accountRecord: AdapterAccountWithoutUserId = {
    type: "credentials",
    provider: account.provider,
    providerAccountId: account.providerAccountId,
  };
  // One first sign-in per account at a time (a double click, two tabs): the others wait and share
  // its answer instead of racing it into a unique violation. A failed write would also roll back,
  // on a store with one shared connection (SQLite), the session rows other requests just wrote.
  return ctx.config.singleFlight(`sign-up:${account.provider}:${account.providerAccountId}`, () =>
    linkedOrNewUser(ctx, user, accountRecord),
  );
};

/** The user linked to `account`, else a new one, unless its e-mail belongs to someone already. */
async function linkedOrNewUser(
  ctx: ServerContext,
  user: User,
  account: AdapterAccountWithoutUserId,
): Promise<ResolvedSignIn> {
  const adapter = ctx.config.adapter;
  const getUserByAccount = adapterMethod(adapter, "getUserByAccount");
  const key = { provider: account.provider, providerAccountId: account.providerAccountId };
  const linked = await callAdapter("find the linked user", () => getUserByAccount(key));
  if (linked) return { user: linked, isNewUser: false };

  const email = addressOf(user);
  if (email !== undefined && typeof adapter?.getUserByEmail === "function") {
    const getUserByEmail = adapterMethod(adapter, "getUserByEmail");
    const owner = await callAdapter("find the user by e-mail", () => getUserByEmail(email));
    if (owner) {
      // Another app instance's concurrent first sign-in of this very account may have just created `owner`.
      const raced = await callAdapter("find the linked user", () => getUserByAccount(key));
      if (raced) return { user: raced, isNewUser: false };
      throw new AccountNotLinked(
        `authorize of provider "${account.provider}" returned the id "${account.providerAccountId}", which no stored user has, with an e-mail address that stored user "${owner.id}" has. latchkey never links accounts by e-mail on its own: return "${owner.id}" as the id from authorize, or link the credentials account to that user yourself (adapter.linkAccount({ userId: "${owner.id}", type: "credentials", provider: "${account.provider}", providerAccountId: "${account.providerAccountId}" })). See docs/errors.md#accountnotlinked.`,
      );
    }
  }
  return signUp(ctx, user, account);
}

// ---- OAuth and OpenID Connect: linking rules ------------------------------------------------------

/** What the OAuth flow tells the linking rules beside the identity itself. */
export interface OAuthLinking {
  /** The provider vouches that the profile's e-mail address is its owner's (OIDC `email_verified`). */
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

async function linkTo(
  ctx: ServerContext,
  user: AdapterUser,
  account: AdapterAccountWithoutUserId,
): Promise<ResolvedSignIn> {
  const linkAccount = adapterMethod(ctx.config.adapter, "linkAccount");
  const linked = { ...account, userId: user.id } as AdapterAccount;
  await callAdapter("link the account", () => linkAccount(linked));
  await emitEvent(ctx.config, "linkAccount", { user, account: linked });
  return { user, isNewUser: false };
}

/**
 * The linking rules of an OAuth/OIDC sign-in, in order:
 * 1. an account already linked signs its user in, with the new tokens stored; if the browser is
 *    signed in as someone else, the account is theirs, not this user's: refused;
 * 2. a signed-in user signing in with another provider gets that account linked;
 * 3. an e-mail address that belongs to a stored user is refused (`OAuthAccountNotLinked`) unless
 *    the provider sets `allowDangerousEmailAccountLinking`;
 * 4. otherwise a new user and its account are created together, `emailVerified` set only when
 *    the provider vouches for the address.
 */
async function linkOAuthAccount(
  ctx: ServerContext,
  proven: ProvenIdentity,
  account: AdapterAccountWithoutUserId,
  linking: OAuthLinking,
): Promise<ResolvedSignIn> {
  const adapter = ctx.config.adapter;
  const getUserByAccount = adapterMethod(adapter, "getUserByAccount");
  const key = { provider: account.provider, providerAccountId: account.providerAccountId };
  const current = await signedInUser(ctx);
  const owner = await callAdapter("find the linked user", () => getUserByAccount(key));
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
    const getUserByEmail = adapterMethod(adapter, "getUserByEmail");
    const sameEmail = await callAdapter("find the user by e-mail", () => getUserByEmail(email));
    if (sameEmail) {
      if (!linking.allowDangerousEmailAccountLinking) {
        throw new OAuthAccountNotLinked(
          `The e-mail address of this ${account.provider} account belongs to a user who has not linked it. Sign in the way you did before, then link ${account.provider}; or set allowDangerousEmailAccountLinking on a provider that verifies addresses.`,
        );
      }
      return linkTo(ctx, sameEmail, account);
    }
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

// ---- E-mail flow: a link or a one-time code proved that the person signing in owns the address.

/**
 * E-mail sign-in. The owner of a proven address is the stored user with that address, or a new user
 * with it, verified now. One sign-in per address at a time, so two links used at once for a new
 * address make one user.
 *
 * When the address is proven for the first time on a user that already exists (`emailVerified`
 * null), that user was set up by someone who never proved it: possibly an attacker who signed up
 * with the victim's address at a provider that does not verify addresses, waiting for the victim to
 * arrive (account pre-hijacking). So before the address counts as verified, the accounts linked to
 * that user without proof (OAuth, OIDC, passkeys) are unlinked and the user's database sessions are
 * ended; the person who proved the address signs in to a clean user.
 */
export function emailUserResolver(email: string): UserResolver {
  // The address the flow proved, not `proven.user.email`: the signIn callback receives that user
  // object and may edit it, but only the proven address may decide whom this sign-in becomes.
  return (ctx) => ctx.config.singleFlight(`email-sign-in:${email}`, () => ownerOfProvenAddress(ctx, email));
}

async function ownerOfProvenAddress(ctx: ServerContext, email: string): Promise<ResolvedSignIn> {
  const adapter = ctx.config.adapter;
  const getUserByEmail = adapterMethod(adapter, "getUserByEmail");
  const existing = await callAdapter("find the user by e-mail", () => getUserByEmail(email));
  const now = new Date();
  if (!existing) {
    const createUser = adapterMethod(adapter, "createUser");
    const user = { ...newAdapterUser(ctx, { email }), emailVerified: now };
    const created = await callAdapter("create the user", () => createUser(user));
    await emitEvent(ctx.config, "createUser", { user: created });
    return { user: created, isNewUser: true };
  }
  if (existing.emailVerified) return { user: existing, isNewUser: false };

  await removeUnprovenAccess(ctx, existing);
  const updateUser = adapterMethod(adapter, "updateUser");
  const updated = await callAdapter("mark the e-mail address verified", () =>
    updateUser({ id: existing.id, emailVerified: now }),
  );
  await emitEvent(ctx.config, "updateUser", { user: updated });
  return { user: updated, isNewUser: false };
}

/** Account types linked by proving something other than the address (a provider's word, a passkey). */
const UNPROVEN_ACCOUNT_TYPES: ReadonlySet<string> = new Set(["oauth", "oidc", "webauthn"]);

/**
 * The pre-hijack defence (see {@link emailUserResolver}): unlinks the user's OAuth, OIDC and passkey
 * accounts and ends their database sessions. An adapter that cannot list the accounts or sessions
 * fails the sign-in rather than mark the address verified with an intruder still linked.
 */
async function removeUnprovenAccess(ctx: ServerContext, user: AdapterUser): Promise<void> {
  const adapter = ctx.config.adapter;
  const needed: Array<keyof Adapter> = ["listAccountsByUserId", "unlinkAccount"];
  if (ctx.config.session.strategy === "database") needed.push("listSessionsByUserId");
  const missing = needed.filter((method) => typeof adapter?.[method] !== "function");
  if (missing.length > 0) {
    throw new MissingAdapterMethods(
      `An e-mail sign-in proved the address of user "${user.id}" for the first time. Before it counts as verified, the accounts linked to that user without proof must be unlinked and the user's sessions ended, which needs the adapter methods ${missing.join(", ")}. The sign-in is refused until the adapter has them (see docs/adapter-conformance.md).`,
    );
  }
  const listAccounts = adapterMethod(adapter, "listAccountsByUserId");
  const unlinkAccount = adapterMethod(adapter, "unlinkAccount");
  const accounts = await callAdapter("list the user's accounts", () => listAccounts(user.id));
  for (const account of accounts.filter(({ type }) => UNPROVEN_ACCOUNT_TYPES.has(type))) {
    const { provider, providerAccountId } = account;
    await callAdapter("unlink an account linked without a verified e-mail", () =>
      unlinkAccount({ provider, providerAccountId }),
    );
  }
  // JWT sessions cannot be ended before they expire; database sessions end here.
  if (ctx.config.session.strategy === "database") {
    await revokeAllUserSessions(ctx.config, user.id, undefined);
  }
}

// ---- WebAuthn (passkeys): who a verified passkey signs in, and whom a new passkey belongs to.

/** Authentication with a passkey: the flow proved the user its account links to. */
export const resolvePasskeyUser: UserResolver = async (_ctx, proven) => ({
  user: proven.user,
  isNewUser: false,
});

/** A verified new credential, before it has an owner. */
export type NewAuthenticator = Omit<AdapterAuthenticator, "userId">;

function passkeyForTakenEmail(email: string): AccountNotLinked {
  return new AccountNotLinked(
    `A passkey cannot be created for ${email} while signed out: that address belongs to a stored user, and anyone could type it. Sign in to that account first, then add the passkey there. See docs/errors.md#accountnotlinked.`,
  );
}

/**
 * Refuses a signed-out registration for an address that belongs to a stored user: a passkey is
 * never planted on someone else's account.
 */
export async function assertPasskeyEmailFree(ctx: ServerContext, email: string): Promise<void> {
  const getUserByEmail = adapterMethod(ctx.config.adapter, "getUserByEmail");
  if (await callAdapter("find the user by e-mail", () => getUserByEmail(email))) {
    throw passkeyForTakenEmail(email);
  }
}

/**
 * Stores the authenticator for its owner; when that fails, `undo` removes what was written before
 * it (the account, or the new user), so no half-registered passkey is left behind.
 */
async function storeAuthenticator(
  ctx: ServerContext,
  authenticator: AdapterAuthenticator,
  undo: () => Promise<unknown>,
): Promise<void> {
  const createAuthenticator = adapterMethod(ctx.config.adapter, "createAuthenticator");
  try {
    await callAdapter("store the authenticator", () => createAuthenticator(authenticator));
  } catch (error) {
    await undo().catch(() => undefined);
    throw error;
  }
}

/** A new passkey for the signed-in user: its account, then its authenticator. */
async function addPasskey(
  ctx: ServerContext,
  user: AdapterUser,
  account: AdapterAccountWithoutUserId,
  authenticator: NewAuthenticator,
): Promise<ResolvedSignIn> {
  const adapter = ctx.config.adapter;
  const linked = { ...account, userId: user.id } as AdapterAccount;
  const linkAccount = adapterMethod(adapter, "linkAccount");
  await callAdapter("link the passkey's account", () => linkAccount(linked));
  const key = { provider: account.provider, providerAccountId: account.providerAccountId };
  await storeAuthenticator(ctx, { ...authenticator, userId: user.id }, async () =>
    adapter?.unlinkAccount?.(key),
  );
  await emitEvent(ctx.config, "linkAccount", { user, account: linked });
  return { user, isNewUser: false };
}

/** A first sign-in with a new passkey: a new user (unless the address is taken), its account, its authenticator. */
async function signUpWithPasskey(
  ctx: ServerContext,
  email: string,
  account: AdapterAccountWithoutUserId,
  authenticator: NewAuthenticator,
): Promise<ResolvedSignIn> {
  const adapter = ctx.config.adapter;
  await assertPasskeyEmailFree(ctx, email);
  let created: AdapterUser;
  try {
    created = await createUserWithAccount(ctx, newAdapterUser(ctx, { email }), account);
  } catch (error) {
    // Another sign-up may have taken the address between the check above and this write.
    await assertPasskeyEmailFree(ctx, email);
    throw error;
  }
  await storeAuthenticator(ctx, { ...authenticator, userId: created.id }, async () =>
    adapter?.deleteUser?.(created.id),
  );
  await emitEvent(ctx.config, "createUser", { user: created });
  await emitEvent(ctx.config, "linkAccount", { user: created, account: { ...account, userId: created.id } });
  return { user: created, isNewUser: true };
}

/**
 * Whom a verified new passkey is for: the signed-in user it was requested for, or a new user with
 * the address the options were issued for (which must belong to nobody yet).
 */
export type PasskeyOwner = { user: AdapterUser } | { newUserEmail: string };

/**
 * Registration of a verified passkey for its {@link PasskeyOwner}. A new user and its account are
 * written in one transaction where the adapter allows (`createUserAndLinkAccount`); a failed
 * authenticator write undoes them.
 */
export function registerPasskey(authenticator: NewAuthenticator, owner: PasskeyOwner): UserResolver {
  return async (ctx, proven) => {
    const account: AdapterAccountWithoutUserId = {
      type: "webauthn",
      provider: proven.account.provider,
      providerAccountId: proven.account.providerAccountId,
    };
    return "user" in owner
      ? addPasskey(ctx, owner.user, account, authenticator)
      : signUpWithPasskey(ctx, owner.newUserEmail, account, authenticator);
  };
}
