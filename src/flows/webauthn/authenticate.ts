/**
 * Signing in with a passkey (WebAuthn Level 3 §7.2): the credential must be stored and still
 * linked to its user through a "webauthn" account of this provider, the assertion must verify
 * against the challenge this browser was issued, and the signature counter must move forward.
 * A counter that did not (except an authenticator that keeps none and reports 0 every time) means
 * two authenticators hold the same private key, one a clone (WebAuthn Level 3 §6.1.1, §7.2 step
 * 21); `verifyAuthenticationResponse` refuses it, so the counter it returns is always newer.
 */
import type { AdapterAuthenticator } from "../../adapters/types.js";
import { adapterMethod, callAdapter } from "../../core/adapter-calls.js";
import type { ServerContext } from "../../core/context.js";
import { WebAuthnVerificationError } from "../../core/errors.js";
import { type ProvenSignIn, resolvePasskeyUser } from "../../login/index.js";
import type { WebAuthnConfig } from "../../provider-types.js";
import type { ChallengeState } from "./challenge.js";
import { simpleWebAuthn } from "./library.js";
import { credentialIdOf, findAuthenticator, storedBytes } from "./records.js";
import { relyingParty } from "./relying-party.js";
import { parseAuthenticationResponse } from "./responses.js";
import { ceremonySettings } from "./settings.js";

async function verifyAssertion(
  ctx: ServerContext,
  provider: WebAuthnConfig,
  data: unknown,
  challenge: ChallengeState,
  stored: AdapterAuthenticator,
): Promise<number> {
  const response = parseAuthenticationResponse(data);
  const rp = relyingParty(ctx, provider);
  const { verifyAuthenticationResponse } = await simpleWebAuthn();
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: ceremonySettings(provider).requireUserVerification,
      credential: {
        id: credentialIdOf(stored),
        publicKey: storedBytes(ctx, stored.credentialPublicKey),
        // Transports are only hints for the browser (WebAuthn Level 3 §5.8.4); the verifier never reads them.
        counter: stored.counter,
      },
    });
  } catch (error) {
    throw new WebAuthnVerificationError(
      `The passkey's assertion did not verify: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  if (!verified.verified) throw new WebAuthnVerificationError("The passkey's assertion did not verify.");
  return verified.authenticationInfo.newCounter;
}

/** Verifies an assertion and returns who it signs in; the counter is stored before the session is made. */
export async function authenticateWithPasskey(
  ctx: ServerContext,
  provider: WebAuthnConfig,
  data: unknown,
  challenge: ChallengeState,
): Promise<ProvenSignIn> {
  const credentialID = parseAuthenticationResponse(data).id;
  const stored = await findAuthenticator(ctx, credentialID);
  if (!stored) throw new WebAuthnVerificationError("No stored passkey has this credential id.");

  const newCounter = await verifyAssertion(ctx, provider, data, challenge, stored);

  // The account is the link: a passkey whose account was unlinked (removed by its owner, or by the
  // pre-hijack defence when the address was first proven) signs nobody in.
  const account = { provider: provider.id, providerAccountId: stored.providerAccountId };
  const getUserByAccount = adapterMethod(ctx.config.adapter, "getUserByAccount");
  const user = await callAdapter("find the passkey's user", () => getUserByAccount(account));
  if (!user || user.id !== stored.userId) {
    throw new WebAuthnVerificationError("This passkey is not linked to an account of this provider.");
  }
  if (newCounter !== stored.counter) {
    const update = adapterMethod(ctx.config.adapter, "updateAuthenticatorCounter");
    await callAdapter("update the signature counter", () => update(stored.credentialID, newCounter));
  }
  return {
    user,
    account: { ...account, type: "webauthn" },
    resolveUser: resolvePasskeyUser,
  };
}
