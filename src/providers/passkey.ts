import type { WebAuthnConfig } from "./types.js";
import WebAuthn, { type WebAuthnUserConfig } from "./webauthn.js";

export type { WebAuthnUserConfig };

/**
 * Passkeys: WebAuthn with discoverable credentials, so a user signs in without typing a name, and
 * the browser offers them in the e-mail field's autofill. Needs an adapter with the Authenticator
 * methods (the Prisma schemas in `prisma/` have the model).
 *
 * @example
 * ```ts
 * import { MemoryAdapter } from "latchkey/adapters";
 * import Passkey from "latchkey/providers/passkey";
 *
 * const config = { adapter: MemoryAdapter(), providers: [Passkey()], secret: process.env.AUTH_SECRET };
 * ```
 */
export default function Passkey(options: WebAuthnUserConfig = {}): WebAuthnConfig {
  return WebAuthn({ id: "passkey", name: "Passkey", residentKey: "required", ...options });
}
