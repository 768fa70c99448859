/**
 * A 6-digit code mailed to the user's address as their second factor (`"email"` in
 * `twoFactor.methods`), for when the authenticator app is out of reach. The code is stored and
 * tried as the e-mail provider's one-time codes are (flows/email/one-time-code.ts); the store
 * keeps, per user, the hash of the latest code only (a new mail voids the one before), for the
 * pending sign-in's lifetime. A code is spent by taking its entry, so of two requests with the
 * same code only one counts, and a code used once never counts again. 10^6 codes are guessable, so
 * each code has 5 tries, counted before the comparison; the fifth wrong one voids it.
 */
import type { ServerContext } from "../core/context.js";
import { EmailSignInError } from "../core/errors.js";
import { storePendingCode, tryPendingCode } from "../flows/email/one-time-code.js";
import { emailCodeProviderOf, requiredProvider } from "./method-providers.js";

const codeKey = (userId: string) => `2fa-email:${userId}`;

/**
 * Mails a new code to `email` for `userId`, valid `lifetimeSeconds`; `pageUrl` is the challenge
 * page, given to the mail as its link (the code is typed there).
 */
export async function sendSecondFactorCode(
  ctx: ServerContext,
  user: { id: string; email: string },
  pageUrl: string,
  lifetimeSeconds: number,
): Promise<void> {
  const provider = requiredProvider(emailCodeProviderOf(ctx.config.providers), "email");
  // The random id keeps two entries for one code apart, so their attempt counters are too.
  const entryId = ctx.runtime.base64urlEncode(ctx.runtime.randomBytes(12));
  const key = codeKey(user.id);
  const code = await storePendingCode(ctx, key, entryId, lifetimeSeconds * 1000, "a second-factor code");
  try {
    await provider.sendVerificationRequest({
      identifier: user.email,
      url: pageUrl,
      // No link token: the mail's link only opens the challenge page, which needs the code.
      token: "",
      code,
      expires: new Date(Date.now() + lifetimeSeconds * 1000),
      provider,
      theme: ctx.config.theme,
      language: ctx.language,
      purpose: "secondFactor",
      request: ctx.request,
    });
  } catch (error) {
    await ctx.config.store.delete(key);
    const reason = error instanceof Error && error.message ? ` ${error.message}` : "";
    throw new EmailSignInError(
      `sendVerificationRequest of provider "${provider.id}" failed for a second-factor code.${reason}`,
      { cause: error },
    );
  }
}

/**
 * Whether `code` is the latest code mailed to `userId`, spending it; at most 5 tries per code, for
 * as long as it lives (`lifetimeSeconds`, the pending sign-in's).
 */
export async function useSecondFactorCode(
  ctx: ServerContext,
  userId: string,
  code: string,
  lifetimeSeconds: number,
): Promise<boolean> {
  return (await tryPendingCode(ctx, codeKey(userId), code, lifetimeSeconds * 1000)).outcome === "accepted";
}
