/**
 * Where two-factor sign-in holds a sign-in back: after the first factor is proven and the `signIn`
 * callback approved it, and before any session exists. A user with an authenticator (or one
 * `required` says must have one) gets no session here, only a pending cookie (pending.ts), and is
 * sent to the challenge page, or to enrol first when they have none yet: a required second factor
 * is enrolled before the first session, never "later". JSON callers (`X-Auth-Return-Redirect: 1`)
 * get `{ url, twoFactorRequired: true, methods }` instead of the redirect.
 */
import type { AdapterTwoFactor, AdapterUser } from "../adapters/types.js";
import { resolveCallbackUrl } from "../core/callback-url.js";
import type { AuthContext, SignInGate } from "../core/context.js";
import { AccessDenied } from "../core/errors.js";
import { returnsRedirectAsJson } from "../core/response.js";
import { firstFactorStanding } from "../login/first-factor.js";
import { methodsAfter } from "./method-providers.js";
import { issuePendingCookie } from "./pending.js";
import { CHALLENGE_ROUTE, SETUP_ROUTE } from "./route-names.js";
import { totpEnabled, twoFactorRecord } from "./second-factor.js";
import type { TwoFactorSettings } from "./settings.js";
import { isTrustedDevice } from "./trusted-device.js";

async function requiredFor(settings: TwoFactorSettings, user: AdapterUser): Promise<boolean> {
  const { required } = settings;
  if (required === "always") return true;
  if (required === "enrolled") return false;
  return (await required(user)) === true;
}

/**
 * Whether this browser holds a session of the record's user that proved who they are since the
 * authenticator was turned on: signed in through the second step (or a trusted device) then, or
 * stepped up since. A session from before the enrolment proved only what was asked then, often a
 * password alone, and must not stand in for the second factor now.
 */
async function sessionSinceEnrolment(ctx: AuthContext, record: AdapterTwoFactor): Promise<boolean> {
  const current = await ctx.sessions.current(ctx);
  if (current === null || current.userId !== record.userId || record.totpEnabledAt === null) return false;
  const authentication = await current.authentication();
  const enabledAt = Math.floor(new Date(record.totpEnabledAt).valueOf() / 1000);
  return authentication !== null && authentication.authTime >= enabledAt;
}

export function twoFactorGate(settings: TwoFactorSettings): SignInGate {
  return async (ctx, signIn) => {
    const userId = signIn.user.id;
    const record = userId ? await twoFactorRecord(ctx, userId) : null;
    let purpose: "verify" | "enrol";
    if (totpEnabled(record)) {
      // A browser the user chose to trust (trusted-device.ts) skips the second factor.
      if (
        settings.trustDeviceMaxAge !== undefined &&
        (await isTrustedDevice(ctx, record as AdapterTwoFactor))
      )
        return undefined;
      // The user of this browser's session adding a passkey or linking an account: that session
      // passed the second step already, and this grants nothing it does not have.
      if (await sessionSinceEnrolment(ctx, record as AdapterTwoFactor)) return undefined;
      purpose = "verify";
    } else if (await requiredFor(settings, signIn.user as AdapterUser)) purpose = "enrol";
    else return undefined;
    if (!userId) {
      // A second factor belongs to a stored user; one without an id can never pass it.
      throw new AccessDenied("Two-factor sign-in is required, but the signed-in user has no id to enrol.");
    }
    const callbackUrl = await resolveCallbackUrl(ctx);
    const standing = await firstFactorStanding(ctx, signIn);
    const cookies = await issuePendingCookie(
      ctx,
      signIn,
      standing,
      purpose,
      callbackUrl,
      settings.pendingMaxAge,
    );
    const url = ctx.actionUrl(purpose === "verify" ? CHALLENGE_ROUTE : SETUP_ROUTE);
    if (returnsRedirectAsJson(ctx.request)) {
      // The methods that can follow this first factor (method-providers.ts), and recovery codes.
      const body =
        purpose === "verify"
          ? {
              url,
              twoFactorRequired: true,
              methods: [...methodsAfter(settings.methods, signIn.marks.authentication.amr), "recovery"],
            }
          : { url, twoFactorRequired: true, enrolmentRequired: true, methods: [...settings.methods] };
      return { status: 200, body, cookies };
    }
    return { redirect: url, cookies };
  };
}
