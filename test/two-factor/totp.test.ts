import * as OTPAuth from "otpauth";
import { describe, expect, test, vi } from "vitest";
import { runtime } from "#crypto";
import { base32Decode, base32Encode } from "../../src/two-factor/base32.js";
import {
  generateHotp,
  generateTotp,
  newTotpSecret,
  otpauthUri,
  totpStep,
  verifyTotp,
} from "../../src/two-factor/totp.js";

const RFC_SECRET = new TextEncoder().encode("12345678901234567890");

/** Codes from the independent implementation, never from latchkey's. */
function peerTotp(secret: Uint8Array, timestampMs: number): string {
  return OTPAuth.TOTP.generate({
    secret: new OTPAuth.Secret({ buffer: secret.slice().buffer }),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    timestamp: timestampMs,
  });
}

describe("HOTP (RFC 4226)", () => {
  test("matches the Appendix D test values for counters 0 to 9", async () => {
    const expected = [
      "755224",
      "287082",
      "359152",
      "969429",
      "338314",
      "254676",
      "287922",
      "162583",
      "399871",
      "520489",
    ];
    const actual = await Promise.all(expected.map((_, counter) => generateHotp(RFC_SECRET, counter)));
    expect(actual).toEqual(expected);
  });

  test("refuses a counter that is negative, fractional or beyond 2^53", async () => {
    for (const counter of [-1, 1.5, 2 ** 53, Number.NaN]) {
      await expect(generateHotp(RFC_SECRET, counter)).rejects.toThrow(
        new RangeError(`An HOTP counter is a non-negative integer; got ${counter}.`),
      );
    }
  });

  test("refuses fewer than 6 or more than 8 digits", async () => {
    await expect(generateHotp(RFC_SECRET, 0, { digits: 5 })).rejects.toThrow(RangeError);
    await expect(generateHotp(RFC_SECRET, 0, { digits: 9 })).rejects.toThrow(
      new RangeError("A one-time code has 6 to 8 digits (RFC 4226 §5.3); got 9."),
    );
  });
});

