/**
 * Which optional latchkey extensions an adapter lacks, and what each absence costs. Auth.js
 * adapters implement none of them: latchkey still runs on them, with the features below falling
 * back or turned off, and says so once at startup rather than failing at the first request.
 */

import type { Adapter, TwoFactorMethod } from "./types.js";

/** The optional methods latchkey adds to the Auth.js adapter contract. */
export type LatchkeyExtension =
  | "createUserAndLinkAccount"
  | "listSessionsByUserId"
  | "listAccountsByUserId"
  | "updateAccount";

export interface MissingExtension {
  method: LatchkeyExtension;
  /** One line naming the method and the feature that falls back or is off without it. */
  message: string;
}

const CONSEQUENCES: Record<LatchkeyExtension, string> = {
  createUserAndLinkAccount:
    "sign-up falls back to createUser + linkAccount with a compensating deleteUser, which is not atomic",
  listSessionsByUserId:
    "listSessions, revokeSession, revokeOtherSessions and the admin session functions are unavailable, and sessions record no metadata",
  listAccountsByUserId:
    "an e-mail sign-in that first proves the address of a user with linked accounts is refused, because the pre-hijack defence cannot unlink them",
  updateAccount: "a re-login or a token refresh cannot store the provider's new tokens",
};

/**
 * The latchkey extensions `adapter` does not implement, each with a one-line message saying which
 * feature falls back or is off. Empty when the adapter has them all. Pure: it only looks at which
 * methods exist.
 *
 * @example
 * ```ts
 * import { PrismaAdapter } from "@auth/prisma-adapter";
 * import { missingExtensions } from "latchkey/adapters";
 *
 * for (const { message } of missingExtensions(PrismaAdapter(prisma))) console.warn(message);
 * // "The adapter lacks listSessionsByUserId: listSessions, revokeSession, revokeOtherSessions and the admin session functions are unavailable, and sessions record no metadata." …
 * ```
 */
export function missingExtensions(adapter: Adapter): MissingExtension[] {
  return (Object.keys(CONSEQUENCES) as LatchkeyExtension[])
    .filter((method) => typeof adapter[method] !== "function")
    .map((method) => ({
      method,
      message: `The adapter lacks ${method}: ${CONSEQUENCES[method]}.`,
    }));
}

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
 * The two-factor methods `adapter` lacks (all of them without an adapter). Unlike the extensions
 * above there is no fallback: a second factor that cannot record a spent code or a used recovery
 * code would accept it again, so an app that configures `twoFactor` must have every one. Pure.
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
  const names =
    missing.length === 1
      ? missing[0]
      : `${missing.slice(0, -1).join(", ")} and ${missing[missing.length - 1]}`;
  return (
    `twoFactor is configured, but the adapter lacks ${names}. Two-factor sign-in needs all of ${TWO_FACTOR_METHODS.join(", ")}: ` +
    "without them a spent code or a used recovery code could be accepted again. Implement the missing ones (see the Adapter type's TSDoc and the conformance kit)."
  );
}
