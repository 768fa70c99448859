/**
 * The sealing keys of TOTP secrets are derived once per auth secret and cached, at most 16 of them
 * (an app has one to a few auth secrets). Counted at Web Crypto's `importKey`, which each derivation
 * calls once for its AES-GCM sealing key.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { newTotpSecret } from "../../src/two-factor/totp.js";

// A fresh copy of the module, as a new process has: its cache empty, whatever other files sealed.
vi.resetModules();
const { openTotpSecret, sealTotpSecret } = await import("../../src/two-factor/sealed-secret.js");

const authSecret = (n: number) => `cache-test-secret-${n}-at-least-32-bytes-long-xxxxxx`;

/** Web Crypto's importKey, watched: the AES-GCM keys imported while the test runs. */
function watchKeyImports() {
  const importKey = vi.spyOn(crypto.subtle, "importKey");
  return {
    importKey,
    derivations: () => importKey.mock.calls.filter((call) => call[2] === "AES-GCM").length,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the sealing-key cache", () => {
  test("derives a key once per auth secret, holds at most 16, then starts over", async () => {
    const { derivations } = watchKeyImports();
    const secret = newTotpSecret();
    for (let n = 1; n <= 16; n++) await sealTotpSecret(secret, [authSecret(n)]);
    expect(derivations()).toBe(16);
    await sealTotpSecret(secret, [authSecret(1)]);
    await sealTotpSecret(secret, [authSecret(16)]);
    expect(derivations()).toBe(16);
    // A 17th secret finds the cache full: it is emptied, so the first one is derived again.
    await sealTotpSecret(secret, [authSecret(17)]);
    expect(derivations()).toBe(17);
    await sealTotpSecret(secret, [authSecret(1)]);
    expect(derivations()).toBe(18);
  });

  test("the sealing key is imported non-extractable: whoever gets hold of the CryptoKey cannot export it", async () => {
    const { importKey } = watchKeyImports();
    await sealTotpSecret(newTotpSecret(), [authSecret(100)]);
    const sealingImport = importKey.mock.calls.find((call) => call[2] === "AES-GCM");
    expect(sealingImport?.[3]).toBe(false);
    expect(sealingImport?.[4]).toEqual(["encrypt"]);
  });

  test("a derivation that failed is not remembered: the next call derives the key afresh", async () => {
    const { importKey } = watchKeyImports();
    importKey.mockRejectedValueOnce(new DOMException("transient failure", "OperationError"));
    const secret = newTotpSecret();
    await expect(sealTotpSecret(secret, [authSecret(200)])).rejects.toThrow("transient failure");
    const sealed = await sealTotpSecret(secret, [authSecret(200)]);
    expect(await openTotpSecret(sealed, [authSecret(200)])).toEqual(secret);
  });
});
