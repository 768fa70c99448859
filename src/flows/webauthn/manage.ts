/**
 * A signed-in user's own passkeys, for a "your passkeys" page: list them, delete one. Both act only
 * on the user of the request's session; `index.ts` exposes them as `listAuthenticators` and
 * `deleteAuthenticator`.
 */
import type { AdapterAuthenticator } from "../../adapters/types.js";
import { adapterMethod, callAdapter } from "../../core/adapter-calls.js";
import type { ServerContext } from "../../core/context.js";
import { signedInUser } from "../../session/signed-in-user.js";
import { findAuthenticator, toBase64url } from "./records.js";

/** The signed-in user's authenticators, or null when nobody is signed in. */
export async function listOwnAuthenticators(ctx: ServerContext): Promise<AdapterAuthenticator[] | null> {
  const user = await signedInUser(ctx);
  if (!user) return null;
  const list = adapterMethod(ctx.config.adapter, "listAuthenticatorsByUserId");
  return callAdapter("list the user's authenticators", () => list(user.id));
}

/**
 * Deletes one of the signed-in user's authenticators and unlinks its "webauthn" account; false
 * when nobody is signed in or the credential is not theirs (another user's passkey is never touched,
 * nor is its existence revealed).
 */
export async function deleteOwnAuthenticator(ctx: ServerContext, credentialID: string): Promise<boolean> {
  const user = await signedInUser(ctx);
  // An empty id names no stored authenticator, so it falls through to "not theirs".
  if (!user || typeof credentialID !== "string") return false;
  const stored = await findAuthenticator(ctx, toBase64url(credentialID));
  if (!stored || stored.userId !== user.id) return false;

  const adapter = ctx.config.adapter;
  const remove = adapterMethod(adapter, "deleteAuthenticator");
  await callAdapter("delete the authenticator", () => remove(stored.credentialID));
  const getUserByAccount = adapterMethod(adapter, "getUserByAccount");
  for (const provider of ctx.config.providers.filter((candidate) => candidate.type === "webauthn")) {
    const key = { provider: provider.id, providerAccountId: stored.providerAccountId };
    const linked = await callAdapter("find the passkey's user", () => getUserByAccount(key));
    if (linked?.id === user.id && adapter?.unlinkAccount) {
      await callAdapter("unlink the passkey's account", () => adapter.unlinkAccount?.(key));
    }
  }
  return true;
}
