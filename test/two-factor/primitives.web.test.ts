/**
 * The two-factor primitives on the Web Crypto runtime, as an edge deployment loads them: the
 * same codes, hashes and sealed secrets as on node, so a secret sealed by one opens on the other.
 */
import { createDecipheriv, createHash, hkdfSync } from "node:crypto";
import * as OTPAuth from "otpauth";
import { describe, expect, test, vi } from "vitest";

vi.mock("#crypto", () => import("../../src/runtime/web.js"));

const { runtime } = await import("#crypto");
const { generateTotp, newTotpSecret, totpStep, verifyTotp } = await import("../../src/two-factor/totp.js");
const { hashRecoveryCode, newRecoveryCodes } = await import("../../src/two-factor/recovery-codes.js");
const { openTotpSecret, sealTotpSecret } = await import("../../src/two-factor/sealed-secret.js");

const AUTH_SECRET = "web-runtime-secret-at-least-32-bytes-long-xxxxxx";

describe("two-factor primitives on the Web Crypto runtime", () => {
  test("run on the web runtime", () => {
    expect(runtime.name).toBe("web");
  });

  test("TOTP codes agree with the otpauth package at a step edge", async () => {
    const secret = newTotpSecret();
    expect(secret).toBeInstanceOf(Uint8Array);
    const at = 1_900_000_020_000;
    const peer = OTPAuth.TOTP.generate({
      secret: new OTPAuth.Secret({ buffer: secret.slice().buffer }),
      timestamp: at,
    });
    expect(await generateTotp(secret, totpStep(at))).toBe(peer);
    expect(await verifyTotp(secret, peer, at + 30_000)).toBe(totpStep(at));
  });

  test("recovery code hashes are SHA-256 hex of the canonical form", async () => {
    const [code] = newRecoveryCodes(1) as [string];
    expect(await hashRecoveryCode(code)).toBe(
      createHash("sha256").update(code.replace("-", "")).digest("hex"),
    );
  });

  test("a secret sealed on the web runtime opens there and with node:crypto alone", async () => {
    const secret = newTotpSecret();
    const sealed = await sealTotpSecret(secret, [AUTH_SECRET]);
    expect(await openTotpSecret(sealed, [AUTH_SECRET])).toEqual(secret);
    const [, iv, body] = sealed.split(".") as [string, string, string];
    const bytes = Buffer.from(body, "base64url");
    const key = Buffer.from(
      hkdfSync(
        "sha256",
        AUTH_SECRET,
        "latchkey two-factor",
        "latchkey two-factor TOTP secret sealing key v1",
        32,
      ),
    );
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from("v1"));
    decipher.setAuthTag(bytes.subarray(-16));
    const opened = Buffer.concat([decipher.update(bytes.subarray(0, -16)), decipher.final()]);
    expect(new Uint8Array(opened)).toEqual(secret);
  });
});
