import type { ResponseInternal } from "../core/response.js";
import { PASSKEY_SCRIPT } from "../pages/passkey-script.js";

/**
 * GET /webauthn-script: the sign-in page's passkey script, from the package itself. It holds no
 * per-user data, so shared caches may keep it for an hour.
 */
export async function webauthnScriptAction(): Promise<ResponseInternal> {
  return {
    status: 200,
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    body: PASSKEY_SCRIPT,
  };
}