describe("TOTP (RFC 6238)", () => {
  test("matches the Appendix B test values for SHA-1 (8 digits)", async () => {
    const rows: [number, string][] = [
      [59, "94287082"],
      [1111111109, "07081804"],
      [1111111111, "14050471"],
      [1234567890, "89005924"],
      [2000000000, "69279037"],
      [20000000000, "65353130"],
    ];
    for (const [seconds, code] of rows) {
      expect(await generateTotp(RFC_SECRET, totpStep(seconds * 1000), { digits: 8 }), `T=${seconds}`).toBe(
        code,
      );
      expect(await verifyTotp(RFC_SECRET, code, seconds * 1000, { digits: 8, window: 0 })).toBe(
        totpStep(seconds * 1000),
      );
    }
  });

  test("a step is whole 30-second periods since the epoch, changing exactly on the boundary", () => {
    expect(totpStep(0)).toBe(0);
    expect(totpStep(29_999)).toBe(0);
    expect(totpStep(30_000)).toBe(1);
    expect(totpStep(59_999, 60)).toBe(0);
    expect(() => totpStep(0, 0)).toThrow(
      new RangeError("A TOTP period is a positive whole number of seconds; got 0."),
    );
  });

  test("agrees with the otpauth package on both sides of many step edges", async () => {
    for (let i = 0; i < 25; i++) {
      const secret = newTotpSecret();
      const edge = (1_700_000_000 + i * 7919) * 30 * 1000;
      for (const at of [edge - 1, edge, edge + 1, edge + 29_999]) {
        expect(await generateTotp(secret, totpStep(at))).toBe(peerTotp(secret, at));
        expect(await verifyTotp(secret, peerTotp(secret, at), at)).toBe(totpStep(at));
      }
    }
  });

  describe("verifyTotp", () => {
    const secret = newTotpSecret();
    const start = 1_800_000_000_000 - (1_800_000_000_000 % 30_000);

    test("accepts the previous and the next step, and returns the step the code belongs to", async () => {
      const now = start + 15_000;
      const step = totpStep(now);
      expect(await verifyTotp(secret, peerTotp(secret, now - 30_000), now)).toBe(step - 1);
      expect(await verifyTotp(secret, peerTotp(secret, now), now)).toBe(step);
      expect(await verifyTotp(secret, peerTotp(secret, now + 30_000), now)).toBe(step + 1);
    });

    test("refuses a code two steps away, and the neighbours too with window 0", async () => {
      const now = start + 15_000;
      expect(await verifyTotp(secret, peerTotp(secret, now - 60_000), now)).toBeNull();
      expect(await verifyTotp(secret, peerTotp(secret, now + 60_000), now)).toBeNull();
      expect(await verifyTotp(secret, peerTotp(secret, now - 30_000), now, { window: 0 })).toBeNull();
      expect(await verifyTotp(secret, peerTotp(secret, now), now, { window: 0 })).toBe(totpStep(now));
    });

    test("a code from the last millisecond of a step still works in the first millisecond of the second step after", async () => {
      const issued = start + 29_999;
      const code = peerTotp(secret, issued);
      expect(await verifyTotp(secret, code, start + 30_000)).toBe(totpStep(issued));
      expect(await verifyTotp(secret, code, start + 60_000 - 1)).toBe(totpStep(issued));
      expect(await verifyTotp(secret, code, start + 60_000)).toBeNull();
    });

    test("refuses another secret's code", async () => {
      const now = start + 1000;
      const other = newTotpSecret();
      const code = peerTotp(other, now);
      // Guard against the one-in-a-million chance that the two secrets share this code.
      if (code !== peerTotp(secret, now)) expect(await verifyTotp(secret, code, now)).toBeNull();
    });

    test("allows the space authenticator apps print mid-code, and nothing else that is not a digit", async () => {
      const now = start + 1000;
      const code = peerTotp(secret, now);
      expect(await verifyTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(totpStep(now));
      for (const bad of [
        "",
        "12345",
        "1234567",
        "12345a",
        "１２３４５６",
        "123-456",
        "+12345",
        " 1e5 ",
        "0x1234",
      ]) {
        expect(await verifyTotp(secret, bad, now), JSON.stringify(bad)).toBeNull();
      }
      expect(await verifyTotp(secret, "1".repeat(10_000), now)).toBeNull();
      // A pasted code with a trailing space still counts; one spread digit by digit is no code.
      expect(await verifyTotp(secret, `${code.slice(0, 3)} ${code.slice(3)} `, now)).toBe(totpStep(now));
      expect(await verifyTotp(secret, code.split("").join(" "), now)).toBeNull();
      expect(await verifyTotp(secret, undefined as unknown as string, now)).toBeNull();
    });

    test("refuses a window wider than ten steps", async () => {
      await expect(verifyTotp(secret, "123456", start, { window: 11 })).rejects.toThrow(
        new RangeError("A TOTP window is a whole number of steps from 0 to 10; got 11."),
      );
      const now = start + 15_000;
      expect(await verifyTotp(secret, peerTotp(secret, now - 300_000), now, { window: 10 })).toBe(
        totpStep(now) - 10,
      );
      await expect(verifyTotp(secret, "123456", start, { window: -1 })).rejects.toThrow(RangeError);
    });
  });

  // Timing is what a behavioural test cannot see: a plain `===` on the code strings would give the
  // same answers. What verifyTotp documents is pinned instead: every step of the window is
  // compared, each through the runtime's constant-time comparison, as bytes of equal length.
  test("compares the typed code with every step of the window in constant time, as bytes of equal length", async () => {
    const compare = vi.spyOn(runtime, "equalInConstantTime");
    try {
      const now = Date.UTC(2026, 0, 1, 0, 0, 10);
      const code = peerTotp(RFC_SECRET, now);
      expect(await verifyTotp(RFC_SECRET, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(totpStep(now));
      // The step before, the current one (the match) and the step after: no early return.
      expect(compare.mock.results.map(({ value }) => value)).toEqual([false, true, false]);
      for (const [expected, typed] of compare.mock.calls) {
        expect(expected).toBeInstanceOf(Uint8Array);
        expect(new Uint8Array(typed)).toEqual(new TextEncoder().encode(code));
        expect(expected.length).toBe(typed.length);
      }
    } finally {
      compare.mockRestore();
    }
  });

  test("input that cannot be a code is refused before any HMAC is computed", async () => {
    const hmac = vi.spyOn(runtime, "hmacSha1");
    try {
      for (const bad of ["12345", "1234567", "a12345", "12345a", "1234 5"]) {
        expect(await verifyTotp(RFC_SECRET, bad, Date.UTC(2026, 0, 1)), JSON.stringify(bad)).toBeNull();
      }
      expect(hmac).not.toHaveBeenCalled();
    } finally {
      hmac.mockRestore();
    }
  });

  test("at the epoch, the code of step 0 counts and no step before it is computed", async () => {
    const code = await generateTotp(RFC_SECRET, 0);
    const hmac = vi.spyOn(runtime, "hmacSha1");
    try {
      expect(await verifyTotp(RFC_SECRET, code, 0)).toBe(0);
      // Steps 0 and 1 of the window; step -1 has no counter (RFC 4226 counts from 0).
      expect(hmac).toHaveBeenCalledTimes(2);
    } finally {
      hmac.mockRestore();
    }
  });

  test("a new secret is 20 random bytes (RFC 4226 §4 R6)", () => {
    const a = newTotpSecret();
    expect(a).toHaveLength(20);
    expect(base32Encode(a)).not.toBe(base32Encode(newTotpSecret()));
  });
});

describe("base32 (RFC 4648 §6)", () => {
  test("matches the RFC 4648 §10 test vectors, without padding", () => {
    const vectors: [string, string][] = [
      ["", ""],
      ["f", "MY"],
      ["fo", "MZXQ"],
      ["foo", "MZXW6"],
      ["foob", "MZXW6YQ"],
      ["fooba", "MZXW6YTB"],
      ["foobar", "MZXW6YTBOI"],
    ];
    for (const [text, encoded] of vectors) {
      const bytes = new TextEncoder().encode(text);
      expect(base32Encode(bytes)).toBe(encoded);
      expect(base32Decode(encoded)).toEqual(bytes);
      expect(base32Decode(`${encoded.toLowerCase()}${"=".repeat((8 - (encoded.length % 8)) % 8)}`)).toEqual(
        bytes,
      );
    }
  });

  test("round-trips random secrets and agrees with otpauth's encoder", () => {
    for (let i = 0; i < 50; i++) {
      const secret = newTotpSecret();
      const encoded = base32Encode(secret);
      expect(encoded).toBe(new OTPAuth.Secret({ buffer: secret.slice().buffer }).base32);
      expect(base32Decode(encoded)).toEqual(secret);
    }
  });

  test("accepts the spaces of manual entry and refuses characters outside the alphabet or impossible lengths", () => {
    expect(base32Decode("mzxw 6ytb oi")).toEqual(new TextEncoder().encode("foobar"));
    expect(base32Decode("MZXW1")).toBeNull();
    expect(base32Decode("MZXW0")).toBeNull();
    expect(base32Decode("M")).toBeNull();
    expect(base32Decode("MZX")).toBeNull();
  });

  test("reads `=` only as trailing padding: one inside the text is refused", () => {
    expect(base32Decode("MZXW6YTBOI======")).toEqual(new TextEncoder().encode("foobar"));
    expect(base32Decode("MZXW6===YTBOI")).toBeNull();
    expect(base32Decode("=MZXW6YTBOI")).toBeNull();
  });
});

describe("otpauthUri (Key Uri Format)", () => {
  test("writes an issuer-prefixed label and the issuer parameter, percent-encoded, which otpauth parses back", () => {
    const secret = newTotpSecret();
    const uri = otpauthUri({ secret, issuer: "Acme & Co", accountName: "ada+test@example.com" });
    expect(uri).toBe(
      `otpauth://totp/Acme%20%26%20Co:ada%2Btest%40example.com?secret=${base32Encode(secret)}&issuer=Acme%20%26%20Co`,
    );
    const parsed = OTPAuth.URI.parse(uri);
    expect(parsed).toBeInstanceOf(OTPAuth.TOTP);
    expect(parsed.issuer).toBe("Acme & Co");
    expect(parsed.label).toBe("ada+test@example.com");
    expect(parsed.secret.base32).toBe(base32Encode(secret));
    expect((parsed as OTPAuth.TOTP).period).toBe(30);
    expect(parsed.digits).toBe(6);
  });

  test("writes digits and period only when they differ from what apps assume", () => {
    const uri = otpauthUri({
      secret: newTotpSecret(),
      issuer: "Acme",
      accountName: "ada",
      digits: 8,
      period: 60,
    });
    const parsed = OTPAuth.URI.parse(uri) as OTPAuth.TOTP;
    expect([parsed.digits, parsed.period]).toEqual([8, 60]);
    const secret = newTotpSecret();
    expect(otpauthUri({ secret, issuer: "Acme", accountName: "ada", digits: 6, period: 30 })).toBe(
      `otpauth://totp/Acme:ada?secret=${base32Encode(secret)}&issuer=Acme`,
    );
  });

  test("refuses an issuer that is not a string, naming it", () => {
    expect(() =>
      otpauthUri({ secret: newTotpSecret(), issuer: 42 as unknown as string, accountName: "ada" }),
    ).toThrow(new TypeError('otpauthUri: issuer must be a non-empty string without ":" (Key Uri Format).'));
  });

  test("refuses an issuer or account name with a colon, which the format reserves as the separator", () => {
    expect(() => otpauthUri({ secret: newTotpSecret(), issuer: "Acme:Evil", accountName: "ada" })).toThrow(
      TypeError,
    );
    expect(() => otpauthUri({ secret: newTotpSecret(), issuer: "Acme", accountName: "a:b" })).toThrow(
      TypeError,
    );
    expect(() => otpauthUri({ secret: newTotpSecret(), issuer: " ", accountName: "ada" })).toThrow(TypeError);
  });
});
