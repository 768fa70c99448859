/**
 * Checking a second factor for a user: a TOTP code (RFC 6238) or a recovery code. A TOTP code is
 * accepted for ±1 time step and only if the adapter can spend that step for the user, in one atomic
 * write (`spendTotpStep`): a code seen once, or one of an earlier step, never counts again, even
 * for two requests that race (RFC 6238 §5.2). A recovery code is spent by `useRecoveryCode`, also
 * atomically. Both cost one round trip beyond reading the user's record.
 */
import type { AdapterTwoFactor } from "../adapters/types.js";
import { adapterMethod, callAdapter } from "../core/adapter-calls.js";
import type { ServerContext } from "../core/context.js";
import type { SessionAuthentication } from "../core/session-strategy.js";
import { nowInSeconds } from "../jwt/claims.js";
import { hashRecoveryCode, normalizeRecoveryCode } from "./recovery-codes.js";
import { openTotpSecretWith, sealTotpSecret } from "./sealed-secret.js";
import type { OfferedMethod } from "./settings.js";
import { verifyTotp } from "./totp.js";

/** The codes checked here: an authenticator app's, or a recovery code. */
type CodeMethod = "totp" | "recovery";

/** Every way a user may prove the second factor: what the app offers, and a recovery code. */
export type ChallengeMethod = OfferedMethod | "recovery";

/** A second factor that checked out; a recovery code says how many are left. */
type SecondFactorProof = { method: "totp" } | { method: "recovery"; remaining: number };

/**
 * The RFC 8176 values a session records once a second factor is proven: "otp" (RFC 6238 codes,
 * and recovery codes, which are one-time codes too) and "mfa", since two factors were used.
 */
function amrWithSecondFactor(firstFactor: readonly string[]): string[] {
  return [...new Set([...firstFactor, "otp", "mfa"])];
}

/**
 * The session's new `amr`/`auth_time` once a second factor is proven by `method` on top of
 * `firstFactor`: a passkey adds "hwk" (RFC 8176 §2, as the passkey flow records it), every code
 * "otp", and all "mfa".
 */
export function secondFactorAuthentication(
  firstFactor: readonly string[],
  method: ChallengeMethod,
): SessionAuthentication {
  return {
    amr:
      method === "passkey" ? [...new Set([...firstFactor, "hwk", "mfa"])] : amrWithSecondFactor(firstFactor),
    authTime: nowInSeconds(),
  };
}

/** The user's two-factor record, or null. */
export async function twoFactorRecord(ctx: ServerContext, userId: string): Promise<AdapterTwoFactor | null> {
  const getTwoFactor = adapterMethod(ctx.config.adapter, "getTwoFactor");
  return (await callAdapter("read the two-factor record", () => getTwoFactor(userId))) ?? null;
}

/** Whether the record has a confirmed authenticator app. */
export const totpEnabled = (record: AdapterTwoFactor | null): boolean =>
  record !== null && record.totpSecret !== null && record.totpEnabledAt !== null;

/**
 * The time step `code` matches for the record's secret, spent for the user; null when the code is
 * wrong, or its step (or a later one) was spent already.
 */
export async function spendTotpCode(
  ctx: ServerContext,
  record: AdapterTwoFactor,
  code: string,
): Promise<number | null> {
  if (record.totpSecret === null) return null;
  const opened = await openTotpSecretWith(record.totpSecret, ctx.config.secrets);
  if (opened === null) {
    ctx.config.logger.warn(
      "TwoFactorSecretUnreadable",
      `The TOTP secret of user ${record.userId} cannot be opened with the configured secrets (was AUTH_SECRET rotated without keeping the old one in the list?). See docs/errors.md#twofactorsecretunreadable.`,
    );
    return null;
  }
  const step = await verifyTotp(opened.secret, code, Date.now(), { window: 1 });
  if (step === null) return null;
  const spendTotpStep = adapterMethod(ctx.config.adapter, "spendTotpStep");
  const spent = await callAdapter("spend a TOTP step", () => spendTotpStep(record.userId, step));
  if (spent && opened.sealedWithOlderSecret) await resealTotpSecret(ctx, record, opened.secret);
  return spent ? step : null;
}

/** Checks `code` as the user's second factor by `method`; null when it does not count. */
export async function proveSecondFactor(
  ctx: ServerContext,
  userId: string,
  method: CodeMethod,
  code: string,
): Promise<SecondFactorProof | null> {
  if (method === "recovery") {
    const canonical = normalizeRecoveryCode(code);
    if (canonical === null) return null;
    const hash = await hashRecoveryCode(canonical);
    const useRecoveryCode = adapterMethod(ctx.config.adapter, "useRecoveryCode");
    const used = await callAdapter("spend a recovery code", () => useRecoveryCode(userId, hash));
    return used ? { method: "recovery", remaining: used.remaining } : null;
  }
  const record = await twoFactorRecord(ctx, userId);
  if (record === null || !totpEnabled(record)) return null;
  return (await spendTotpCode(ctx, record, code)) === null ? null : { method: "totp" };
}

/**
 * Seals the user's secret again with the newest auth secret, after a code proved it was opened with
 * an older one: once the old secret leaves the rotation it would no longer open, and the user's
 * authenticator app would stop working. Only after a rotation, so it costs nothing otherwise;
 * `setTwoFactor` never moves the spent step back, so writing back the record read earlier is safe.
 */
async function resealTotpSecret(
  ctx: ServerContext,
  record: AdapterTwoFactor,
  secret: Uint8Array,
): Promise<void> {
  const totpSecret = await sealTotpSecret(secret, ctx.config.secrets);
  const setTwoFactor = adapterMethod(ctx.config.adapter, "setTwoFactor");
  await callAdapter("reseal the TOTP secret", () => setTwoFactor({ ...record, totpSecret }));
}
