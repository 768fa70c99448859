/**
 * One-time codes (`otp: true`): a 6-digit code mailed beside the link, for signing in on a device
 * other than the one that reads the mail. The code stands for the link's token: the store keeps,
 * per address, which token the current code unlocks and the code's hash. A code space of 10^6 is
 * guessable, so each token has 5 tries, counted before the comparison, and is void after a fifth
 * wrong one;
 * the rate limiter bounds attempts per address and per client on top.
 */
import type { ServerContext } from "../../core/context.js";
import { Verification } from "../../core/errors.js";
import { MAX_CODE_ATTEMPTS, OneTimeCodeRefused } from "../../core/one-time-code-refused.js";
import type { EmailConfig } from "../../provider-types.js";
import type { CryptoRuntime } from "../../runtime/types.js";
import { DEFAULT_EMAIL_MAX_AGE, useStoredToken } from "./verification-token.js";

const CODE_DIGITS = 6;
const CODE_SPACE = 10 ** CODE_DIGITS;
/** The largest multiple of 10^6 below 2^32: values at or above it are drawn again, so no code is likelier. */
const UNBIASED_LIMIT = Math.floor(2 ** 32 / CODE_SPACE) * CODE_SPACE;

/** A 6-digit code, every value equally likely. */
export function randomCode(runtime: CryptoRuntime): string {
  for (;;) {
    const bytes = runtime.randomBytes(4);
    const value = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
    if (value < UNBIASED_LIMIT) return String(value % CODE_SPACE).padStart(CODE_DIGITS, "0");
  }
}

const pendingKey = (provider: EmailConfig, identifier: string) => `otp:${provider.id}:${identifier}`;
const attemptsKey = (tokenHash: string) => `otp-attempts:${tokenHash}`;
const lifetimeMs = (provider: EmailConfig) => (provider.maxAge ?? DEFAULT_EMAIL_MAX_AGE) * 1000;

/** How a code is kept in the store: hashed with the secret, never as typed. */
export function codeHash(ctx: ServerContext, code: string, secret: string): Promise<string> | string {
  return ctx.runtime.sha256Hex(`${code}${secret}`);
}

/**
 * Makes the code for the token `tokenHash` just issued to `identifier`, and remembers it. A newer
 * code replaces an older one: only the latest mail's code works (its link still does).
 */
export async function issueOneTimeCode(
  ctx: ServerContext,
  provider: EmailConfig,
  identifier: string,
  tokenHash: string,
): Promise<string> {
  const code = randomCode(ctx.runtime);
  const pending = `${tokenHash}:${await codeHash(ctx, code, ctx.config.secrets[0] as string)}`;
  const key = pendingKey(provider, identifier);
  const store = ctx.config.store;
  // delete + setIfAbsent is the store's way to overwrite; a concurrent request may slip in between.
  for (let attempt = 0; attempt < 3; attempt++) {
    await store.delete(key);
    if (await store.setIfAbsent(key, pending, lifetimeMs(provider))) return code;
  }
  throw new Error(`Could not store the one-time code for ${provider.id}: the store kept refusing the write.`);
}

/** Whether `code` hashes to `expected` under any configured secret (rotation), in constant time. */
export async function matchesAnySecret(ctx: ServerContext, code: string, expected: string): Promise<boolean> {
  const expectedBytes = ctx.runtime.utf8Encode(expected);
  let matched = false;
  for (const secret of ctx.config.secrets) {
    const actual = ctx.runtime.utf8Encode(await codeHash(ctx, code, secret));
    // Every secret is tried, so the time taken does not tell which one (or whether one) matched.
    if (ctx.runtime.equalInConstantTime(actual, expectedBytes)) matched = true;
  }
  return matched;
}

/** Ends a token for good: its code and its link. */
async function voidToken(
  ctx: ServerContext,
  key: string,
  identifier: string,
  tokenHash: string,
): Promise<void> {
  await ctx.config.store.delete(key);
  await useStoredToken(ctx, identifier, tokenHash).catch(() => undefined);
}

/**
 * Signs in with the code `code` for `identifier`, using up its token. Throws `OneTimeCodeRefused`
 * (a `Verification`) for a wrong code, for none pending, and for every attempt after the fifth
 * wrong one.
 */
export async function useOneTimeCode(
  ctx: ServerContext,
  provider: EmailConfig,
  identifier: string,
  code: string,
): Promise<void> {
  const store = ctx.config.store;
  const key = pendingKey(provider, identifier);
  const pending = await store.get(key);
  const nothingPending = () =>
    new OneTimeCodeRefused(
      "No one-time code is pending for this address: it expired, was used, or was never sent.",
      identifier,
      undefined,
    );
  if (pending === undefined) throw nothingPending();
  // This module only ever writes `<token hash>:<code hash>`: a missing part is an entry it did not write.
  const [tokenHash, expected] = pending.split(":");
  if (!tokenHash || !expected) throw nothingPending();
  // Counted before the comparison, so that however many guesses arrive at once, at most five are
  // ever compared. The ones past five are refused unseen; the fifth, if wrong, voids the token (so
  // a right code already in flight among the first five still signs in).
  const { count } = await store.increment(attemptsKey(tokenHash), lifetimeMs(provider));
  if (count > MAX_CODE_ATTEMPTS) {
    throw new OneTimeCodeRefused(
      `More than ${MAX_CODE_ATTEMPTS} codes were tried for this sign-in; it is void.`,
      identifier,
      undefined,
    );
  }
  if (!(await matchesAnySecret(ctx, code.trim(), expected))) {
    if (count === MAX_CODE_ATTEMPTS) await voidToken(ctx, key, identifier, tokenHash);
    throw new OneTimeCodeRefused(
      `Wrong one-time code (attempt ${count} of ${MAX_CODE_ATTEMPTS}).`,
      identifier,
      MAX_CODE_ATTEMPTS - count,
    );
  }
  // Of concurrent right answers, the one that takes the pending entry signs in.
  if ((await store.take(key)) !== pending) {
    throw new OneTimeCodeRefused("This one-time code was already used.", identifier, undefined);
  }
  await store.delete(attemptsKey(tokenHash));
  // A right code whose link was used or expired meanwhile is spent too: back to the code form,
  // which offers a new one, rather than to the error page about links.
  await useStoredToken(ctx, identifier, tokenHash).catch((error: unknown) => {
    throw error instanceof Verification
      ? new OneTimeCodeRefused(error.message, identifier, undefined)
      : error;
  });
}
