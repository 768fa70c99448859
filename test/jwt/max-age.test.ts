import { afterEach, describe, expect, it, vi } from "vitest";
import { createJwtCodec } from "../../src/jwt/codec.js";
import { encode } from "../../src/jwt/index.js";
import { assertMaxAge } from "../../src/jwt/max-age.js";
import type { CryptoRuntime } from "../../src/runtime/types.js";
import { runtimes, SALT, SECRET } from "./support.js";

const FIXED_NOW = new Date("2031-05-04T03:02:01Z");
const FIXED_NOW_SECONDS = Math.floor(FIXED_NOW.getTime() / 1000);
const RULE = /maxAge must be a finite number of seconds greater than 0/;

afterEach(() => {
  vi.useRealTimers();
});

/** Values a misconfigured app could hand to encode, and how the error names each one. */
const invalidMaxAges: Array<[string, unknown, RegExp]> = [
  ["a numeric string (concatenated into exp before)", "3600", /got the string "3600"/],
  ["an empty string", "", /got the string ""/],
  ["NaN", Number.NaN, /got NaN/],
  ["Infinity", Number.POSITIVE_INFINITY, /got Infinity/],
  ["-Infinity", Number.NEGATIVE_INFINITY, /got -Infinity/],
  ["zero", 0, /got 0\./],
  ["a negative number", -60, /got -60/],
  ["null", null, /got null/],
  ["a boolean", true, /got a value of type boolean/],
  ["an object", { seconds: 3600 }, /got a value of type object/],
  ["a bigint", 3600n, /got a value of type bigint/],
];

describe.each(runtimes)("encode's maxAge with %s", (_name, runtime) => {
  it.each(invalidMaxAges)(
    "rejects %s with a TypeError that names the rule and the value",
    async (_what, maxAge, got) => {
      const codec = createJwtCodec(runtime);
      const attempt = codec.encode({
        token: { sub: "u" },
        secret: SECRET,
        salt: SALT,
        maxAge: maxAge as number,
      });
      await expect(attempt).rejects.toBeInstanceOf(TypeError);
      await expect(attempt).rejects.toThrow(RULE);
      await expect(attempt).rejects.toThrow(got);
    },
  );

  it("refuses before sealing anything", async () => {
    const encryptCbcHs512 = vi.fn(runtime.encryptCbcHs512);
    const codec = createJwtCodec({ ...runtime, encryptCbcHs512 } as CryptoRuntime);
    await expect(
      codec.encode({ secret: SECRET, salt: SALT, maxAge: "3600" as unknown as number }),
    ).rejects.toThrow(TypeError);
    expect(encryptCbcHs512).not.toHaveBeenCalled();
  });

  it.each([
    ["no maxAge (30 days)", undefined, 2_592_000],
    ["one second", 1, 1],
    ["one hour", 3600, 3600],
    ["a fraction of a second above zero", 0.5, 0.5],
  ])("accepts %s and sets exp that far from now", async (_what, maxAge, lifetime) => {
    vi.useFakeTimers({ toFake: ["Date"], now: FIXED_NOW });
    const codec = createJwtCodec(runtime);
    const jwt = await codec.encode({ token: { sub: "u" }, secret: SECRET, salt: SALT, maxAge });
    const claims = await codec.decode({ token: jwt, secret: SECRET, salt: SALT });
    expect(claims?.exp).toBe(FIXED_NOW_SECONDS + lifetime);
  });
});

describe("the public encode", () => {
  it('rejects maxAge: "3600" instead of writing an exp some 569,000 years out', async () => {
    await expect(
      encode({ token: { sub: "u" }, secret: SECRET, salt: SALT, maxAge: "3600" as unknown as number }),
    ).rejects.toThrow(/maxAge must be a finite number of seconds greater than 0, but got the string "3600"/);
  });
});

describe("assertMaxAge", () => {
  it("names the option it checks, so a config error points at the setting to fix", () => {
    expect(() => assertMaxAge("3600", "session.maxAge")).toThrow(
      /^session\.maxAge must be a finite number of seconds greater than 0, but got the string "3600"\. Pass a number, e\.g\. session\.maxAge: 3600/,
    );
  });

  it("shortens a long string in the message", () => {
    let message = "";
    try {
      assertMaxAge("9".repeat(500));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`"${"9".repeat(40)}…"`);
    expect(message).not.toContain("9".repeat(41));
  });

  it("shows a string of exactly 40 characters whole", () => {
    expect(() => assertMaxAge("8".repeat(40))).toThrow(`got the string "${"8".repeat(40)}".`);
  });

  it("passes finite positive numbers", () => {
    for (const value of [1e-3, 1, 60, 2_592_000, Number.MAX_SAFE_INTEGER]) {
      expect(() => assertMaxAge(value)).not.toThrow();
    }
  });
});
