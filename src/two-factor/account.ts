/**
 * Two-factor settings of the signed-in user, for the app's own "security" page: status, enrolling
 * an authenticator app, confirming it, new recovery codes, turning it off. Each acts only for the
 * user of the request's session; the last two also need a recent second factor (step-up), so a
 * stolen session cookie alone can neither turn the second factor off nor read new recovery codes.
 */

import type { AdapterUser } from "../adapters/types.js";
import type { CookieToSet } from "../cookie/header.js";
import { adapterMethod, callAdapter } from "../core/adapter-calls.js";
import type { ServerContext } from "../core/context.js";
import { InvalidRequest, NotSignedIn, StepUpRequired } from "../core/errors.js";
import type { CurrentSession } from "../core/session-strategy.js";
import {
  beginTotpEnrolment,
  confirmTotpEnrolment,
  removeTwoFactor,
  replaceRecoveryCodesOf,
  type TotpEnrolment,
} from "./enrolment.js";
import { readSignedInSession, recentAuthenticationOf } from "./recent-auth.js";
import { secondFactorAuthentication, totpEnabled, twoFactorRecord } from "./second-factor.js";
import type { OfferedMethod, TwoFactorSettings } from "./settings.js";

/** The signed-in user's two-factor state. */
export interface TwoFactorStatus {
  /** Whether sign-in asks this user for a second factor (an authenticator app is confirmed). */
  enabled: boolean;
  /** An authenticator was enrolled but not yet confirmed with a code. */
  enrolmentPending: boolean;
  /** Unused recovery codes left. */
  recoveryCodesRemaining: number;
  /** The second factors the app offers. */
  methods: OfferedMethod[];
}

export async function statusOfTwoFactor(
  ctx: ServerContext,
  settings: TwoFactorSettings,
): Promise<TwoFactorStatus | null> {
  const current = await ctx.sessions.current(ctx);
  const user = current ? await current.user() : null;
  if (user === null) return null;
  const record = await twoFactorRecord(ctx, user.id);
  const countRecoveryCodes = adapterMethod(ctx.config.adapter, "countRecoveryCodes");
  const remaining = await callAdapter("count recovery codes", () => countRecoveryCodes(user.id));
  return {
    enabled: totpEnabled(record),
    enrolmentPending: record !== null && record.totpSecret !== null && record.totpEnabledAt === null,
    recoveryCodesRemaining: remaining,
    methods: [...settings.methods],
  };
}

/**
 * The request's session and its user, when they proved `factors` within `maxAge` seconds; else
 * NotSignedIn, or StepUpRequired with the message `stale` writes. Enrolling an authenticator
 * decides who can sign in later, so a session cookie stolen long after its sign-in must not be
 * enough to enrol the thief's phone; the changes that weaken two-factor need a recent second factor.
 */
async function recentlyAuthenticated(
  ctx: ServerContext,
  maxAge: number,
  factors: readonly string[],
  stale: (stepUpUrl: string) => string,
): Promise<{ current: CurrentSession; user: AdapterUser; amr: string[] }> {
  const signedIn = await readSignedInSession(ctx);
  if (signedIn === null) throw new NotSignedIn("Two-factor settings need a signed-in user.");
  const verdict = recentAuthenticationOf(ctx, signedIn, { maxAge, factors });
  if (!verdict.ok) throw new StepUpRequired(stale(verdict.stepUpUrl));
  const { current, user } = signedIn;
  return { current, user, amr: verdict.amr };
}

/** The signed-in user, when they signed in (or stepped up) within `maxAge` seconds. */
const recentSignIn = (ctx: ServerContext, maxAge: number) =>
  recentlyAuthenticated(
    ctx,
    maxAge,
    [],
    () =>
      `Enrolling an authenticator needs a sign-in within the last ${maxAge} seconds; send the user to sign in again.`,
  );

/** The signed-in user, when their session proved a second factor within `maxAge` seconds. */
const recentSecondFactor = (ctx: ServerContext, maxAge: number) =>
  recentlyAuthenticated(
    ctx,
    maxAge,
    ["mfa"],
    (stepUpUrl) =>
      `This change needs a second factor proven in the last ${maxAge} seconds; send the user to ${stepUpUrl}.`,
  );

export async function enrolTotpForUser(
  ctx: ServerContext,
  settings: TwoFactorSettings,
): Promise<TotpEnrolment> {
  const { user } = await recentSignIn(ctx, settings.recentAuthMaxAge);
  return beginTotpEnrolment(ctx, user, settings.issuer ?? new URL(ctx.origin).host);
}

/** The confirmed enrolment: the recovery codes (show them once) and the session's refreshed cookies. */
export interface ConfirmedTotp {
  recoveryCodes: string[];
  /** Set these on the response: the session now records the second factor just proven. */
  cookies: CookieToSet[];
}

export async function confirmTotpForUser(
  ctx: ServerContext,
  settings: TwoFactorSettings,
  code: string,
): Promise<ConfirmedTotp | null> {
  const { current, user, amr } = await recentSignIn(ctx, settings.recentAuthMaxAge);
  if (typeof code !== "string") return null;
  const recoveryCodes = await confirmTotpEnrolment(ctx, user.id, code, current.id);
  if (recoveryCodes === null) return null;
  const cookies = await ctx.sessions.reauthenticate(ctx, secondFactorAuthentication(amr, "totp"), current);
  return { recoveryCodes, cookies };
}

export async function regenerateRecoveryCodesForUser(
  ctx: ServerContext,
  settings: TwoFactorSettings,
): Promise<string[]> {
  const { user } = await recentSecondFactor(ctx, settings.recentAuthMaxAge);
  if (!totpEnabled(await twoFactorRecord(ctx, user.id))) {
    throw new InvalidRequest(
      "Two-factor authentication is off for this user: there are no recovery codes to replace.",
    );
  }
  return replaceRecoveryCodesOf(ctx, user.id);
}

export async function disableTwoFactorForUser(
  ctx: ServerContext,
  settings: TwoFactorSettings,
): Promise<void> {
  const { user } = await recentSecondFactor(ctx, settings.recentAuthMaxAge);
  await removeTwoFactor(ctx, user.id);
}
