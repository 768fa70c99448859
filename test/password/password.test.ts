/**
 * latchkey/password: argon2id hashes that carry their parameters, verification of argon2 and bcrypt
 * hashes written by other libraries, the length cap, and when to rehash.
 */
import { hash as nodeRsHash, verify as nodeRsVerify } from "@node-rs/argon2";
import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_ARGON2_PARAMETERS,
  hashPassword,
  MAX_PASSWORD_BYTES,
  needsRehash,
  verifyPassword,
} from "../../src/password/index.js";

const PASSWORD = "correct horse battery staple";

describe("hashPassword", () => {
  it("writes an argon2id PHC string with today's parameters and a fresh salt", async () => {
    const first = await hashPassword(PASSWORD);
    const second = await hashPassword(PASSWORD);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(second).not.toBe(first);
    expect(DEFAULT_ARGON2_PARAMETERS).toMatchObject({ variant: "argon2id", memoryCost: 19456, timeCost: 2 });
  });

  it("writes hashes another argon2 library verifies", async () => {
    const stored = await hashPassword(PASSWORD);
    expect(await nodeRsVerify(stored, PASSWORD)).toBe(true);
    expect(await nodeRsVerify(stored, `${PASSWORD}!`)).toBe(false);
  });

  it("refuses an empty, a non-string and an over-long password before hashing", async () => {
    await expect(hashPassword("")).rejects.toThrow(TypeError);
    await expect(hashPassword(42 as never)).rejects.toThrow(TypeError);
    await expect(hashPassword("é".repeat(MAX_PASSWORD_BYTES / 2 + 1))).rejects.toThrow(RangeError);
    expect(await hashPassword("x".repeat(MAX_PASSWORD_BYTES))).toMatch(/^\$argon2id\$/);
  });
});

describe("verifyPassword", () => {
  it("accepts the right password and refuses a wrong one", async () => {
    const stored = await hashPassword(PASSWORD);
    expect(await verifyPassword(stored, PASSWORD)).toBe(true);
    expect(await verifyPassword(stored, "correct horse battery stapl")).toBe(false);
    expect(await verifyPassword(stored, "")).toBe(false);
  });

  it("verifies argon2id, argon2i and argon2d hashes written by another library, with their own parameters", async () => {
    for (const [algorithm, variant] of [
      [2, "argon2id"],
      [1, "argon2i"],
      [0, "argon2d"],
    ] as const) {
      const stored = await nodeRsHash(PASSWORD, {
        algorithm: algorithm as never,
        memoryCost: 8192,
        timeCost: 3,
        parallelism: 2,
      });
      expect(stored.startsWith(`$${variant}$v=19$m=8192,t=3,p=2$`)).toBe(true);
      expect(await verifyPassword(stored, PASSWORD)).toBe(true);
      expect(await verifyPassword(stored, "wrong")).toBe(false);
      expect(needsRehash(stored)).toBe(true);
    }
  });

  it("verifies bcrypt $2a$, $2b$ and $2y$ hashes, so apps can migrate", async () => {
    const stored2b = bcrypt.hashSync(PASSWORD, 4);
    expect(stored2b.startsWith("$2b$04$")).toBe(true);
    for (const stored of [stored2b, stored2b.replace("$2b$", "$2a$"), stored2b.replace("$2b$", "$2y$")]) {
      expect(await verifyPassword(stored, PASSWORD)).toBe(true);
      expect(await verifyPassword(stored, "wrong")).toBe(false);
      expect(needsRehash(stored)).toBe(true);
    }
  });

  it("refuses an over-long password without hashing, even against a matching hash", async () => {
    const long = "x".repeat(MAX_PASSWORD_BYTES + 1);
    const stored = await nodeRsHash(long);
    expect(await verifyPassword(stored, long)).toBe(false);
  });

  it("refuses stored values it does not recognise, or whose parameters are absurd", async () => {
    const stored = await hashPassword(PASSWORD);
    for (const bad of [
      "",
      "plaintext",
      "$argon2id$v=19$m=19456,t=2,p=1$AAAA$AAAA",
      stored.replace("m=19456", "m=99999999"),
      stored.replace("t=2", "t=0"),
      `${stored}$`,
      "$2b$10$tooshort",
    ]) {
      expect(await verifyPassword(bad, PASSWORD)).toBe(false);
    }
  });

  it("refuses a hash whose digest was altered", async () => {
    const stored = await hashPassword(PASSWORD);
    const last = stored.at(-2) === "A" ? "B" : "A";
    expect(await verifyPassword(`${stored.slice(0, -2)}${last}${stored.at(-1)}`, PASSWORD)).toBe(false);
  });
});

describe("needsRehash", () => {
  it("is false for today's hashes and true for weaker, older or foreign ones", async () => {
    expect(needsRehash(await hashPassword(PASSWORD))).toBe(false);
    expect(needsRehash(await nodeRsHash(PASSWORD, { memoryCost: 19456, timeCost: 1 }))).toBe(true);
    expect(needsRehash(await nodeRsHash(PASSWORD, { memoryCost: 65536, timeCost: 3 }))).toBe(false);
    expect(needsRehash("$2b$10$abcdefghijklmnopqrstuuabcdefghijklmnopqrstuvwxyz01234")).toBe(true);
    expect(needsRehash("not a hash")).toBe(true);
  });
});
