/** E-mail sign-in: a link or a one-time code proved that the person signing in owns the address. */
import { adapterMethod, callAdapter } from "../core/adapter-calls.js";
import type { ServerContext } from "../core/context.js";
import { emitEvent } from "../core/events.js";
import { newAdapterUser } from "./new-user.js";
import { proveAddress } from "./proof-of-address.js";
import type { ResolvedSignIn, UserResolver } from "./types.js";

/**
 * E-mail sign-in. The owner of a proven address is the stored user with that address (proven now,
 * which runs the pre-hijack defence the first time), or a new user with it, verified now. One
 * sign-in per address at a time, so two links used at once for a new address make one user.
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
  if (!existing) {
    const createUser = adapterMethod(adapter, "createUser");
    const user = newAdapterUser(ctx, { email }, new Date());
    const created = await callAdapter("create the user", () => createUser(user));
    await emitEvent(ctx.config, "createUser", { user: created });
    return { user: created, isNewUser: true };
  }
  return { user: await proveAddress(ctx, existing, "An e-mail sign-in"), isNewUser: false };
}
