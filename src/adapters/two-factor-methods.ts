/**
 * The adapter methods two-factor sign-in needs (`twoFactor` in the config), and what to say when an
 * adapter lacks some. Apart from capabilities.ts so that only an app that configures two-factor
 * sign-in bundles the list.
 */
import { namesInProse } from "./names-in-prose.js";
import type { Adapter, TwoFactorMethod } from "./types.js";

/** A record, so that the compiler insists every method of the union is listed (the union is the contract). */
const TWO_FACTOR_METHOD_SET: Record<TwoFactorMethod, true> = {
  getTwoFactor: true,
  setTwoFactor: true,
  deleteTwoFactor: true,
  spendTotpStep: true,
  replaceRecoveryCodes: true,
  useRecoveryCode: true,
  countRecoveryCodes: true,
};

/** Every adapter method two-factor sign-in uses, in the order the contract declares them. */
export const TWO_FACTOR_METHODS: readonly TwoFactorMethod[] = Object.keys(
  TWO_FACTOR_METHOD_SET,
) as TwoFactorMethod[];

/**
 * The two-factor methods `adapter` lacks (all of them without an adapter). Unlike the extensions of
 * capabilities.ts there is no fallback: a second factor that cannot record a spent code or a used
 * recovery code would accept it again, so an app that configures `twoFactor` must have every one.
 * Pure.
 *
 * @example
 * ```ts
 * const missing = missingTwoFactorMethods(adapter);
 * if (missing.length > 0) throw new Error(missingTwoFactorMethodsMessage(missing));
 * ```
 */
export function missingTwoFactorMethods(adapter: Adapter | undefined): TwoFactorMethod[] {
  return TWO_FACTOR_METHODS.filter((method) => typeof adapter?.[method] !== "function");
}

/**
 * What to tell the developer when `twoFactor` is configured and {@link missingTwoFactorMethods}
 * is not empty: which methods are missing and how to get them.
 *
 * @example
 * ```ts
 * missingTwoFactorMethodsMessage(["spendTotpStep", "useRecoveryCode"]);
 * // "twoFactor is configured, but the adapter lacks spendTotpStep and useRecoveryCode. …"
 * ```
 */
export function missingTwoFactorMethodsMessage(missing: readonly TwoFactorMethod[]): string {
  if (missing.length === TWO_FACTOR_METHODS.length) {
    return (
      "twoFactor is configured, but the adapter has none of the two-factor methods " +
      `(${TWO_FACTOR_METHODS.join(", ")}). Two-factor sign-in stores each user's authenticator, spent codes and recovery codes ` +
      "through them: use MemoryAdapter, or PrismaAdapter with the TwoFactor and RecoveryCode models (prisma/README.md), or implement them."
    );
  }
  const names = namesInProse(missing);
  return (
    `twoFactor is configured, but the adapter lacks ${names}. Two-factor sign-in needs all of ${TWO_FACTOR_METHODS.join(", ")}: ` +
    "without them a spent code or a used recovery code could be accepted again. Implement the missing ones (see the Adapter type's TSDoc and the conformance kit)."
  );
}
