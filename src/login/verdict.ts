/** The app's say on every sign-in: the `signIn` callback. */
import type { CallbacksOptions } from "../config.js";
import { approvedRedirect } from "../core/callback-url.js";
import type { ServerContext } from "../core/context.js";
import { AccessDenied } from "../core/errors.js";

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
