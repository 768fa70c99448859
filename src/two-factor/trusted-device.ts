/**
 * "Trust this device" (`twoFactor.trustDevice`): after a second factor, a user may ask this
 * browser to skip the second factor for `maxAge` days. The browser then holds a sealed cookie (the
 * session JWT's encryption, salted with the cookie's name) naming the user and when trust was
 * given; each user gets a cookie of their own, so a shared browser trusts only those who asked.
 *
 * A trusted-device cookie counts only for the user it names, and only while it is younger than the
 * user's `trustedDevicesSince` (set when their sessions are revoked) and than their authenticator
 * (a re-enrolment after turning two-factor off starts afresh). It never proves anything by itself:
 * it only spares the second factor after a first factor of the same user.
 */
import type { AdapterTwoFactor } from "../adapters/types.js";
import type { CookieToSet } from "../cookie/header.js";
import type { AuthContext } from "../core/context.js";
import type { JWT } from "../jwt/types.js";

interface TrustedClaims {
  sub: string;
  /** Milliseconds since the epoch when the user trusted this browser. */
  trustedAt: number;
}

/** The cookie for `userId`: the role's name plus a suffix from the id (no id in clear text). */
async function cookieFor(ctx: AuthContext, userId: string) {
  const { name, options } = ctx.cookies.twoFactorTrusted;
  const suffix = (await ctx.runtime.sha256Hex(`latchkey.trusted-device:${userId}`)).slice(0, 16);
  return { name: `${name}.${suffix}`, options };
}

/** The cookie that trusts this browser for `userId` for `maxAge` seconds. */
export async function trustDeviceCookie(
  ctx: AuthContext,
  userId: string,
  maxAge: number,
): Promise<CookieToSet> {
  const { name, options } = await cookieFor(ctx, userId);
  const claims: TrustedClaims = { sub: userId, trustedAt: Date.now() };
  const value = await ctx.codec.encode({
    token: claims as unknown as JWT,
    secret: ctx.config.secrets,
    salt: name,
    maxAge,
  });
  return { name, value, options: { ...options, maxAge } };
}

/** Whether this browser holds a live trusted-device cookie for the user of `record`. */
export async function isTrustedDevice(ctx: AuthContext, record: AdapterTwoFactor): Promise<boolean> {
  const { name } = await cookieFor(ctx, record.userId);
  const sealed = ctx.requestCookies[name];
  if (!sealed) return false;
  const claims = await ctx.codec.decode<Partial<TrustedClaims>>({
    token: sealed,
    secret: ctx.config.secrets,
    salt: name,
  });
  if (claims === null || claims.sub !== record.userId || typeof claims.trustedAt !== "number") return false;
  const voidBefore = Math.max(
    record.trustedDevicesSince?.getTime() ?? 0,
    record.totpEnabledAt?.getTime() ?? 0,
  );
  return claims.trustedAt > voidBefore;
}
