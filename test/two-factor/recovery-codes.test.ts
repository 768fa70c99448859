import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import {
  hashRecoveryCode,
  newRecoveryCodes,
  normalizeRecoveryCode,
  RECOVERY_CODE_BITS,
} from "../../src/two-factor/recovery-codes.js";

const CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz";

describe("recovery codes", () => {
  test("ten by default, all different, written xxxxx-xxxxx from an alphabet without i, l, o or u", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    expect(newRecoveryCodes(3)).toHaveLength(3);
    expect(() => newRecoveryCodes(0)).toThrow(RangeError);
  });

  test("a count is a whole number from 1 to 100, and the refusal says so", () => {
    expect(newRecoveryCodes(1)).toHaveLength(1);
    expect(newRecoveryCodes(100)).toHaveLength(100);
    for (const count of [0, 101, 2.5, Number.NaN]) {
      expect(() => newRecoveryCodes(count), String(count)).toThrow(
        new RangeError(`newRecoveryCodes: count is a whole number from 1 to 100; got ${count}.`),
      );
    }
  });

  test("carry at least 50 bits each, and every symbol is drawn about equally often", () => {
    expect(RECOVERY_CODE_BITS).toBeGreaterThanOrEqual(50);
    expect(CROCKFORD.length ** 10).toBeGreaterThanOrEqual(2 ** 50);
    const counts = new Map<string, number>();
    const codes = Array.from({ length: 400 }, () => newRecoveryCodes(10)).flat();
    for (const code of codes)
      for (const char of code.replace("-", "")) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect([...counts.keys()].sort().join("")).toBe(CROCKFORD);
    // 40,000 symbols over 32: 1250 each on average; a biased draw (e.g. % 31) would miss this band.
    for (const [char, count] of counts) expect(count, char).toBeGreaterThan(1050);
    for (const [char, count] of counts) expect(count, char).toBeLessThan(1450);
  });

  test("normalizing ignores case, spaces and dashes, and reads o as 0 and i or l as 1", () => {
    const [code] = newRecoveryCodes(1) as [string];
    const canonical = code.replace("-", "");
    expect(normalizeRecoveryCode(code)).toBe(canonical);
    expect(normalizeRecoveryCode(` ${code.toUpperCase()} `)).toBe(canonical);
    expect(normalizeRecoveryCode(canonical.replace(/(.{2})/g, "$1 "))).toBe(canonical);
    expect(normalizeRecoveryCode("O0ILl-abcde")).toBe("00111abcde");
  });

  test("normalizing refuses what cannot be a recovery code", () => {
    for (const bad of [
      "",
      "abcde",
      "abcde-abcd",
      "abcde-abcdef",
      "abcde-abcdu",
      "abcde_abcde",
      "abcde-abcd!",
      "x".repeat(1000),
    ]) {
      expect(normalizeRecoveryCode(bad), bad).toBeNull();
    }
    expect(normalizeRecoveryCode(42 as unknown as string)).toBeNull();
  });

  test("normalizing reads at most 64 typed characters, however much of them is spacing", () => {
    const [code] = newRecoveryCodes(1) as [string];
    const typed = (length: number) => `${code}${" ".repeat(length - code.length)}`;
    expect(normalizeRecoveryCode(typed(64))).toBe(code.replace("-", ""));
    expect(normalizeRecoveryCode(typed(65))).toBeNull();
  });

  test("the hash is SHA-256 hex of the canonical form, the same however the code was typed", async () => {
    const [code] = newRecoveryCodes(1) as [string];
    const expected = createHash("sha256").update(code.replace("-", "")).digest("hex");
    expect(await hashRecoveryCode(code)).toBe(expected);
    expect(await hashRecoveryCode(code.toUpperCase().replace("-", " "))).toBe(expected);
    await expect(hashRecoveryCode("not a code")).rejects.toThrow(
      new RangeError("hashRecoveryCode: the input is not a recovery code."),
    );
  });
});
