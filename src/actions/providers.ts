import type { AuthContext } from "../core/context.js";
import type { ResponseInternal } from "../core/response.js";
import type { AppProvider } from "../providers/types.js";

/** GET /providers: every configured provider with its sign-in and callback URLs. */
export async function providersAction(ctx: AuthContext): Promise<ResponseInternal> {
  const listing: Record<string, AppProvider> = {};
  for (const provider of ctx.config.providers) {
    listing[provider.id] = {
      id: provider.id,
      name: provider.name,
      type: provider.type,
      signinUrl: ctx.actionUrl("signin", provider.id),
      callbackUrl: ctx.actionUrl("callback", provider.id),
    };
  }
  return { body: listing };
}
