import { approvedRedirect, resolveCallbackUrl } from "../core/callback-url.js";
import type { AuthContext } from "../core/context.js";
import { AccessDenied, InvalidConfig, InvalidProvider } from "../core/errors.js";
import { emitEvent } from "../core/events.js";
import type { ResponseInternal } from "../core/response.js";
import { type FlowSignIn, flows } from "../flows/index.js";
import { sessionStrategies } from "../session/index.js";
import { assertCsrf } from "./csrf.js";

const isFlowSignIn = (value: FlowSignIn | ResponseInternal): value is FlowSignIn =>
  typeof (value as FlowSignIn).resolveUser === "function";

/**
 * The tail every flow shares once it has proved who is signing in: the `signIn` callback, the
 * user/account rules, a new session, the event, and the redirect. Written once, for every flow.
 */
async function completeSignIn(ctx: AuthContext, proven: FlowSignIn): Promise<ResponseInternal> {
  const verdict = await ctx.config.callbacks.signIn({
    user: proven.user,
    account: proven.account,
    ...(proven.profile ? { profile: proven.profile } : {}),
    ...(proven.credentials ? { credentials: proven.credentials } : {}),
  });
  if (verdict === false) throw new AccessDenied("The signIn callback refused this sign-in.");
  if (typeof verdict === "string") return { redirect: await approvedRedirect(ctx, verdict) };

  const { user, isNewUser } = await proven.resolveUser(ctx, proven);
  const account = { ...proven.account, ...(user.id ? { userId: user.id } : {}) };
  const strategy = sessionStrategies[ctx.config.session.strategy];
  const cookies = await strategy.signIn(ctx, {
    user,
    account,
    ...(proven.profile ? { profile: proven.profile } : {}),
    isNewUser,
  });
  await emitEvent(ctx.config, "signIn", {
    user,
    account,
    ...(proven.profile ? { profile: proven.profile } : {}),
    isNewUser,
  });

  let redirect = await resolveCallbackUrl(ctx);
  if (isNewUser && ctx.config.pages.newUser) {
    const welcome = new URL(await approvedRedirect(ctx, ctx.config.pages.newUser));
    welcome.searchParams.set("callbackUrl", redirect);
    redirect = welcome.href;
  }
  return { redirect, cookies };
}

/** GET|POST /callback/:provider: the provider's flow finishes the sign-in. */
export async function callbackAction(ctx: AuthContext): Promise<ResponseInternal> {
  const provider = ctx.provider;
  if (!provider) throw new InvalidProvider(`No provider has the id "${ctx.req.providerId}".`);
  const flow = flows[provider.type];
  if (!flow) {
    throw new InvalidConfig(
      `Provider "${provider.id}" has type "${provider.type}", whose callback flow is not available.`,
    );
  }
  if (ctx.req.method === "POST" && flow.callbackNeedsCsrf) await assertCsrf(ctx);
  const outcome = await flow.callback(ctx);
  return isFlowSignIn(outcome) ? completeSignIn(ctx, outcome) : outcome;
}
