/**
 * One of the user's passkeys as their second factor: the options route's answer and the check of
 * the assertion, both by the passkey flow (flows/webauthn/second-factor.ts: the user's own
 * credentials, user verification "discouraged", its single-use challenge and counter check).
 * The session then records "hwk" (RFC 8176 §2, proof of a key held by an authenticator, as the
 * passkey flow records it) and "mfa".
 */
import type { AuthContext, ServerContext } from "../core/context.js";
import { InvalidCheck, WebAuthnVerificationError } from "../core/errors.js";
import type { ResponseInternal } from "../core/response.js";
import { secondFactorPasskeyOptions, verifyPasskeyAsSecondFactor } from "../flows/webauthn/second-factor.js";
import { passkeyProviderOf, requiredProvider } from "./method-providers.js";

/** `GET /two-factor-passkey`: request options for the user's own passkeys, and the challenge cookie. */
export async function passkeyOptionsFor(ctx: AuthContext, userId: string): Promise<ResponseInternal> {
  const provider = requiredProvider(passkeyProviderOf(ctx.config.providers), "passkey");
  const { options, cookie } = await secondFactorPasskeyOptions(ctx, provider, userId);
  // The shape the passkey script reads (pages/passkey-script.ts): the form then posts `data`.
  return { body: { action: "authenticate", options }, cookies: [cookie] };
}

/** Whether `data` (an assertion, as JSON text) is one of `userId`'s passkeys, for this browser's challenge. */
export async function provePasskey(ctx: ServerContext, userId: string, data: string): Promise<boolean> {
  const provider = requiredProvider(passkeyProviderOf(ctx.config.providers), "passkey");
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return false;
  }
  try {
    await verifyPasskeyAsSecondFactor(ctx, provider, parsed, userId);
    return true;
  } catch (error) {
    // Another user's passkey, a replay, a bad signature: a refused second factor, not a fault.
    if (error instanceof WebAuthnVerificationError || error instanceof InvalidCheck) {
      ctx.config.logger.warn(error.type, error.message);
      return false;
    }
    throw error;
  }
}
