/**
 * Creating a passkey (WebAuthn Level 3 §7.1): the attestation must verify against the challenge
 * this browser was issued, for the user it was issued to. Nothing is stored here; `login.ts`
 * writes the user, account and authenticator once the `signIn` callback has agreed.
 */
import type { ServerContext } from "../../core/context.js";
import { InvalidCheck, WebAuthnVerificationError } from "../../core/errors.js";
import {
  type NewAuthenticator,
  type PasskeyOwner,
  type ProvenSignIn,
  registerPasskey,
} from "../../login/index.js";
import type { WebAuthnConfig } from "../../provider-types.js";
import { signedInUser } from "../../session/signed-in-user.js";
import type { ChallengeState, Registrant } from "./challenge.js";
import { simpleWebAuthn } from "./library.js";
import { findAuthenticator, joinTransports } from "./records.js";
import { relyingParty } from "./relying-party.js";
import { parseRegistrationResponse } from "./responses.js";
import { ceremonySettings } from "./settings.js";

/**
 * Whom a registration is for: the signed-in user, or a new user with the address the challenge was
 * issued for. A challenge issued to a signed-in user is only good while that same user is signed
 * in: a session that changed in between never receives a passkey meant for another.
 */
async function ownerOf(ctx: ServerContext, registrant: Registrant): Promise<PasskeyOwner> {
  if (!("userId" in registrant)) return { newUserEmail: registrant.email };
  const current = await signedInUser(ctx);
  if (current?.id !== registrant.userId) {
    throw new InvalidCheck("The passkey was requested by a user who is no longer the one signed in.");
  }
  return { user: current };
}

async function verifyAttestation(
  ctx: ServerContext,
  provider: WebAuthnConfig,
  data: unknown,
  challenge: ChallengeState,
): Promise<NewAuthenticator> {
  const response = parseRegistrationResponse(data);
  const rp = relyingParty(ctx, provider);
  const settings = ceremonySettings(provider);
  const { verifyRegistrationResponse } = await simpleWebAuthn();
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: settings.requireUserVerification,
      ...(settings.supportedAlgorithmIDs ? { supportedAlgorithmIDs: settings.supportedAlgorithmIDs } : {}),
    });
  } catch (error) {
    throw new WebAuthnVerificationError(
      `The new passkey's attestation did not verify: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  if (!verified.verified)
    throw new WebAuthnVerificationError("The new passkey's attestation did not verify.");
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
  return {
    credentialID: credential.id,
    credentialPublicKey: ctx.runtime.base64urlEncode(credential.publicKey),
    counter: credential.counter,
    credentialDeviceType,
    credentialBackedUp,
    // The verifier copies them from the response (they are not signed: only hints for later ceremonies).
    transports: joinTransports(credential.transports),
    providerAccountId: credential.id,
  };
}

/** Verifies a registration and returns the identity it proves, with the rule that stores the passkey. */
export async function registerWithPasskey(
  ctx: ServerContext,
  provider: WebAuthnConfig,
  data: unknown,
  challenge: ChallengeState,
): Promise<ProvenSignIn> {
  const owner = await ownerOf(ctx, challenge.registrant as Registrant);
  const authenticator = await verifyAttestation(ctx, provider, data, challenge);
  if (await findAuthenticator(ctx, authenticator.credentialID)) {
    throw new WebAuthnVerificationError("This credential is already registered.");
  }
  return {
    user: "user" in owner ? owner.user : { email: owner.newUserEmail },
    account: { provider: provider.id, type: "webauthn", providerAccountId: authenticator.providerAccountId },
    resolveUser: registerPasskey(authenticator, owner),
  };
}
