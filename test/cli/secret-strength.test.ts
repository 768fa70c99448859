/**
 * The doctor's second opinion on secrets long enough for the library's 32-byte rule: generated
 * secrets are never called guessable, placeholders and repetitive text are.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { estimatedBits, secretStrengthFindings } from "../../src/cli/doctor/secret-strength.js";
import { generateSecret } from "../../src/cli/secret.js";

describe("secretStrengthFindings", () => {
  it("never flags what `latchkey secret`, `openssl rand -base64 33` or `openssl rand -hex 32` make", () => {
    for (let i = 0; i < 500; i++) {
      const secrets = [generateSecret(), randomBytes(33).toString("base64"), randomBytes(32).toString("hex")];
      expect(secretStrengthFindings(secrets)).toEqual([]);
    }
  });

  it("flags a placeholder copied from an example, whatever its length", () => {
    for (const placeholder of [
      "your-secret-here-generate-a-real-one-please",
      "CHANGEME-CHANGEME-CHANGEME-CHANGEME-2024",
      "replace-with-output-of-openssl-rand-base64-33",
    ]) {
      expect(secretStrengthFindings([placeholder])).toEqual([
        {
          severity: "warning",
          code: "GuessableSecret",
          message: expect.stringContaining("looks like a placeholder"),
        },
      ]);
    }
  });

  it("flags text whose characters repeat too much to carry 128 bits, and names which secret", () => {
    const findings = secretStrengthFindings(["Zq3v8Rk1Tw6Ny0Lp5Hs9Bd2Mf7Xc4Ga1Je8Uo3Wi6Q", "ab".repeat(20)]);
    expect(findings).toEqual([
      {
        severity: "warning",
        code: "GuessableSecret",
        message: expect.stringMatching(
          /^Older secret #1 \(kept for rotation\) shows about 40 bits of randomness/,
        ),
      },
    ]);
  });

  it("estimates bits from character frequencies: none for one repeated character, log2(n) each for n distinct", () => {
    expect(estimatedBits("a".repeat(64))).toBe(0);
    expect(estimatedBits("0123456789abcdef".repeat(2))).toBe(4 * 32);
  });
});
