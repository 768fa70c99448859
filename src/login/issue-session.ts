/**
 * The end of every sign-in, once every factor it needs is proven: a new session, the `signIn`
 * event, and the redirect (through `pages.newUser` for a new user). The callback route reaches it
 * straight after the first factor, two-factor sign-in after the second; the event fires only here,
 * so it never fires for a sign-in that stopped half way.
 */
import type { Account } from "../config.js";
import { approvedRedirect } from "../core/callback-url.js";
import type { AuthContext } from "../core/context.js";
import { emitEvent } from "../core/events.js";
import type { ResponseInternal } from "../core/response.js";
import type { SignInSession } from "../core/session-strategy.js";

/** Issues the session for `signIn` and sends the browser to `callbackUrl` (already approved). */
export async function issueSignInSession(
  ctx: AuthContext,
  signIn: SignInSession,
  callbackUrl: string,
): Promise<ResponseInternal> {
  const cookies = await ctx.sessions.issue(ctx, signIn);
  const { user, account, profile, isNewUser } = signIn;
  await emitEvent(ctx.config, "signIn", {
    user,
    account: account as Account,
    ...(profile ? { profile } : {}),
    isNewUser,
  });
  let target = callbackUrl;
  if (isNewUser && ctx.config.pages.newUser) {
    const welcome = new URL(await approvedRedirect(ctx, ctx.config.pages.newUser, "pages.newUser"));
    welcome.searchParams.set("callbackUrl", target);
    target = welcome.href;
  }
  return { redirect: target, cookies };
}
