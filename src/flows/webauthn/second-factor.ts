/**
 * A passkey as the second factor of a pending sign-in (two-factor sign-in calls these; the pending
 * user is its business). The options allow only that user's stored passkeys and do not ask for user
 * verification: the first factor already proved something the user knows, and the passkey stands
 * for something they have (WebAuthn Level 3 §5.8.6, "discouraged"). The challenge is issued and
 * spent like the flow's own (challenge.ts), marked "second-factor" and tied to the user, so the
 * flow's callback never accepts it as a first factor.
 */
import type { CookieToSet } from "../../cookie/header.js";
import type { ServerContext } from "../../core/context.js";
import { InvalidRequest } from "../../core/errors.js";
import type { WebAuthnConfig } from "../../provider-types.js";
import { verifySecondFactorPasskey } from "./authenticate.js";
import { challengeLifetimeSeconds, consumeChallenge, issueChallenge } from "./challenge.js";
import { simpleWebAuthn } from "./library.js";
import { credentialsOfUser } from "./options.js";
import { relyingParty } from "./relying-party.js";
import { ceremonySettings } from "./settings.js";

/** The request options for `userId`'s passkeys and the challenge cookie; InvalidRequest when they have none. */
export async function secondFactorPasskeyOptions(
  ctx: ServerContext,
  provider: WebAuthnConfig,
  userId: string,
): Promise<{ options: { challenge: string }; cookie: CookieToSet }> {
  const allowCredentials = await credentialsOfUser(ctx, userId);
  if (allowCredentials.length === 0) {
    throw new InvalidRequest("This account has no passkey; use another second factor.");
  }
  const { timeout } = ceremonySettings(provider);
  const { generateAuthenticationOptions } = await simpleWebAuthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx, provider).id,
    timeout,
    userVerification: "discouraged",
    allowCredentials,
  });
  const cookie = await issueChallenge(
    ctx,
    provider,
    { challenge: options.challenge, action: "second-factor", userId },
    challengeLifetimeSeconds(timeout),
  );
  return { options, cookie };
}

/**
 * Spends this browser's challenge and verifies `data` (an assertion in WebAuthn's JSON encoding) as
 * one of `userId`'s passkeys; throws `WebAuthnVerificationError` or `InvalidCheck` when it is not.
 */
export async function verifyPasskeyAsSecondFactor(
  ctx: ServerContext,
  provider: WebAuthnConfig,
  data: unknown,
  userId: string,
): Promise<void> {
  const challenge = await consumeChallenge(ctx, provider);
  await verifySecondFactorPasskey(ctx, provider, data, challenge, userId);
}
