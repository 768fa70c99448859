import { type AuthContext, routedProvider } from "../core/context.js";
import { InvalidProvider } from "../core/errors.js";
import type { ResponseInternal } from "../core/response.js";
import { flowFor } from "../flows/index.js";

/** GET /webauthn-options/:provider: the options a browser needs before a passkey ceremony, from the provider's flow. */
export async function webauthnOptionsAction(ctx: AuthContext): Promise<ResponseInternal> {
  const provider = routedProvider(ctx);
  const options = flowFor(provider)?.options;
  if (!options) throw new InvalidProvider(`Provider "${provider.id}" does not issue WebAuthn options.`);
  return options(ctx, provider);
}
