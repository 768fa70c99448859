/**
 * Enrolling an authenticator from a signed-in session through the exported server functions: what
 * the authenticator app is shown (the Key Uri Format label), resuming an enrolment, and the
 * refusals and storage failures a caller sees.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import type { Adapter, AdapterUser } from "../../src/adapters/types.js";
import { confirmTotp, enrollTotp } from "../../src/index.js";
import { aliceCredentials, signInWithCredentials } from "../core/helpers.js";
import { codeAt, freezeDateAtStart, nextStep, requestWith, twoFactorApp } from "./harness.js";

freezeDateAtStart();

/** An app whose stored user `user` is who the password signs in. */
async function appSigningIn(user: { id: string; email: string | null; name: string | null }) {
  const adapter = MemoryAdapter();
  await adapter.createUser?.({ ...user, emailVerified: null } as AdapterUser);
  return twoFactorApp({ adapter, providers: [aliceCredentials({ authorize: () => ({ ...user }) })] });
}

/** The account name of an `otpauth://totp/Issuer:Account?...` URI, decoded. */
const accountNameOf = (uri: string) =>
  decodeURIComponent(/^otpauth:\/\/totp\/[^:]+:([^?]*)\?/.exec(uri)?.[1] ?? "<none>");

describe("enrolling an authenticator", () => {
  it("reloading the enrolment shows the secret already shown (and perhaps scanned), not a new one", async () => {
    const { config } = await twoFactorApp();
    const { jar } = await signInWithCredentials(config);
    const first = await enrollTotp(requestWith(jar), config);
    nextStep();
    const again = await enrollTotp(requestWith(jar), config);
    expect(again.secret).toBe(first.secret);
    expect(again.uri).toBe(first.uri);
    // The code of the app that scanned the first QR code confirms.
    expect(await confirmTotp(requestWith(jar), config, codeAt(first.secret, Date.now()))).not.toBeNull();
  });

  it("a colon in the user's name becomes a space in the app's label, which reserves the colon as its separator", async () => {
    const { config } = await appSigningIn({ id: "user-liddell", email: null, name: "Alice:Liddell" });
    const { jar } = await signInWithCredentials(config);
    const { uri } = await enrollTotp(requestWith(jar), config);
    expect(uri.startsWith("otpauth://totp/Test%20App:")).toBe(true);
    expect(accountNameOf(uri)).toBe("Alice Liddell");
  });

  it("an address of colons and spaces alone labels the account by the user's id, without its colons", async () => {
    const { config } = await appSigningIn({ id: "user:alice", email: " : ", name: null });
    const { jar } = await signInWithCredentials(config);
    const { uri } = await enrollTotp(requestWith(jar), config);
    expect(accountNameOf(uri)).toBe("useralice");
  });

  it("a code that is not text (a form field read as null) is answered as a wrong code, whatever the enrolment's state", async () => {
    const { config } = await twoFactorApp();
    const { jar } = await signInWithCredentials(config);
    const notText = null as unknown as string;
    // Nothing pending yet: refused as a wrong code would be, not as a call out of order.
    expect(await confirmTotp(requestWith(jar), config, notText)).toBeNull();
    const { secret } = await enrollTotp(requestWith(jar), config);
    expect(await confirmTotp(requestWith(jar), config, notText)).toBeNull();
    expect(await confirmTotp(requestWith(jar), config, codeAt(secret, Date.now()))).not.toBeNull();
    nextStep();
    // Already on: still a wrong code.
    expect(await confirmTotp(requestWith(jar), config, notText)).toBeNull();
  });

  it("a storage failure says what failed: storing the new secret, or the recovery codes", async () => {
    const { config, adapter } = await twoFactorApp();
    const { jar } = await signInWithCredentials(config);
    const failing = adapter as Required<Adapter>;
    const { setTwoFactor, replaceRecoveryCodes } = failing;
    failing.setTwoFactor = () => {
      throw new Error("the database is down");
    };
    await expect(enrollTotp(requestWith(jar), config)).rejects.toThrow(
      "The adapter failed to store the two-factor record.",
    );
    failing.setTwoFactor = setTwoFactor;
    const { secret } = await enrollTotp(requestWith(jar), config);
    failing.replaceRecoveryCodes = () => {
      throw new Error("the database is down");
    };
    await expect(confirmTotp(requestWith(jar), config, codeAt(secret, Date.now()))).rejects.toThrow(
      "The adapter failed to store the recovery codes.",
    );
    failing.replaceRecoveryCodes = replaceRecoveryCodes;
  });
});
