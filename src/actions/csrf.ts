import type { AuthContext } from "../core/context.js";
import type { ResponseInternal } from "../core/response.js";

/** GET /csrf: the token to echo in state-changing POSTs; sets the cookie when the request had none. */
export async function csrfAction(ctx: AuthContext): Promise<ResponseInternal> {
  const { token } = await ctx.csrf();
  return { body: { csrfToken: token } };
}
