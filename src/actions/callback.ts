/** GET|POST /callback/:provider: the provider's flow finishes the sign-in; the shared tail issues the session. */

import { expiredCookie } from "../cookie/header.js";
import { approvedRedirect, resolveCallbackUrl } from "../core/callback-url.js";
import { type AuthContext, routedProvider } from "../core/context.js";
import { InvalidConfig } from "../core/errors.js";
import { emitEvent } from "../core/events.js";
import type { ResponseInternal } from "../core/response.js";
import { type CallbackResult, flowFor } from "../flows/index.js";
import { type ProvenSignIn, signInVerdict } from "../login/index.js";

/**
 * The tail every flow shares once it has proved who is signing in: the `signIn` callback, the
 * user/account rules, a new session, the event, and the redirect. Written once, for every flow.
 */
async function completeSignIn(ctx: AuthContext, proven: ProvenSignIn): Promise<ResponseInternal> {
  const profile = proven.profile ? { profile: proven.profile } : {};
  const redirect = await signInVerdict(ctx, {
    user: proven.user,
    account: proven.account,
    ...profile,
    ...(proven.credentials ? { credentials: proven.credentials } : {}),
  });
  if (redirect !== undefined) return { redirect };

  const { user, isNewUser } = await proven.resolveUser(ctx, proven);
  const account = { ...proven.account, ...(user.id ? { userId: user.id } : {}) };
  const cookies = await ctx.sessions.issue(ctx, { user, account, ...profile, isNewUser });
  await emitEvent(ctx.config, "signIn", { user, account, ...profile, isNewUser });

  let target = await resolveCallbackUrl(ctx);
  if (isNewUser && ctx.config.pages.newUser) {
    const welcome = new URL(await approvedRedirect(ctx, ctx.config.pages.newUser, "pages.newUser"));
    welcome.searchParams.set("callbackUrl", target);
    target = welcome.href;
  }
  return { redirect: target, cookies };
}

async function finish(ctx: AuthContext, result: CallbackResult): Promise<ResponseInternal> {
  if (result.kind === "response") return result.response;
  const response = await completeSignIn(ctx, result.identity);
  return { ...response, cookies: [...result.cookies, ...(response.cookies ?? [])] };
}

export async function callbackAction(ctx: AuthContext): Promise<ResponseInternal> {
  const provider = routedProvider(ctx);
  const flow = flowFor(provider);
  if (!flow?.callback) {
    throw new InvalidConfig(
      `Provider "${provider.id}" cannot complete a sign-in in this version: its type has no callback step yet.`,
    );
  }
  try {
    return await finish(ctx, await flow.callback(ctx, provider));
  } catch (error) {
    // The flow's check cookies are single-use whatever the outcome: an error ends the attempt too.
    for (const role of flow.checkCookies ?? []) {
      const spec = ctx.cookies[role];
      if (ctx.req.cookies[spec.name] !== undefined)
        ctx.outgoingCookies.push(expiredCookie(spec.name, spec.options));
    }
    throw error;
  }
}
