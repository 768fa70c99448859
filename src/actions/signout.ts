import { approvedRedirect, resolveCallbackUrl } from "../core/callback-url.js";
import type { AuthContext } from "../core/context.js";
import type { ResponseInternal } from "../core/response.js";
import { signOutWithAdopted } from "../migrate/carried.js";
import { renderSignOutPage } from "../pages/index.js";

/** GET /signout: the confirm page (or the app's own, when `pages.signOut` is set). */
export async function signOutPageAction(ctx: AuthContext): Promise<ResponseInternal> {
  if (ctx.config.pages.signOut) {
    return { redirect: await approvedRedirect(ctx, ctx.config.pages.signOut, "pages.signOut") };
  }
  const { token } = await ctx.csrf();
  const callbackUrl = ctx.req.query.callbackUrl ? await resolveCallbackUrl(ctx) : undefined;
  const page = renderSignOutPage({
    csrfToken: token,
    signoutUrl: ctx.actionUrl("signout"),
    ...(callbackUrl ? { callbackUrl } : {}),
    theme: ctx.config.theme,
    language: ctx.language,
  });
  return { status: page.status, body: page.html };
}

/** POST /signout: ends the session and redirects. */
export async function signOutAction(ctx: AuthContext): Promise<ResponseInternal> {
  const cookies = await signOutWithAdopted(ctx, (c) => c.sessions.signOut(c));
  return { redirect: await resolveCallbackUrl(ctx), cookies };
}
