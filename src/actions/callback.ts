/** GET|POST /callback/:provider: the provider's flow finishes the sign-in; the shared tail issues the session. */

import { expiredCookie } from "../cookie/header.js";
import { resolveCallbackUrl } from "../core/callback-url.js";
import { type AuthContext, type ProvenFirstFactor, routedProvider } from "../core/context.js";
import { InvalidConfig } from "../core/errors.js";
import type { ResponseInternal } from "../core/response.js";
import { firstFactorMarks } from "../core/session-marks.js";
import { type CallbackResult, type Flow, flowFor } from "../flows/index.js";
import { type ProvenSignIn, signInVerdict } from "../login/index.js";
import { issueSignInSession } from "../login/issue-session.js";
import type { ProviderConfig } from "../provider-types.js";

/**
 * The tail every flow shares once it has proved who is signing in: the `signIn` callback, the
 * user/account rules, what configured features ask first (a second factor), a new session, the
 * event, and the redirect. Written once, for every flow.
 */
async function completeSignIn(
  ctx: AuthContext,
  provider: ProviderConfig,
  flow: Flow,
  proven: ProvenSignIn,
): Promise<ResponseInternal> {
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
  const signIn: ProvenFirstFactor = {
    user,
    account,
    ...profile,
    isNewUser,
    // RFC 8176 values for the first factor, as its flow names them; the marks go on whole from here.
    marks: firstFactorMarks(user, flow.amr ?? []),
    providerId: provider.id,
  };
  for (const gate of ctx.config.signInGates) {
    const held = await gate(ctx, signIn);
    if (held !== undefined) return held;
  }
  const { providerId: _, ...session } = signIn;
  return issueSignInSession(ctx, session, await resolveCallbackUrl(ctx));
}

async function finish(
  ctx: AuthContext,
  provider: ProviderConfig,
  flow: Flow,
  result: CallbackResult,
): Promise<ResponseInternal> {
  if (result.kind === "response") return result.response;
  const response = await completeSignIn(ctx, provider, flow, result.identity);
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
    return await finish(ctx, provider, flow, await flow.callback(ctx, provider));
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
