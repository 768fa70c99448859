/** Credentials sign-in: whom the user `authorize` returned becomes, as a stored user. */
import type { AdapterAccountWithoutUserId } from "../adapters/types.js";
import { adapterMethod, callAdapter } from "../core/adapter-calls.js";
import type { ServerContext } from "../core/context.js";
import { AccountNotLinked, CallbackRouteError } from "../core/errors.js";
import type { User } from "../provider-types.js";
import { addressOf, linkedUser, signUp } from "./new-user.js";
import type { ResolvedSignIn, UserResolver } from "./types.js";

/**
 * Credentials sign-in. When sessions need no stored user (JWT sessions), the user `authorize`
 * returned is the session's user. Otherwise (database sessions) the session needs a stored user:
 * the one with that id if the app keeps its users in the same store, else the one linked to this
 * credentials identity, else a new user linked to it. An e-mail address that already belongs to a stored user is never linked silently: that is
 * {@link AccountNotLinked}, with the two ways out in its message.
 */
export const resolveCredentialsUser: UserResolver = async (ctx, proven) => {
  if (!ctx.sessions.needsStoredUser) return { user: proven.user, isNewUser: false };
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
  const linked = await linkedUser(ctx, account);
  if (linked) return { user: linked, isNewUser: false };

  const email = addressOf(user);
  if (email !== undefined && typeof adapter?.getUserByEmail === "function") {
    const getUserByEmail = adapterMethod(adapter, "getUserByEmail");
    const owner = await callAdapter("find the user by e-mail", () => getUserByEmail(email));
    if (owner) {
      // Another app instance's concurrent first sign-in of this very account may have just created `owner`.
      const raced = await linkedUser(ctx, account);
      if (raced) return { user: raced, isNewUser: false };
      throw new AccountNotLinked(
        `authorize of provider "${account.provider}" returned the id "${account.providerAccountId}", which no stored user has, with an e-mail address that stored user "${owner.id}" has. latchkey never links accounts by e-mail on its own: return "${owner.id}" as the id from authorize, or link the credentials account to that user yourself (adapter.linkAccount({ userId: "${owner.id}", type: "credentials", provider: "${account.provider}", providerAccountId: "${account.providerAccountId}" })). See docs/errors.md#accountnotlinked.`,
      );
    }
  }
  return signUp(ctx, user, account);
}
