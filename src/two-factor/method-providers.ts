/**
 * The second factors beside an authenticator app, each optional (`twoFactor.methods`): one of the
 * user's passkeys (passkey-factor.ts), or a 6-digit code mailed to their address (email-code.ts).
 * Each leans on a provider the app configures (a `Passkey` provider; an e-mail provider with
 * `otp: true`): found here, and checked at startup.
 */
import { InvalidConfig } from "../core/errors.js";
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

/** The RFC 8176 value a first factor of each kind records: a passkey "hwk", an e-mail sign-in "otp". */
const SAME_KIND_AMR: Record<string, string> = { passkey: "hwk", email: "otp" };

/**
 * The offered methods that can follow a first factor that recorded `firstFactorAmr`: a passkey
 * after a passkey alone ("hwk"), or a mailed code after an e-mail sign-in alone ("otp"), would
 * prove the same thing twice (one factor, never to be recorded as "mfa"). A first factor that
 * recorded nothing (an OAuth sign-in, a session from before `amr`) excludes nothing.
 */
export function methodsAfter<M extends string>(
  methods: readonly M[],
  firstFactorAmr: readonly string[],
): M[] {
  return methods.filter((method) => {
    const same = SAME_KIND_AMR[method];
    const sameKindAlone =
      same !== undefined && firstFactorAmr.length > 0 && firstFactorAmr.every((value) => value === same);
    return !sameKindAlone;
  });
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
