import type { AuthContext } from "../core/context.js";
import { csrfMatches } from "../core/csrf.js";
import { MissingCSRF } from "../core/errors.js";
import type { ResponseInternal } from "../core/response.js";

/** GET /csrf: the token to echo in state-changing POSTs; sets the cookie when the request had none. */
export async function csrfAction(ctx: AuthContext): Promise<ResponseInternal> {
  const { token } = await ctx.csrf();
  return { body: { csrfToken: token }, headers: { "Cache-Control": "private, no-cache, no-store" } };
}

/**
 * Every state-changing POST calls this first. The token must arrive in the body: a token in the query
 * string would leak through logs and Referer headers, so it does not count.
 */
export async function assertCsrf(ctx: AuthContext): Promise<void> {
  if (ctx.config.skipCsrfCheck) return;
  const state = await ctx.csrf();
  if (!csrfMatches(state, ctx.req.body.csrfToken)) {
    throw new MissingCSRF(
      "The CSRF token was missing or did not match; fetch one from GET /csrf and send it in the body.",
    );
  }
}
