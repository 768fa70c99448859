import type { AuthContext } from "../core/context.js";
import { UnknownAction } from "../core/errors.js";
import type { ResponseInternal } from "../core/response.js";
import { flowFor } from "../flows/index.js";

/**
 * GET /webauthn-script: the sign-in page's passkey script, from the package itself. It comes with
 * the flow of a configured provider (the passkey flow, which arrives with `WebAuthn()`/`Passkey()`),
 * so an app without one neither serves nor bundles it. It holds no per-user data, so shared caches
 * may keep it for an hour.
 */
export async function webauthnScriptAction(ctx: AuthContext): Promise<ResponseInternal> {
  const script = ctx.config.providers.map((provider) => flowFor(provider)?.pageScript).find(Boolean);
  if (!script) throw new UnknownAction("No configured provider has a sign-in page script.");
  return {
    status: 200,
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    body: script,
  };
}
