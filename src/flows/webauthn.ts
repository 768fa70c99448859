/**
 * WebAuthn (passkey) providers. What exists so far: their button on the sign-in page. Options and
 * sign-in answer "Configuration" until the WebAuthn flow lands here.
 */
import type { WebAuthnConfig } from "../providers/types.js";
import type { Flow } from "./types.js";

export const webauthnFlow: Flow<WebAuthnConfig> = {
  adapterMethods: () => [],
  pageEntry: () => ({ form: "passkey" }),
  callbackNeedsCsrf: () => true,
};
