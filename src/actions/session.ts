import type { AuthContext } from "../core/context.js";
import type { ResponseInternal } from "../core/response.js";

/** GET /session: the session or null. */
export async function sessionReadAction(ctx: AuthContext): Promise<ResponseInternal> {
  const { session, cookies } = await ctx.sessions.read(ctx);
  return { body: session, cookies };
}

/** POST /session: update it through the callbacks (`trigger: "update"`). */
export async function sessionUpdateAction(ctx: AuthContext): Promise<ResponseInternal> {
  const { session, cookies } = await ctx.sessions.update(ctx, ctx.req.body.data);
  return { body: session, cookies };
}
