import { describe, expect, test } from "vitest";
import {
  MemoryAdapter,
  missingExtensions,
  missingTwoFactorMethods,
  missingTwoFactorMethodsMessage,
  TWO_FACTOR_METHODS,
} from "../../src/adapters/index.js";

describe("missingExtensions", () => {
  test("is empty for an adapter with every latchkey extension", () => {
    expect(missingExtensions(MemoryAdapter())).toEqual([]);
  });

  test("names each missing extension and the feature that falls back or is off without it", () => {
    // What an Auth.js adapter looks like to latchkey: the contract's methods, no extensions.
    const {
      createUserAndLinkAccount,
      listSessionsByUserId,
      listAccountsByUserId,
      updateAccount,
      ...authjsShaped
    } = MemoryAdapter();
    expect(missingExtensions(authjsShaped)).toEqual([
      {
        method: "createUserAndLinkAccount",
        message:
          "The adapter lacks createUserAndLinkAccount: sign-up falls back to createUser + linkAccount with a compensating deleteUser, which is not atomic.",
      },
      {
        method: "listSessionsByUserId",
        message:
          "The adapter lacks listSessionsByUserId: listSessions, revokeSession, revokeOtherSessions and the admin session functions are unavailable, and sessions record no metadata.",
      },
      {
        method: "listAccountsByUserId",
        message:
          "The adapter lacks listAccountsByUserId: an e-mail sign-in that first proves the address of a user with linked accounts is refused, because the pre-hijack defence cannot unlink them.",
      },
      {
        method: "updateAccount",
        message:
          "The adapter lacks updateAccount: a re-login or a token refresh cannot store the provider's new tokens.",
      },
    ]);
  });

  test("lists only what is missing, and treats a non-function as missing", () => {
    const adapter = { ...MemoryAdapter(), updateAccount: undefined, listSessionsByUserId: "yes" as never };
    expect(missingExtensions(adapter).map((missing) => missing.method)).toEqual([
      "listSessionsByUserId",
      "updateAccount",
    ]);
  });
});

describe("missingTwoFactorMethods", () => {
  test("is empty for MemoryAdapter, which has every two-factor method", () => {
    expect(missingTwoFactorMethods(MemoryAdapter())).toEqual([]);
  });

  test("names every method for an Auth.js-shaped adapter and for no adapter at all", () => {
    const {
      getTwoFactor,
      setTwoFactor,
      deleteTwoFactor,
      spendTotpStep,
      replaceRecoveryCodes,
      useRecoveryCode,
      countRecoveryCodes,
      ...authjsShaped
    } = MemoryAdapter();
    expect(missingTwoFactorMethods(authjsShaped)).toEqual([...TWO_FACTOR_METHODS]);
    expect(missingTwoFactorMethods(undefined)).toEqual([...TWO_FACTOR_METHODS]);
    expect(missingTwoFactorMethodsMessage(TWO_FACTOR_METHODS)).toBe(
      "twoFactor is configured, but the adapter has none of the two-factor methods (getTwoFactor, setTwoFactor, deleteTwoFactor, spendTotpStep, replaceRecoveryCodes, useRecoveryCode, countRecoveryCodes). Two-factor sign-in stores each user's authenticator, spent codes and recovery codes through them: use MemoryAdapter, or PrismaAdapter with the TwoFactor and RecoveryCode models (prisma/README.md), or implement them.",
    );
  });

  test("lists only what is missing, treats a non-function as missing, and names them in the message", () => {
    const adapter = { ...MemoryAdapter(), spendTotpStep: undefined, useRecoveryCode: true as never };
    const missing = missingTwoFactorMethods(adapter);
    expect(missing).toEqual(["spendTotpStep", "useRecoveryCode"]);
    expect(missingTwoFactorMethodsMessage(missing)).toMatch(
      /^twoFactor is configured, but the adapter lacks spendTotpStep and useRecoveryCode\. /,
    );
    expect(missingTwoFactorMethodsMessage(["getTwoFactor"])).toMatch(/lacks getTwoFactor\. /);
  });
});
