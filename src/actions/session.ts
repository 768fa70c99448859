import type { AuthContext } from "../core/context.js";
import type { ResponseInternal } from "../core/response.js";
import { sessionStrategies } from "../session/index.js";

/** GET /session: the session or null. */
export async function sessionReadAction(ctx: AuthContext): Promise<ResponseInternal> {
  const { session, cookies } = await sessionStrategies[ctx.config.session.strategy].read(ctx);
  return { body: session, cookies };
}

/** POST /session: update it through the callbacks (`trigger: "update"`). */
export async function sessionUpdateAction(ctx: AuthContext): Promise<ResponseInternal> {
  const strategy = sessionStrategies[ctx.config.session.strategy];
  const { session, cookies } = await strategy.update(ctx, ctx.req.body.data);
  return { body: session, cookies };
}
