/**
 * The second factors beside an authenticator app, each optional (`twoFactor.methods`): one of the
 * user's passkeys, or a 6-digit code mailed to their address. Each leans on a provider the app
 * configures (a `Passkey` provider; an e-mail provider with `otp: true`), checked at startup.
 * What each records in the session's `amr` (RFC 8176 §2): "hwk" for a passkey (proof of a key
 * held by an authenticator, as the passkey flow records it), "otp" for a mailed code, and "mfa"
 * for both, since two factors were used.
 */
import type { AuthContext, ServerContext } from "../core/context.js";
import { InvalidCheck, InvalidConfig, WebAuthnVerificationError } from "../core/errors.js";
import type { ResponseInternal } from "../core/response.js";
import { secondFactorPasskeyOptions, verifyPasskeyAsSecondFactor } from "../flows/webauthn/second-factor.js";
import type { EmailConfig, ProviderConfig, WebAuthnConfig } from "../provider-types.js";
import type { TwoFactorSettings } from "./settings.js";

/** The configured passkey provider, which issues and verifies second-factor passkeys. */
export function passkeyProviderOf(providers: readonly ProviderConfig[]): WebAuthnConfig | undefined {
  return providers.find((provider) => provider.type === "webauthn") as WebAuthnConfig | undefined;
}

/** The configured e-mail provider that sends codes (`otp: true`); it mails second-factor codes too. */
export function emailCodeProviderOf(providers: readonly ProviderConfig[]): EmailConfig | undefined {
  return providers.find((provider) => provider.type === "email" && (provider as EmailConfig).otp === true) as
    | EmailConfig
    | undefined;
}

/** Refuses, at startup, a method whose provider is missing. */
export function assertMethodProviders(
  settings: TwoFactorSettings,
  providers: readonly ProviderConfig[],
): void {
  if (settings.methods.includes("passkey") && passkeyProviderOf(providers) === undefined) {
    throw new InvalidConfig(
      'twoFactor.methods lists "passkey", but no Passkey (WebAuthn) provider is configured: add Passkey() to providers, or remove "passkey".',
    );
  }
  if (settings.methods.includes("email") && emailCodeProviderOf(providers) === undefined) {
    throw new InvalidConfig(
      'twoFactor.methods lists "email", but no e-mail provider sends codes: configure one with `otp: true` (its sendVerificationRequest mails the code), or remove "email".',
    );
  }
}

/** The provider a method leans on, present since startup checked it. */
export function requiredProvider<T>(provider: T | undefined, method: string): T {
  // Startup checked it; a config edited since is the site's fault, named.
  if (provider === undefined) throw new InvalidConfig(`The "${method}" second factor has no provider.`);
  return provider;
}

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
