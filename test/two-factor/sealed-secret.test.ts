import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { openTotpSecret, sealTotpSecret } from "../../src/two-factor/sealed-secret.js";
import { newTotpSecret } from "../../src/two-factor/totp.js";

const CURRENT = "current-secret-at-least-32-bytes-long-xxxxxxxx";
const OLD = "old-secret-at-least-32-bytes-long-xxxxxxxxxxxxxx";

/** The sealing key latchkey derives from `authSecret`, computed here with node:crypto (RFC 5869). */
function sealingKeyOf(authSecret: string): Buffer {
  return Buffer.from(
    hkdfSync(
      "sha256",
      authSecret,
      "latchkey two-factor",
      "latchkey two-factor TOTP secret sealing key v1",
      32,
    ),
  );
}

/** `secret` sealed in the `v1` shape by hand, under `key` and with `iv`, as someone holding the key could. */
function sealByHand(secret: Uint8Array, key: Buffer, iv: Buffer): string {
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from("v1"));
  const body = Buffer.concat([cipher.update(secret), cipher.final(), cipher.getAuthTag()]);
  return `v1.${iv.toString("base64url")}.${body.toString("base64url")}`;
}

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
    expect(new Uint8Array(open(sealingKeyOf(CURRENT)))).toEqual(secret);
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

  test("refuses a secrets list with a missing or empty entry, or a bare string, saying what to pass", async () => {
    const sealed = await sealTotpSecret(newTotpSecret(), [CURRENT]);
    const message = "Sealing a TOTP secret needs the auth secret: pass the config's secrets, newest first.";
    const badLists = {
      "no secret": [],
      "an empty secret": [""],
      "an empty older secret": [CURRENT, ""],
      "a missing older secret": [CURRENT, undefined],
      "a number": [42],
      // AUTH_SECRET itself where the list belongs: its first character would be the key.
      "a bare string": CURRENT,
      "nothing at all": undefined,
    };
    for (const [name, secrets] of Object.entries(badLists)) {
      await expect(sealTotpSecret(newTotpSecret(), secrets as never), name).rejects.toThrow(
        new TypeError(message),
      );
      await expect(openTotpSecret(sealed, secrets as never), name).rejects.toThrow(new TypeError(message));
    }
  });

  test("an empty secret in the list is refused, not tried: anyone can derive its key and seal a secret of their own", async () => {
    const attackersSecret = newTotpSecret();
    const planted = sealByHand(attackersSecret, sealingKeyOf(""), randomBytes(12));
    await expect(openTotpSecret(planted, [CURRENT, ""])).rejects.toThrow(TypeError);
    expect(await openTotpSecret(planted, [CURRENT])).toBeNull();
  });

  test("refuses a value sealed under the right key with an IV of another length than the format's 96 bits", async () => {
    const secret = newTotpSecret();
    const key = sealingKeyOf(CURRENT);
    expect(await openTotpSecret(sealByHand(secret, key, randomBytes(12)), [CURRENT])).toEqual(secret);
    for (const length of [8, 16]) {
      expect(
        await openTotpSecret(sealByHand(secret, key, randomBytes(length)), [CURRENT]),
        `${length}`,
      ).toBeNull();
    }
  });

  test("a stored value that is absent (a NULL column) opens to null rather than throwing", async () => {
    for (const absent of [null, undefined, 42]) {
      expect(await openTotpSecret(absent as never, [CURRENT]), String(absent)).toBeNull();
    }
  });

  test("seals and opens bytes of any length, none included", async () => {
    for (const secret of [new Uint8Array(0), new Uint8Array([7]), newTotpSecret()]) {
      const sealed = await sealTotpSecret(secret, [CURRENT]);
      expect(await openTotpSecret(sealed, [CURRENT]), `${secret.length} bytes`).toEqual(secret);
    }
  });
});
