import type { AuthContext } from "../core/context.js";
import type { ResponseInternal } from "../core/response.js";
import { sessionStrategies } from "../session/index.js";
import { assertCsrf } from "./csrf.js";

const NO_STORE = { "Cache-Control": "private, no-cache, no-store" };

/** GET /session: the session or null. POST /session: update it through the callbacks. */
export async function sessionAction(ctx: AuthContext): Promise<ResponseInternal> {
  const strategy = sessionStrategies[ctx.config.session.strategy];
  if (ctx.req.method === "POST") {
    await assertCsrf(ctx);
    const { session, cookies } = await strategy.update(ctx, ctx.req.body.data);
    return { body: session, cookies, headers: NO_STORE };
  }
  const { session, cookies } = await strategy.read(ctx);
  return { body: session, cookies, headers: NO_STORE };
}
