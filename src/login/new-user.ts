/**
 * Sign-up: the stored user of a first sign-in, written together with its first account, so no user
 * is ever left without a way to sign in, and two concurrent first sign-ins make one user.
 */
import type { AdapterAccount, AdapterAccountWithoutUserId, AdapterUser } from "../adapters/types.js";
import { adapterMethod, callAdapter } from "../core/adapter-calls.js";
import type { ServerContext } from "../core/context.js";
import { CallbackRouteError } from "../core/errors.js";
import { emitEvent } from "../core/events.js";
import type { User } from "../provider-types.js";
import type { ResolvedSignIn } from "./types.js";

/** The user's e-mail address, or undefined when a provider or `authorize` gave none (or ""). */
export function addressOf(user: User): string | undefined {
  return typeof user.email === "string" && user.email !== "" ? user.email : undefined;
}

/**
 * The stored user for a first sign-in: the standard fields only. Whatever else a provider or
 * `authorize` returned (an app's own row, a password hash) is the app's business and never stored.
 */
export function newAdapterUser(
  ctx: ServerContext,
  user: User,
  emailVerified: Date | null = null,
): AdapterUser {
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

/** The stored user `account` (a provider and the id it has there) is linked to, or null. */
export async function linkedUser(
  ctx: ServerContext,
  account: Pick<AdapterAccountWithoutUserId, "provider" | "providerAccountId">,
): Promise<AdapterUser | null> {
  const getUserByAccount = adapterMethod(ctx.config.adapter, "getUserByAccount");
  const key = { provider: account.provider, providerAccountId: account.providerAccountId };
  return callAdapter("find the linked user", () => getUserByAccount(key));
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
  for (let attempt = 0; attempt < 5; attempt++) {
    const winner = await linkedUser(ctx, account);
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
export async function createUserWithAccount(
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
export async function signUp(
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

/** Links `account` to an existing user and says so in the `linkAccount` event. */
export async function linkTo(
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
