/**
 * Enrolling an authenticator app: a fresh secret, stored sealed with the record unconfirmed, shown
 * as an `otpauth://` URI and a QR code drawn here (no third-party service sees the secret); then a
 * first valid code confirms it, turns two-factor sign-in on and issues 10 recovery codes, shown
 * once and stored only as hashes. A confirmed authenticator is never replaced by enrolling again:
 * that is `disableTwoFactor`'s job, which needs a recent second factor.
 */
import { adapterMethod, callAdapter } from "../core/adapter-calls.js";
import type { ServerContext } from "../core/context.js";
import { InvalidRequest, UnsupportedStrategy } from "../core/errors.js";
import { base32Encode } from "./base32.js";
import { qrCodeSvg } from "./qr-svg.js";
import { hashRecoveryCode, newRecoveryCodes } from "./recovery-codes.js";
import { openTotpSecret, sealTotpSecret } from "./sealed-secret.js";
import { spendTotpCode, totpEnabled, twoFactorRecord } from "./second-factor.js";
import { newTotpSecret, otpauthUri } from "./totp.js";

/** What an authenticator app needs, to show the user once. */
export interface TotpEnrolment {
  /** The shared secret in base32, for typing into an app by hand. */
  secret: string;
  /** The `otpauth://totp/…` URI (Key Uri Format) the QR code holds. */
  uri: string;
  /** The URI as a QR code, SVG markup drawn locally. */
  qrSvg: string;
}

/** The user as the authenticator app labels the account. */
interface EnrollingUser {
  id: string;
  email?: string | null;
  name?: string | null;
}

/** The Key Uri Format reserves the colon as the label's separator: none may appear in a part. */
const labelPart = (value: string) => value.replace(/:/g, " ").trim();

/**
 * Starts (or resumes) enrolment: the record's unconfirmed secret when there is one, so that
 * reloading the page shows the QR code the user may already have scanned; else a new one.
 * Refused while an authenticator is confirmed.
 */
export async function beginTotpEnrolment(
  ctx: ServerContext,
  user: EnrollingUser,
  issuer: string,
): Promise<TotpEnrolment> {
  const record = await twoFactorRecord(ctx, user.id);
  if (totpEnabled(record)) {
    throw new InvalidRequest(
      "Two-factor authentication is already on for this user; turn it off first (disableTwoFactor) to enrol another authenticator.",
    );
  }
  let secret = record?.totpSecret ? await openTotpSecret(record.totpSecret, ctx.config.secrets) : null;
  if (secret === null) {
    secret = newTotpSecret();
    const setTwoFactor = adapterMethod(ctx.config.adapter, "setTwoFactor");
    const sealed = await sealTotpSecret(secret, ctx.config.secrets);
    await callAdapter("store the two-factor record", () =>
      setTwoFactor({
        userId: user.id,
        totpSecret: sealed,
        totpEnabledAt: null,
        lastTotpStep: null,
        trustedDevicesSince: record?.trustedDevicesSince ?? null,
      }),
    );
  }
  const uri = otpauthUri({
    secret,
    issuer: labelPart(issuer) || "latchkey",
    accountName: labelPart(user.email ?? user.name ?? user.id) || user.id.replace(/:/g, ""),
  });
  return { secret: base32Encode(secret), uri, qrSvg: qrCodeSvg(uri) };
}

/** New recovery codes for the user, replacing (voiding) every earlier one; returns them to show once. */
export async function replaceRecoveryCodesOf(ctx: ServerContext, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  const hashes = await Promise.all(codes.map((code) => hashRecoveryCode(code)));
  const replaceRecoveryCodes = adapterMethod(ctx.config.adapter, "replaceRecoveryCodes");
  await callAdapter("store the recovery codes", () => replaceRecoveryCodes(userId, hashes));
  return codes;
}

/**
 * Signs the user out everywhere but the session `keep` names (none when undefined), once an
 * authenticator is on: those sessions proved only what was asked before, often a password alone.
 * A strategy that cannot end some of a user's sessions and keep one (JWT sessions without a store)
 * ends none; such a session still never stands in for the second factor at a sign-in (gate.ts).
 */
async function endSessionsFromBefore(ctx: ServerContext, userId: string, keep: string | undefined) {
  const adapter = ctx.config.adapter;
  if (ctx.sessions.revokeNeeds.some((method) => typeof adapter?.[method] !== "function")) return;
  try {
    await ctx.sessions.revoke(ctx.config, userId, { allExcept: keep }, "revokedOthers");
  } catch (error) {
    if (!(error instanceof UnsupportedStrategy)) throw error;
  }
}

/**
 * Confirms a pending enrolment with a first valid code: two-factor sign-in is on from now, every
 * other session of the user ends (all but `keep`, the enrolling session's id), and the recovery
 * codes are returned (shown once). Null when the code is wrong or spent; refused when no enrolment
 * is pending.
 */
export async function confirmTotpEnrolment(
  ctx: ServerContext,
  userId: string,
  code: string,
  keep: string | undefined,
): Promise<string[] | null> {
  const record = await twoFactorRecord(ctx, userId);
  if (record === null || record.totpSecret === null || totpEnabled(record)) {
    throw new InvalidRequest(
      totpEnabled(record)
        ? "Two-factor authentication is already on for this user."
        : "No authenticator enrolment is pending for this user; start one first (enrollTotp).",
    );
  }
  const step = await spendTotpCode(ctx, record, code);
  if (step === null) return null;
  const setTwoFactor = adapterMethod(ctx.config.adapter, "setTwoFactor");
  await callAdapter("turn two-factor sign-in on", () =>
    setTwoFactor({ ...record, totpEnabledAt: new Date(), lastTotpStep: step }),
  );
  await endSessionsFromBefore(ctx, userId, keep);
  return replaceRecoveryCodesOf(ctx, userId);
}

/** Turns two-factor sign-in off for the user: the record and every recovery code go. */
export async function removeTwoFactor(ctx: ServerContext, userId: string): Promise<void> {
  const deleteTwoFactor = adapterMethod(ctx.config.adapter, "deleteTwoFactor");
  await callAdapter("delete the two-factor record", () => deleteTwoFactor(userId));
}
