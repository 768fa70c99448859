import type { AuthContext } from "../core/context.js";
import type { ResponseInternal } from "../core/response.js";
import type { AppProvider } from "../provider-types.js";

/** GET /providers: every configured provider with its sign-in and callback URLs. */
export async function providersAction(ctx: AuthContext): Promise<ResponseInternal> {
  const listing: Record<string, AppProvider> = {};
  for (const { id, name, type } of ctx.config.providers) {
    // The type is only reported here, as Auth.js lists it; nothing in the router depends on it.
    listing[id] = {
      id,
      name,
      type,
      signinUrl: ctx.actionUrl("signin", id),
      callbackUrl: ctx.actionUrl("callback", id),
    };
  }
  return { body: listing };
}
