import {
  approvedRedirect,
  rememberCallbackUrl,
  requestedCallbackUrl,
  resolveCallbackUrl,
} from "../core/callback-url.js";
import type { AuthContext } from "../core/context.js";
import { InvalidConfig, InvalidProvider } from "../core/errors.js";
import type { ResponseInternal } from "../core/response.js";
import { flows } from "../flows/index.js";
import { renderSignInPage, type SignInPageProvider } from "../pages/index.js";
import type { ProviderConfig } from "../providers/types.js";
import { assertCsrf } from "./csrf.js";

function pageProvider(ctx: AuthContext, provider: ProviderConfig): SignInPageProvider {
  const entry: SignInPageProvider = {
    id: provider.id,
    name: provider.name,
    type: provider.type,
    signinUrl: ctx.actionUrl("signin", provider.id),
    callbackUrl: ctx.actionUrl("callback", provider.id),
  };
  if (provider.type === "credentials") entry.credentials = provider.credentials;
  if ((provider.type === "oauth" || provider.type === "oidc") && provider.style) entry.style = provider.style;
  return entry;
}

/** GET /signin[/:provider]: the sign-in page (or the app's own, when `pages.signIn` is set). */
async function signInPage(ctx: AuthContext): Promise<ResponseInternal> {
  const callbackUrl = await resolveCallbackUrl(ctx);
  const cookies = requestedCallbackUrl(ctx) ? [rememberCallbackUrl(ctx, callbackUrl)] : [];
  const { error, code } = ctx.req.query;

  if (ctx.config.pages.signIn) {
    const target = new URL(await approvedRedirect(ctx, ctx.config.pages.signIn));
    target.searchParams.set("callbackUrl", callbackUrl);
    if (error) target.searchParams.set("error", error);
    if (code) target.searchParams.set("code", code);
    return { redirect: target.href, cookies };
  }

  let providers = ctx.config.providers;
  if (ctx.req.providerId !== undefined) {
    if (!ctx.provider) throw new InvalidProvider(`No provider has the id "${ctx.req.providerId}".`);
    providers = [ctx.provider];
  }
  const { token } = await ctx.csrf();
  const page = renderSignInPage({
    providers: providers.map((provider) => pageProvider(ctx, provider)),
    csrfToken: token,
    callbackUrl,
    ...(error ? { error } : {}),
    ...(code ? { code } : {}),
    ...(ctx.req.query.email ? { email: ctx.req.query.email } : {}),
    theme: ctx.config.theme,
  });
  return { status: page.status, body: page.html, cookies };
}

/** POST /signin/:provider: starts the provider's flow. */
async function startSignIn(ctx: AuthContext): Promise<ResponseInternal> {
  const provider = ctx.provider;
  if (!provider) throw new InvalidProvider(`No provider has the id "${ctx.req.providerId}".`);
  await assertCsrf(ctx);
  const flow = flows[provider.type];
  if (flow?.signIn) {
    const result = await flow.signIn(ctx);
    const requested = requestedCallbackUrl(ctx);
    if (requested) {
      result.cookies = [
        ...(result.cookies ?? []),
        rememberCallbackUrl(ctx, await approvedRedirect(ctx, requested)),
      ];
    }
    return result;
  }
  if (provider.type === "credentials") {
    // Credentials are posted to /callback; a POST here just shows the form.
    const page = new URL(ctx.actionUrl("signin"));
    const requested = requestedCallbackUrl(ctx);
    if (requested) page.searchParams.set("callbackUrl", await approvedRedirect(ctx, requested));
    return { redirect: page.href };
  }
  throw new InvalidConfig(
    `Provider "${provider.id}" has type "${provider.type}", whose sign-in flow is not available.`,
  );
}

export function signInAction(ctx: AuthContext): Promise<ResponseInternal> {
  return ctx.req.method === "POST" ? startSignIn(ctx) : signInPage(ctx);
}
