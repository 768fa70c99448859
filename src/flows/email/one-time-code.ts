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
import { OneTimeCodeRefused } from "../../core/one-time-code-refused.js";
import type { EmailConfig } from "../../provider-types.js";
import type { CryptoRuntime } from "../../runtime/types.js";
import { DEFAULT_EMAIL_MAX_AGE, useStoredToken } from "./verification-token.js";

/**
 * Wrong codes a token survives; the next attempt, right or wrong, finds it void. The verify-request
 * page believes an `attemptsLeft` in its query only below this.
 */
export const MAX_CODE_ATTEMPTS = 5;

const CODE_DIGITS = 6;
const CODE_SPACE = 10 ** CODE_DIGITS;
/** The largest multiple of 10^6 below 2^32: values at or above it are drawn again, so no code is likelier. */
const UNBIASED_LIMIT = Math.floor(2 ** 32 / CODE_SPACE) * CODE_SPACE;

/** A 6-digit code, every value equally likely. */
function randomCode(runtime: CryptoRuntime): string {
  for (;;) {
    const bytes = runtime.randomBytes(4);
    const value = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
    if (value < UNBIASED_LIMIT) return String(value % CODE_SPACE).padStart(CODE_DIGITS, "0");
  }
}

const pendingKey = (provider: EmailConfig, identifier: string) => `otp:${provider.id}:${identifier}`;
const lifetimeMs = (provider: EmailConfig) => (provider.maxAge ?? DEFAULT_EMAIL_MAX_AGE) * 1000;

/** How a code is kept in the store: hashed with the secret, never as typed. */
function codeHash(ctx: ServerContext, code: string, secret: string): Promise<string> | string {
  return ctx.runtime.sha256Hex(`${code}${secret}`);
}

/** Whether `code` hashes to `expected` under any configured secret (rotation), in constant time. */
async function matchesAnySecret(ctx: ServerContext, code: string, expected: string): Promise<boolean> {
  const expectedBytes = ctx.runtime.utf8Encode(expected);
  let matched = false;
  for (const secret of ctx.config.secrets) {
    const actual = ctx.runtime.utf8Encode(await codeHash(ctx, code, secret));
    // Every secret is tried, so the time taken does not tell which one (or whether one) matched.
    if (ctx.runtime.equalInConstantTime(actual, expectedBytes)) matched = true;
  }
  return matched;
}

/** A stored code's attempts, counted per entry: a newer code under the same key starts afresh. */
const attemptsKey = (key: string, entryId: string) => `${key}:attempts:${entryId}`;

/**
 * Draws a new code, stored under `key` for `lifetimeMs` as `<entryId>:<hash>` (the hash only,
 * never the code), and returns it for the mail. A newer code replaces an older one: only the
 * latest mail's code works. `entryId` names this code's entry (and its attempt counter). Throws
 * when the store kept refusing the write, naming the code as `what` ("a second-factor code"):
 * no code may then be mailed, since none would work.
 */
export async function storePendingCode(
  ctx: ServerContext,
  key: string,
  entryId: string,
  lifetimeMs: number,
  what: string,
): Promise<string> {
  const code = randomCode(ctx.runtime);
  const entry = `${entryId}:${await codeHash(ctx, code, ctx.config.secrets[0] as string)}`;
  const store = ctx.config.store;
  // delete + setIfAbsent is the store's way to overwrite; a concurrent request may slip in between.
  for (let attempt = 0; attempt < 3; attempt++) {
    await store.delete(key);
    if (await store.setIfAbsent(key, entry, lifetimeMs)) return code;
  }
  throw new Error(`Could not store ${what}: the store kept refusing the write.`);
}

/** What trying a code against a stored one came to. */
export type PendingCodeAttempt =
  | { outcome: "accepted"; entryId: string }
  | { outcome: "none" }
  | { outcome: "exhausted" }
  | { outcome: "taken" }
  | { outcome: "wrong"; entryId: string; attempt: number; voided: boolean };

/**
 * Tries `code` (whitespace ignored, as a user types "123 456") against the code stored under
 * `key`, spending it when right. Each code has `MAX_CODE_ATTEMPTS` tries, counted before the
 * comparison for as long as the code lives (`lifetimeMs`), so however many guesses arrive at
 * once, at most five are ever compared; the fifth wrong one voids the code (so a right code
 * already in flight among the first five still counts). Of concurrent right answers, the one
 * that takes the entry counts.
 */
export async function tryPendingCode(
  ctx: ServerContext,
  key: string,
  code: string,
  lifetimeMs: number,
): Promise<PendingCodeAttempt> {
  const store = ctx.config.store;
  const entry = await store.get(key);
  if (entry === undefined) return { outcome: "none" };
  // storePendingCode only ever writes `<entry id>:<code hash>`: a missing part is an entry it did not write.
  const [entryId, expected] = entry.split(":");
  if (!entryId || !expected) return { outcome: "none" };
  const attempts = attemptsKey(key, entryId);
  const { count } = await store.increment(attempts, lifetimeMs);
  if (count > MAX_CODE_ATTEMPTS) return { outcome: "exhausted" };
  if (!(await matchesAnySecret(ctx, code.replace(/\s/g, ""), expected))) {
    const voided = count === MAX_CODE_ATTEMPTS;
    // Only this code's entry: a newer one mailed meanwhile has tries of its own.
    if (voided && (await store.get(key)) === entry) await store.delete(key);
    return { outcome: "wrong", entryId, attempt: count, voided };
  }
  if ((await store.take(key)) !== entry) return { outcome: "taken" };
  await store.delete(attempts);
  return { outcome: "accepted", entryId };
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
  return storePendingCode(
    ctx,
    pendingKey(provider, identifier),
    tokenHash,
    lifetimeMs(provider),
    `the one-time code for ${provider.id}`,
  );
}

/**
 * Signs in with the code `code` for `identifier`, using up its token. Throws `OneTimeCodeRefused`
 * (a `Verification`) for a wrong code, for none pending, and for every attempt after the fifth
 * wrong one; the fifth wrong one voids the token, its link too.
 */
export async function useOneTimeCode(
  ctx: ServerContext,
  provider: EmailConfig,
  identifier: string,
  code: string,
): Promise<void> {
  const tried = await tryPendingCode(ctx, pendingKey(provider, identifier), code, lifetimeMs(provider));
  switch (tried.outcome) {
    case "none":
      throw new OneTimeCodeRefused(
        "No one-time code is pending for this address: it expired, was used, or was never sent.",
        identifier,
        undefined,
      );
    case "exhausted":
      throw new OneTimeCodeRefused(
        `More than ${MAX_CODE_ATTEMPTS} codes were tried for this sign-in; it is void.`,
        identifier,
        undefined,
      );
    case "taken":
      throw new OneTimeCodeRefused("This one-time code was already used.", identifier, undefined);
    case "wrong":
      if (tried.voided) await useStoredToken(ctx, identifier, tried.entryId).catch(() => undefined);
      throw new OneTimeCodeRefused(
        `Wrong one-time code (attempt ${tried.attempt} of ${MAX_CODE_ATTEMPTS}).`,
        identifier,
        MAX_CODE_ATTEMPTS - tried.attempt,
      );
  }
  // A right code whose link was used or expired meanwhile is spent too: back to the code form,
  // which offers a new one, rather than to the error page about links.
  await useStoredToken(ctx, identifier, tried.entryId).catch((error: unknown) => {
    throw error instanceof Verification
      ? new OneTimeCodeRefused(error.message, identifier, undefined)
      : error;
  });
}
