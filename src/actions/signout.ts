import { approvedRedirect, resolveCallbackUrl } from "../core/callback-url.js";
import type { AuthContext } from "../core/context.js";
import type { ResponseInternal } from "../core/response.js";
import { renderSignOutPage } from "../pages/index.js";
import { sessionStrategies } from "../session/index.js";
import { assertCsrf } from "./csrf.js";

/** GET /signout: the confirm page. POST /signout: ends the session and redirects. */
export async function signOutAction(ctx: AuthContext): Promise<ResponseInternal> {
  if (ctx.req.method === "POST") {
    await assertCsrf(ctx);
    const cookies = await sessionStrategies[ctx.config.session.strategy].signOut(ctx);
    return { redirect: await resolveCallbackUrl(ctx), cookies };
  }
  if (ctx.config.pages.signOut) return { redirect: await approvedRedirect(ctx, ctx.config.pages.signOut) };
  const { token } = await ctx.csrf();
  const callbackUrl = ctx.req.query.callbackUrl ? await resolveCallbackUrl(ctx) : undefined;
  const page = renderSignOutPage({
    csrfToken: token,
    signoutUrl: ctx.actionUrl("signout"),
    ...(callbackUrl ? { callbackUrl } : {}),
    theme: ctx.config.theme,
  });
  return { status: page.status, body: page.html };
}
