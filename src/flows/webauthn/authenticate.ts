/**
 * Signing in with a passkey (WebAuthn Level 3 §7.2): the credential must be stored and still
 * linked to its user through a "webauthn" account of this provider, the assertion must verify
 * against the challenge this browser was issued, and the signature counter must move forward.
 * A counter that did not (except an authenticator that keeps none and reports 0 every time) means
 * two authenticators hold the same private key, one a clone (WebAuthn Level 3 §6.1.1, §7.2 step
 * 21); `verifyAuthenticationResponse` refuses it, so the counter it returns is always newer.
 */
import type { AdapterAuthenticator, AdapterUser } from "../../adapters/types.js";
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
  requireUserVerification: boolean,
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
      requireUserVerification,
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

/** How an assertion is checked beyond its signature: user verification, and whose passkey it must be. */
interface AssertionRules {
  requireUserVerification: boolean;
  /** The user the passkey must belong to (a second factor); any stored user when absent. */
  owner?: string;
}

/**
 * Verifies an assertion against its stored passkey, checks the passkey is still linked to its user
 * through an account of this provider, and stores the new signature counter; returns the user.
 */
async function verifiedPasskeyUser(
  ctx: ServerContext,
  provider: WebAuthnConfig,
  data: unknown,
  challenge: ChallengeState,
  rules: AssertionRules,
): Promise<{ user: AdapterUser; stored: AdapterAuthenticator }> {
  const credentialID = parseAuthenticationResponse(data).id;
  const stored = await findAuthenticator(ctx, credentialID);
  if (!stored) throw new WebAuthnVerificationError("No stored passkey has this credential id.");
  // Checked before the signature, so another user's passkey never even moves its own counter.
  if (rules.owner !== undefined && stored.userId !== rules.owner) {
    throw new WebAuthnVerificationError("This passkey belongs to another user.");
  }

  const newCounter = await verifyAssertion(
    ctx,
    provider,
    data,
    challenge,
    stored,
    rules.requireUserVerification,
  );

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
  return { user, stored };
}

/** Verifies an assertion and returns who it signs in; the counter is stored before the session is made. */
export async function authenticateWithPasskey(
  ctx: ServerContext,
  provider: WebAuthnConfig,
  data: unknown,
  challenge: ChallengeState,
): Promise<ProvenSignIn> {
  const { requireUserVerification } = ceremonySettings(provider);
  const { user, stored } = await verifiedPasskeyUser(ctx, provider, data, challenge, {
    requireUserVerification,
  });
  return {
    user,
    account: { provider: provider.id, providerAccountId: stored.providerAccountId, type: "webauthn" },
    resolveUser: resolvePasskeyUser,
  };
}

/**
 * Verifies an assertion as the second factor of `userId`'s sign-in: the passkey must be one of
 * theirs, and user verification is not required, because the first factor already stood for
 * "something you know" (WebAuthn Level 3 §5.8.6, "discouraged"). Throws `WebAuthnVerificationError`.
 */
export async function verifySecondFactorPasskey(
  ctx: ServerContext,
  provider: WebAuthnConfig,
  data: unknown,
  challenge: ChallengeState,
  userId: string,
): Promise<void> {
  if (challenge.action !== "second-factor" || challenge.userId !== userId) {
    throw new WebAuthnVerificationError(
      "This WebAuthn challenge was not issued for this user's second factor.",
    );
  }
  await verifiedPasskeyUser(ctx, provider, data, challenge, {
    requireUserVerification: false,
    owner: userId,
  });
}
