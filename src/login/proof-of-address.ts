/**
 * The pre-hijack defence, in one place. A user whose address nobody has proven may have been set up
 * by someone who does not own it: an attacker who registered the victim's address first (through
 * credentials, a passkey, or a provider that does not verify addresses) and waits for the victim to
 * arrive (account pre-hijacking). So the first time the address is proven (an e-mail link or code,
 * or a provider trusted to vouch for it), everything linked without that proof is removed before the
 * address counts as verified, every factor set up until then goes (a second factor the owner would
 * be asked for and does not have, the passkeys), and every session issued until then ends: the
 * person who proved the address signs in to a clean user. Sign-ins held for their second factor
 * end too: two-factor sign-in judges each again against the user before it goes on
 * (first-factor.ts), and one begun before the proof no longer stands.
 */
import type { Adapter, AdapterUser } from "../adapters/types.js";
import { adapterMethod, callAdapter } from "../core/adapter-calls.js";
import type { ServerContext } from "../core/context.js";
import { MissingAdapterMethods } from "../core/errors.js";
import { emitEvent } from "../core/events.js";
import { revokeAllSessions } from "../session/revoke-all.js";

/**
 * Account types linked by something other than proof of the address: a provider's word, a passkey,
 * a password. Only `email` accounts prove it.
 */
const UNPROVEN_ACCOUNT_TYPES: ReadonlySet<string> = new Set(["oauth", "oidc", "webauthn", "credentials"]);

/**
 * Unlinks the user's accounts linked without proof and ends its sessions. An adapter that cannot
 * list the accounts or sessions fails the sign-in rather than mark the address verified with an
 * intruder still linked. `proof` names what proved the address, for that message.
 */
async function removeUnprovenAccess(ctx: ServerContext, user: AdapterUser, proof: string): Promise<void> {
  const adapter = ctx.config.adapter;
  const needed: Array<keyof Adapter> = ["listAccountsByUserId", "unlinkAccount", ...ctx.sessions.revokeNeeds];
  const missing = needed.filter((method) => typeof adapter?.[method] !== "function");
  if (missing.length > 0) {
    throw new MissingAdapterMethods(
      `${proof} proved the address of user "${user.id}" for the first time. Before it counts as verified, the accounts linked to that user without proof must be unlinked and the user's sessions ended, which needs the adapter methods ${missing.join(", ")}. The sign-in is refused until the adapter has them (see docs/adapter-conformance.md).`,
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
  await removeFactors(ctx, user);
  await revokeAllSessions(ctx.config, user.id, undefined, "addressProven");
}

/**
 * Removes the second factor (authenticator app, recovery codes) and the passkeys of the user. Their
 * accounts are unlinked already, which is what stops a passkey signing in; deleting the records too
 * keeps the owner from being asked for a squatter's authenticator, or offered a squatter's passkey
 * as their second factor. An adapter without the methods stores none of these.
 */
async function removeFactors(ctx: ServerContext, user: AdapterUser): Promise<void> {
  const adapter = ctx.config.adapter;
  const { deleteTwoFactor, listAuthenticatorsByUserId, deleteAuthenticator } = adapter ?? {};
  if (deleteTwoFactor) {
    await callAdapter("remove a second factor set up without a verified e-mail", () =>
      deleteTwoFactor.call(adapter, user.id),
    );
  }
  if (listAuthenticatorsByUserId && deleteAuthenticator) {
    const passkeys = await callAdapter("list the user's authenticators", () =>
      listAuthenticatorsByUserId.call(adapter, user.id),
    );
    for (const { credentialID } of passkeys) {
      await callAdapter("remove a passkey set up without a verified e-mail", () =>
        deleteAuthenticator.call(adapter, credentialID),
      );
    }
  }
}

/**
 * The user, with its address proven now. The first proof runs the defence above, then records the
 * time of the proof (`emailVerified`), which also ends the JWT sessions issued before it (see
 * session/unproven-address.ts). A user proven before is returned as it is.
 */
export async function proveAddress(
  ctx: ServerContext,
  user: AdapterUser,
  proof: string,
): Promise<AdapterUser> {
  if (user.emailVerified) return user;
  await removeUnprovenAccess(ctx, user, proof);
  const updateUser = adapterMethod(ctx.config.adapter, "updateUser");
  const updated = await callAdapter("mark the e-mail address verified", () =>
    updateUser({ id: user.id, emailVerified: new Date() }),
  );
  await emitEvent(ctx.config, "updateUser", { user: updated });
  return updated;
}
