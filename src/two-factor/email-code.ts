/**
 * A 6-digit code mailed to the user's address as their second factor (`"email"` in
 * `twoFactor.methods`), for when the authenticator app is out of reach. The code is drawn and
 * hashed as the e-mail provider's one-time codes are (flows/email/one-time-code.ts); the store
 * keeps, per user, the hash of the latest code only (a new mail voids the one before), for the
 * pending sign-in's lifetime. A code is spent by taking its entry, so of two requests with the
 * same code only one counts, and a code used once never counts again. 10^6 codes are guessable, so
 * each code has 5 tries, counted before the comparison; the fifth wrong one voids it.
 */
import type { ServerContext } from "../core/context.js";
import { EmailSignInError } from "../core/errors.js";
import { MAX_CODE_ATTEMPTS } from "../core/one-time-code-refused.js";
import { codeHash, matchesAnySecret, randomCode } from "../flows/email/one-time-code.js";
import { emailCodeProviderOf, requiredProvider } from "./method-providers.js";

const codeKey = (userId: string) => `2fa-email:${userId}`;
const attemptsKey = (entry: string) => `2fa-email-attempts:${entry}`;

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
  const code = randomCode(ctx.runtime);
  // The random part keeps two entries for one code apart, so their attempt counters are too.
  const salt = ctx.runtime.base64urlEncode(ctx.runtime.randomBytes(12));
  const entry = `${salt}:${await codeHash(ctx, code, ctx.config.secrets[0] as string)}`;
  const key = codeKey(user.id);
  // delete + setIfAbsent is the store's overwrite: the latest mail's code is the one that works.
  await ctx.config.store.delete(key);
  await ctx.config.store.setIfAbsent(key, entry, lifetimeSeconds * 1000);
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

/** Whether `code` is the latest code mailed to `userId`, spending it; at most 5 tries per code. */
export async function useSecondFactorCode(
  ctx: ServerContext,
  userId: string,
  code: string,
): Promise<boolean> {
  const store = ctx.config.store;
  const key = codeKey(userId);
  const entry = await store.get(key);
  const expected = entry?.split(":")[1];
  if (entry === undefined || !expected) return false;
  const { count } = await store.increment(attemptsKey(entry), 15 * 60 * 1000);
  if (count > MAX_CODE_ATTEMPTS) return false;
  if (!(await matchesAnySecret(ctx, code.replace(/\s/g, ""), expected))) {
    if (count === MAX_CODE_ATTEMPTS && (await store.get(key)) === entry) await store.delete(key);
    return false;
  }
  // Of concurrent right answers, the one that takes the entry counts.
  return (await store.take(key)) === entry;
}
