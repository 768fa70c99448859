/** WebAuthn (passkeys): who a verified passkey signs in, and whom a new passkey belongs to. */
import type {
  AdapterAccount,
  AdapterAccountWithoutUserId,
  AdapterAuthenticator,
  AdapterUser,
} from "../adapters/types.js";
import { adapterMethod, callAdapter } from "../core/adapter-calls.js";
import type { ServerContext } from "../core/context.js";
import { AccountNotLinked } from "../core/errors.js";
import { emitEvent } from "../core/events.js";
import { createUserWithAccount, newAdapterUser } from "./new-user.js";
import type { ResolvedSignIn, UserResolver } from "./types.js";

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
