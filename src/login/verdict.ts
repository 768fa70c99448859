/** The app's say on every sign-in: the `signIn` callback. */
import type { CallbacksOptions } from "../config.js";
import { approvedRedirect } from "../core/callback-url.js";
import type { ServerContext } from "../core/context.js";
import { AccessDenied, AuthError } from "../core/errors.js";
import { asError } from "../core/thrown.js";

/**
 * The `signIn` callback's verdict on a sign-in, for every flow: `true` lets it continue
 * (undefined is returned), `false` refuses it ({@link AccessDenied}), a string redirects there
 * instead (the approved URL is returned). The e-mail flow also asks before it sends a link, with
 * `email: { verificationRequest: true }`. A callback that throws refuses the sign-in too, as in
 * Auth.js: its error becomes the cause of an {@link AccessDenied}, unless it is an `AuthError`
 * of its own, which keeps its type.
 */
export async function signInVerdict(
  ctx: ServerContext,
  params: Parameters<CallbacksOptions["signIn"]>[0],
): Promise<string | undefined> {
  let verdict: Awaited<ReturnType<CallbacksOptions["signIn"]>>;
  try {
    verdict = await ctx.config.callbacks.signIn(params);
  } catch (error) {
    if (error instanceof AuthError) throw error;
    // The refusal is routine for the browser, but a callback that throws is the server's trouble
    // (its policy service is down): the operator sees what it threw, in full.
    ctx.config.logger.error(asError(error));
    throw new AccessDenied("The signIn callback threw; the sign-in is refused.", { cause: error });
  }
  if (verdict === false || verdict === undefined || verdict === null) {
    throw new AccessDenied("The signIn callback refused this sign-in.");
  }
  if (typeof verdict === "string") return approvedRedirect(ctx, verdict);
  return undefined;
}
