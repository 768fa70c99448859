/**
 * The one place that decides who a sign-in is: it finds or creates users and links accounts. Flows
 * only report what the provider proved (a user and an account); the rules live here.
 */
import type { AdapterAccount, AdapterAccountWithoutUserId, AdapterUser } from "./adapters/types.js";
import type { Account } from "./config.js";
import { adapterMethod, callAdapter } from "./core/adapter-calls.js";
import type { AuthContext } from "./core/context.js";
import { CallbackRouteError } from "./core/errors.js";
import { emitEvent } from "./core/events.js";
import type { Profile, User } from "./providers/types.js";

export interface ProvenIdentity {
  user: User;
  account: Account;
  profile?: Profile;
}

export interface ResolvedSignIn {
  user: User | AdapterUser;
  isNewUser: boolean;
}

/**
 * The stored user for a first sign-in: the standard fields only. Whatever else `authorize` returned
 * (an app's own row, a password hash) is the app's business and never copied into storage.
 */
function newAdapterUser(ctx: AuthContext, user: User): AdapterUser {
  return {
    id: ctx.runtime.randomUUID(),
    // The column is unique but nullable: "" would let only one e-mail-less user exist. Auth.js types
    // `email` as a string, yet credentials users need not have one, so null is what gets stored.
    email: (user.email ?? null) as string,
    emailVerified: null,
    name: user.name ?? null,
    image: user.image ?? null,
  };
}

/**
 * Creates the user and its first account together. Prefers the adapter's transactional
 * createUserAndLinkAccount; otherwise links after creating and deletes the user again if the link
 * fails, so no user is ever left without a way to sign in.
 */
export async function createUserWithAccount(
  ctx: AuthContext,
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
  const createUser = adapterMethod(ctx, "createUser");
  const linkAccount = adapterMethod(ctx, "linkAccount");
  const created = await callAdapter("create the user", () => createUser(user));
  try {
    await callAdapter("link the account", () =>
      linkAccount({ ...account, userId: created.id } as AdapterAccount),
    );
  } catch (error) {
    const deleteUser = ctx.config.adapter?.deleteUser;
    if (deleteUser)
      await Promise.resolve(deleteUser.call(ctx.config.adapter, created.id)).catch(() => undefined);
    throw error;
  }
  return created;
}

/**
 * Credentials sign-in. With JWT sessions the user `authorize` returned is the session's user. With
 * database sessions a session row needs a stored user: the one with that id if the app keeps its
 * users in the same store, else the one linked to this credentials identity, else a new user linked
 * to it (latchkey lets credentials work with database sessions; Auth.js does not).
 */
export async function resolveCredentialsUser(
  ctx: AuthContext,
  proven: ProvenIdentity,
): Promise<ResolvedSignIn> {
  if (ctx.config.session.strategy === "jwt") return { user: proven.user, isNewUser: false };
  const { user, account } = proven;
  if (!user.id) {
    throw new CallbackRouteError("With database sessions, `authorize` must return a user with an `id`.");
  }
  const userId = user.id;
  const getUser = adapterMethod(ctx, "getUser");
  const byId = await callAdapter("find the user", () => getUser(userId));
  if (byId) return { user: byId, isNewUser: false };
  const getUserByAccount = adapterMethod(ctx, "getUserByAccount");
  const linked = await callAdapter("find the linked user", () =>
    getUserByAccount({ provider: account.provider, providerAccountId: account.providerAccountId }),
  );
  if (linked) return { user: linked, isNewUser: false };

  const accountRecord = {
    type: "credentials",
    provider: account.provider,
    providerAccountId: account.providerAccountId,
  } as const;
  const created = await createUserWithAccount(ctx, newAdapterUser(ctx, user), accountRecord);
  await emitEvent(ctx.config, "createUser", { user: created });
  await emitEvent(ctx.config, "linkAccount", {
    user: created,
    account: { ...accountRecord, userId: created.id },
  });
  return { user: created, isNewUser: true };
}
