/**
 * The signed-in user's two-factor settings through the exported server functions (what an app's
 * "security" page calls): the status they read, and the refusals that say what to do next.
 */
import { describe, expect, it, vi } from "vitest";
import type { Adapter } from "../../src/adapters/types.js";
import { serializeCookie } from "../../src/cookie/header.js";
import {
  confirmTotp,
  disableTwoFactor,
  enrollTotp,
  regenerateRecoveryCodes,
  twoFactorStatus,
} from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import Email from "../../src/providers/email.js";
import Passkey from "../../src/providers/passkey.js";
import { ALICE, CookieJar, signInWithCredentials } from "../core/helpers.js";
import { codeAt, freezeDateAtStart, nextStep, requestWith, twoFactorApp } from "./harness.js";

freezeDateAtStart();

describe("twoFactorStatus", () => {
  it("tells no authenticator, one being enrolled, one confirmed, and a record whose secret was cleared apart; lists the offered methods", async () => {
    const { config, adapter } = await twoFactorApp({
      providers: [
        Credentials({ credentials: { password: {} }, authorize: () => ({ ...ALICE }) }),
        Passkey(),
        Email({ otp: true, sendVerificationRequest: () => {} }),
      ],
      twoFactor: { methods: ["totp", "passkey", "email"] },
    });
    const { jar } = await signInWithCredentials(config);
    expect(await twoFactorStatus(requestWith(new CookieJar()), config)).toBeNull();

    const status = () => twoFactorStatus(requestWith(jar), config);
    expect(await status()).toEqual({
      enabled: false,
      enrolmentPending: false,
      recoveryCodesRemaining: 0,
      methods: ["totp", "passkey", "email"],
    });

    const enrolment = await enrollTotp(requestWith(jar), config);
    expect(await status()).toMatchObject({ enabled: false, enrolmentPending: true });

    const confirmed = await confirmTotp(requestWith(jar), config, codeAt(enrolment.secret, Date.now()));
    jar.apply(confirmed?.cookies.map(serializeCookie) ?? []);
    expect(await status()).toMatchObject({
      enabled: true,
      enrolmentPending: false,
      recoveryCodesRemaining: 10,
    });

    // An admin cleared the secret (a lost phone): nothing is on, and nothing waits for a code.
    await adapter.setTwoFactor?.({
      userId: "user-alice",
      totpSecret: null,
      totpEnabledAt: null,
      lastTotpStep: null,
      trustedDevicesSince: null,
    });
    expect(await status()).toMatchObject({ enabled: false, enrolmentPending: false });
  });

  it("a storage failure counting the recovery codes says what failed", async () => {
    const { config, adapter } = await twoFactorApp();
    const { jar } = await signInWithCredentials(config);
    (adapter as Required<Adapter>).countRecoveryCodes = () => {
      throw new Error("the database is down");
    };
    await expect(twoFactorStatus(requestWith(jar), config)).rejects.toThrow(
      "The adapter failed to count recovery codes.",
    );
  });
});

describe("changing the settings", () => {
  it("without a session, each change is refused as not signed in, saying what it needs", async () => {
    const { config } = await twoFactorApp();
    const signedOut = requestWith(new CookieJar());
    for (const change of [
      () => enrollTotp(signedOut, config),
      () => confirmTotp(signedOut, config, "123456"),
      () => regenerateRecoveryCodes(signedOut, config),
      () => disableTwoFactor(signedOut, config),
    ]) {
      await expect(change()).rejects.toMatchObject({ type: "NotSignedIn" });
      await expect(change()).rejects.toThrow("Two-factor settings need a signed-in user.");
    }
  });

  it("a stale session is told what to do: sign in again to enrol, prove the second factor again to weaken it", async () => {
    const { config } = await twoFactorApp();
    const { jar } = await signInWithCredentials(config);
    const enrolment = await enrollTotp(requestWith(jar), config);
    const confirmed = await confirmTotp(requestWith(jar), config, codeAt(enrolment.secret, Date.now()));
    jar.apply(confirmed?.cookies.map(serializeCookie) ?? []);
    vi.setSystemTime(Date.now() + 301_000);

    await expect(enrollTotp(requestWith(jar), config)).rejects.toThrow(
      "Enrolling an authenticator needs a sign-in within the last 300 seconds; send the user to sign in again.",
    );
    for (const change of [regenerateRecoveryCodes, disableTwoFactor]) {
      await expect(change(requestWith(jar), config)).rejects.toThrow(
        /^This change needs a second factor proven in the last 300 seconds; send the user to https:\/\/app\.test\/auth\/two-factor\b/,
      );
    }
  });

  it("new recovery codes for a user whose two-factor is off are refused, and none are made", async () => {
    const { config } = await twoFactorApp();
    const { jar } = await signInWithCredentials(config);
    const enrolment = await enrollTotp(requestWith(jar), config);
    const confirmed = await confirmTotp(requestWith(jar), config, codeAt(enrolment.secret, Date.now()));
    jar.apply(confirmed?.cookies.map(serializeCookie) ?? []);
    nextStep();
    // The session still holds the second factor it just proved; two-factor is then turned off.
    await disableTwoFactor(requestWith(jar), config);

    const refused = regenerateRecoveryCodes(requestWith(jar), config);
    await expect(refused).rejects.toMatchObject({ type: "InvalidRequest" });
    await expect(refused).rejects.toThrow(
      "Two-factor authentication is off for this user: there are no recovery codes to replace.",
    );
    expect(await twoFactorStatus(requestWith(jar), config)).toMatchObject({
      enabled: false,
      recoveryCodesRemaining: 0,
    });
  });
});
