import { carryingFlow } from "../flows/types.js";
import { webauthnFlow } from "../flows/webauthn/index.js";
import type { WebAuthnConfig } from "./types.js";

export type { WebAuthnConfig };

/** What `WebAuthn()` and `Passkey()` accept: every field of {@link WebAuthnConfig} is optional. */
export type WebAuthnUserConfig = Partial<Omit<WebAuthnConfig, "type">>;

/**
 * Sign-in with WebAuthn credentials (security keys, platform authenticators, passkeys), verified
 * with `@simplewebauthn/server`, an optional peer: `npm install @simplewebauthn/server` (without it
 * the first request fails with `InvalidConfig`). The provider brings the WebAuthn flow with it, so
 * an app without one bundles none of it. Needs an adapter with the Authenticator methods; the default
 * sign-in page offers "Sign in with WebAuthn" and "Create a passkey". For discoverable passkeys
 * with the usual defaults, use `latchkey/providers/passkey`.
 *
 * @example
 * ```ts
 * import WebAuthn from "latchkey/providers/webauthn";
 *
 * WebAuthn({
 *   relyingParty: { id: "example.com", name: "Example", origin: "https://login.example.com" },
 *   userVerification: "required",
 * });
 * ```
 */
export default function WebAuthn(options: WebAuthnUserConfig = {}): WebAuthnConfig {
  return carryingFlow<WebAuthnConfig>(
    { id: "webauthn", name: "WebAuthn", residentKey: "preferred", ...options, type: "webauthn" },
    webauthnFlow,
  );
}
