import type { AuthContext } from "../core/context.js";
import type { ResponseInternal } from "../core/response.js";
import { withAdoptedSession } from "../migrate/carried.js";

/** GET /session: the session or null. */
export async function sessionReadAction(ctx: AuthContext): Promise<ResponseInternal> {
  const { session, cookies } = await withAdoptedSession(ctx, (c) => c.sessions.read(c), true);
  return { body: session, cookies };
}

/** POST /session: update it through the callbacks (`trigger: "update"`). */
export async function sessionUpdateAction(ctx: AuthContext): Promise<ResponseInternal> {
  const data = ctx.req.body.data;
  const { session, cookies } = await withAdoptedSession(ctx, (c) => c.sessions.update(c, data), true);
  return { body: session, cookies };
}
