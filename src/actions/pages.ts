import { approvedRedirect } from "../core/callback-url.js";
import type { AuthContext } from "../core/context.js";
import { errorPageStatus } from "../core/error-traits.js";
import type { ResponseInternal } from "../core/response.js";
import { renderErrorPage } from "../pages/index.js";

/** GET /error?error=<Type>: explains a failed sign-in; the type only selects a message and a status. */
export async function errorPageAction(ctx: AuthContext): Promise<ResponseInternal> {
  const error = ctx.req.query.error ?? "Default";
  if (ctx.config.pages.error) {
    const target = new URL(await approvedRedirect(ctx, ctx.config.pages.error, "pages.error"));
    target.searchParams.set("error", error);
    return { redirect: target.href };
  }
  const page = renderErrorPage({
    error,
    signinUrl: ctx.actionUrl("signin"),
    status: errorPageStatus(error),
    theme: ctx.config.theme,
    language: ctx.language,
  });
  return { status: page.status, body: page.html };
}
