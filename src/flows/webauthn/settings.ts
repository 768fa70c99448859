/**
 * A WebAuthn provider's ceremony settings with their defaults, read in one place. The defaults follow
 * WebAuthn Level 3: user verification "preferred" (§5.8.6), attestation "none" (no attestation
 * statement is asked for, so no authenticator model is disclosed, §5.4.7).
 */
import type {
  ResidentKeyRequirement,
  UserVerificationRequirement,
  WebAuthnConfig,
} from "../../provider-types.js";

/** Five minutes: long enough for a security key fetched from a drawer. */
export const DEFAULT_TIMEOUT_MS = 5 * 60 * 1000;

export interface CeremonySettings {
  timeout: number;
  userVerification: UserVerificationRequirement;
  residentKey: ResidentKeyRequirement;
  /** Whether responses without the UV flag are refused: only when verification is required. */
  requireUserVerification: boolean;
  supportedAlgorithmIDs: number[] | undefined;
  conditionalUI: boolean;
}

export function ceremonySettings(provider: WebAuthnConfig): CeremonySettings {
  const userVerification = provider.userVerification ?? "preferred";
  return {
    timeout: provider.timeout ?? DEFAULT_TIMEOUT_MS,
    userVerification,
    residentKey: provider.residentKey ?? "preferred",
    requireUserVerification: userVerification === "required",
    supportedAlgorithmIDs: provider.supportedAlgorithmIDs,
    conditionalUI: provider.enableConditionalUI ?? true,
  };
}
