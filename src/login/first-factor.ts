/**
 * Whether a first factor proven a while ago still stands. Two-factor sign-in holds a proven first
 * factor for minutes (its pending cookie) before any session is issued, and in the meantime the
 * user may change under it: the address may be proven for the first time (the pre-hijack defence
 * then unlinks what was linked without that proof, and a squatter holding a first factor must not
 * complete it on the owner's user), or the account that proved it may be unlinked. So before a held
 * sign-in goes on, what its first factor proved is judged again, against the user as stored now:
 * - the user is still there;
 * - the address is as the first factor saw it: the same address, still unproven if it was, and not
 *   proven since (a first proof voids every sign-in begun before it);
 * - the account that proved it, if it was one linked to the user, is linked to the user still.
 */
import { adapterMethod, callAdapter } from "../core/adapter-calls.js";
import type { ServerContext } from "../core/context.js";
import type { SignInSession } from "../core/session-strategy.js";
import { linkedUser } from "./new-user.js";

/** What the first factor stood on, beside the sign-in itself, recorded when it was proven. */
export interface FirstFactorStanding {
  /** The first factor came through an account linked to the user (not a password the app checks itself, not an e-mail). */
  accountLinked: boolean;
}

/** Whether `signIn`'s account is linked to its user, when the store can say. */
async function linkedNow(ctx: ServerContext, signIn: SignInSession): Promise<boolean> {
  const { account, user } = signIn;
  if (account === null || typeof ctx.config.adapter?.getUserByAccount !== "function") return false;
  return (await linkedUser(ctx, account))?.id === user.id;
}

/** What a first factor just proven for `signIn` stands on. */
export async function firstFactorStanding(
  ctx: ServerContext,
  signIn: SignInSession,
): Promise<FirstFactorStanding> {
  return { accountLinked: await linkedNow(ctx, signIn) };
}

const secondsOf = (date: unknown): number => Math.floor(new Date(date as Date).valueOf() / 1000);

/** Whether the address of the user stored now is still the one, in the state, the first factor saw. */
function sameAddressState(signIn: SignInSession, now: { email?: unknown; emailVerified?: unknown }): boolean {
  const seen = signIn.user as { email?: unknown; emailVerified?: unknown };
  // A user the first factor saw as stored (it has the field): the same address, proven or not as it was.
  if ("emailVerified" in seen) {
    if ((now.email ?? null) !== (seen.email ?? null)) return false;
    if (Boolean(now.emailVerified) !== Boolean(seen.emailVerified)) return false;
  }
  // And never proven after the first factor (for a user the app keeps elsewhere, the only sign).
  return !now.emailVerified || secondsOf(now.emailVerified) <= signIn.marks.authentication.authTime;
}

/** Whether the first factor of `signIn`, held since it was proven, still stands for its user (see above). */
export async function firstFactorStands(
  ctx: ServerContext,
  signIn: SignInSession,
  standing: FirstFactorStanding,
): Promise<boolean> {
  const adapter = ctx.config.adapter;
  const userId = signIn.user.id;
  // An app whose users are not in the adapter has no stored user to judge against.
  if (userId !== undefined && typeof adapter?.getUser === "function") {
    const getUser = adapterMethod(adapter, "getUser");
    const now = await callAdapter("find the signed-in user", () => getUser(userId));
    if (now === null) {
      if ("emailVerified" in signIn.user) return false;
    } else if (!sameAddressState(signIn, now)) return false;
  }
  return !standing.accountLinked || (await linkedNow(ctx, signIn));
}
