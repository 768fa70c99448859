import {
  approvedRedirect,
  rememberCallbackUrl,
  requestedCallbackUrl,
  resolveCallbackUrl,
} from "../core/callback-url.js";
import { type AuthContext, routedProvider } from "../core/context.js";
import { InvalidConfig } from "../core/errors.js";
import type { ResponseInternal } from "../core/response.js";
import { flowFor } from "../flows/index.js";
import { renderSignInPage, type SignInPageProvider } from "../pages/index.js";
import type { ProviderConfig } from "../provider-types.js";

function pageProvider(ctx: AuthContext, provider: ProviderConfig): SignInPageProvider[] {
  const flow = flowFor(provider);
  if (!flow) return [];
  return [
    {
      id: provider.id,
      name: provider.name,
      signinUrl: ctx.actionUrl("signin", provider.id),
      callbackUrl: ctx.actionUrl("callback", provider.id),
      ...flow.pageEntry(provider, ctx),
    },
  ];
}

/** GET /signin[/:provider]: the sign-in page (or the app's own, when `pages.signIn` is set). */
export async function signInPageAction(ctx: AuthContext): Promise<ResponseInternal> {
  const callbackUrl = await resolveCallbackUrl(ctx);
  const cookies = requestedCallbackUrl(ctx) ? [rememberCallbackUrl(ctx, callbackUrl)] : [];
  const { error, code } = ctx.req.query;

  if (ctx.config.pages.signIn) {
    const target = new URL(await approvedRedirect(ctx, ctx.config.pages.signIn, "pages.signIn"));
    target.searchParams.set("callbackUrl", callbackUrl);
    if (error) target.searchParams.set("error", error);
    if (code) target.searchParams.set("code", code);
    return { redirect: target.href, cookies };
  }

  const providers = ctx.req.providerId === undefined ? ctx.config.providers : [routedProvider(ctx)];
  const { token } = await ctx.csrf();
  const entries = providers.flatMap((provider) => pageProvider(ctx, provider));
  const scriptUrl = entries.find((entry) => entry.scriptUrl !== undefined)?.scriptUrl;
  const page = renderSignInPage({
    providers: entries,
    csrfToken: token,
    callbackUrl,
    ...(error ? { error } : {}),
    ...(code ? { code } : {}),
    ...(ctx.req.query.email ? { email: ctx.req.query.email } : {}),
    theme: ctx.config.theme,
    language: ctx.language,
    ...(scriptUrl ? { passkeyScriptUrl: scriptUrl } : {}),
  });
  return { status: page.status, body: page.html, cookies };
}

/**
 * POST /signin/:provider: starts the provider's flow, remembering the requested callbackUrl. A type
 * whose flow has no sign-in step (credentials post straight to /callback) gets the sign-in page.
 */
export async function startSignInAction(ctx: AuthContext): Promise<ResponseInternal> {
  const provider = routedProvider(ctx);
  const flow = flowFor(provider);
  const requested = requestedCallbackUrl(ctx);
  if (flow?.signIn) {
    const result = await flow.signIn(ctx, provider);
    if (requested) {
      result.cookies = [
        ...(result.cookies ?? []),
        rememberCallbackUrl(ctx, await approvedRedirect(ctx, requested)),
      ];
    }
    return result;
  }
  if (flow?.callback) {
    const page = new URL(ctx.actionUrl("signin"));
    if (requested) page.searchParams.set("callbackUrl", await approvedRedirect(ctx, requested));
    return { redirect: page.href };
  }
  throw new InvalidConfig(
    `Provider "${provider.id}" cannot start a sign-in in this version: its type has no sign-in step yet.`,
  );
}
