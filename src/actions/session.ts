import type { AuthContext } from "../core/context.js";
import type { ResponseInternal } from "../core/response.js";
import { withNextAuthV4Session } from "../migrate/next-auth-v4/session.js";

/** GET /session: the session or null. */
export async function sessionReadAction(ctx: AuthContext): Promise<ResponseInternal> {
  const { session, cookies } = await withNextAuthV4Session(ctx, (c) => c.sessions.read(c));
  return { body: session, cookies };
}

/** POST /session: update it through the callbacks (`trigger: "update"`). */
export async function sessionUpdateAction(ctx: AuthContext): Promise<ResponseInternal> {
  const data = ctx.req.body.data;
  const { session, cookies } = await withNextAuthV4Session(ctx, (c) => c.sessions.update(c, data));
  return { body: session, cookies };
}
