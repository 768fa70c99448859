/**
 * `@simplewebauthn/server` does every check of an attestation or an assertion (WebAuthn Level 3
 * §7.1 and §7.2); latchkey never parses or verifies them itself. It is an optional peer: only an
 * app with a WebAuthn provider installs it, and only this flow (which arrives with the provider)
 * imports it. The flow's `prepare` loads it before the first request, so a missing package is a
 * startup error that says what to install rather than a failed sign-in.
 */
import { InvalidConfig } from "../../core/errors.js";

/** The library; the module system keeps it after the first load, so each call after that is cheap. */
export async function simpleWebAuthn(): Promise<typeof import("@simplewebauthn/server")> {
  try {
    return await import("@simplewebauthn/server");
  } catch (error) {
    throw new InvalidConfig(
      "WebAuthn and passkey providers need the package @simplewebauthn/server: npm install @simplewebauthn/server",
      { cause: error },
    );
  }
}
