/**
 * `@simplewebauthn/server` does every check of an attestation or an assertion (WebAuthn Level 3
 * §7.1 and §7.2); latchkey never parses or verifies them itself. It is loaded on first use, so
 * an app without a WebAuthn provider never loads it.
 */
export const simpleWebAuthn = () => import("@simplewebauthn/server");
