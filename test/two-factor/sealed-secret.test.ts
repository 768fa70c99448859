import { createDecipheriv, hkdfSync } from "node:crypto";
import { describe, expect, test } from "vitest";
import { openTotpSecret, sealTotpSecret } from "../../src/two-factor/sealed-secret.js";
import { newTotpSecret } from "../../src/two-factor/totp.js";

const CURRENT = "current-secret-at-least-32-bytes-long-xxxxxxxx";
const OLD = "old-secret-at-least-32-bytes-long-xxxxxxxxxxxxxx";

/** Flips one bit of the base64url character at `index` (keeping it in the alphabet). */
function flipAt(sealed: string, index: number): string {
  const char = sealed[index] as string;
  const swapped = char === "A" ? "B" : "A";
  return sealed.slice(0, index) + swapped + sealed.slice(index + 1);
}

describe("sealed TOTP secrets", () => {
  test("round-trip, with a fresh IV each time so equal secrets do not look equal", async () => {
    const secret = newTotpSecret();
    const first = await sealTotpSecret(secret, [CURRENT]);
    const second = await sealTotpSecret(secret, [CURRENT]);
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{48}$/);
    expect(first).not.toBe(second);
    expect(await openTotpSecret(first, [CURRENT])).toEqual(secret);
    expect(await openTotpSecret(second, [CURRENT])).toEqual(secret);
  });

  test("after a rotation, a secret sealed with the old auth secret opens while the old one is still listed", async () => {
    const secret = newTotpSecret();
    const sealedBefore = await sealTotpSecret(secret, [OLD]);
    expect(await openTotpSecret(sealedBefore, [CURRENT, OLD])).toEqual(secret);
    expect(await openTotpSecret(sealedBefore, [CURRENT])).toBeNull();
    // New seals use the first (newest) secret.
    const sealedAfter = await sealTotpSecret(secret, [CURRENT, OLD]);
    expect(await openTotpSecret(sealedAfter, [CURRENT])).toEqual(secret);
    expect(await openTotpSecret(sealedAfter, [OLD])).toBeNull();
  });

  test("refuses a sealed value altered anywhere, or in another format", async () => {
    const sealed = await sealTotpSecret(newTotpSecret(), [CURRENT]);
    for (let index = 3; index < sealed.length; index++) {
      if (sealed[index] === ".") continue;
      const altered = flipAt(sealed, index);
      expect(await openTotpSecret(altered, [CURRENT]), `changed at ${index}`).toBeNull();
    }
    const [, iv, body] = sealed.split(".");
    for (const bad of [
      "",
      "v1",
      `v2.${iv}.${body}`,
      `v1.${iv}`,
      `v1.${iv}.${body}.x`,
      `v1.${iv}.${body}=`,
      `v1.${iv}.AAAA`,
      `v1..${body}`,
    ]) {
      expect(await openTotpSecret(bad, [CURRENT]), bad).toBeNull();
    }
  });

  test("is AES-256-GCM under HKDF-SHA256 with its own label, a different key from the session token's", async () => {
    const secret = newTotpSecret();
    const sealed = await sealTotpSecret(secret, [CURRENT]);
    const [, iv, body] = sealed.split(".") as [string, string, string];
    const bytes = Buffer.from(body, "base64url");
    const open = (key: Buffer) => {
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAAD(Buffer.from("v1"));
      decipher.setAuthTag(bytes.subarray(-16));
      return Buffer.concat([decipher.update(bytes.subarray(0, -16)), decipher.final()]);
    };
    const ownKey = Buffer.from(
      hkdfSync(
        "sha256",
        CURRENT,
        "latchkey two-factor",
        "latchkey two-factor TOTP secret sealing key v1",
        32,
      ),
    );
    expect(new Uint8Array(open(ownKey))).toEqual(secret);
    // The A256GCM session-token key Auth.js derives from the same secret does not open it.
    const cookie = "authjs.session-token";
    const sessionKey = Buffer.from(
      hkdfSync("sha256", CURRENT, cookie, `Auth.js Generated Encryption Key (${cookie})`, 32),
    );
    expect(() => open(sessionKey)).toThrow();
  });

  test("refuses to seal or open without an auth secret", async () => {
    await expect(sealTotpSecret(newTotpSecret(), [])).rejects.toThrow(TypeError);
    await expect(openTotpSecret("v1.a.b", [""])).rejects.toThrow(TypeError);
  });
});
