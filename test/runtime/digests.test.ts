/**
 * The digests both runtimes compute (the CSRF cookie's SHA-256, the key thumbprints' SHA-512), checked
 * against node:crypto's own hash so that both sides of a comparison cannot be wrong the same way.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { runtime as nodeRuntime } from "../../src/runtime/node.js";
import type { CryptoRuntime } from "../../src/runtime/types.js";
import { runtime as webRuntime } from "../../src/runtime/web.js";

// "abc" hashes to bytes below 0x10 in places, so a hex encoding that drops leading zeros shows.
const INPUTS = ["", "abc", "token|secret", "ünïcödé", "x".repeat(1000)];

describe.each<[string, CryptoRuntime]>([
  ["node:crypto", nodeRuntime],
  ["Web Crypto", webRuntime],
])("digests with %s", (_name, runtime) => {
  it.each(INPUTS)("SHA-256 of %j in lower-case hex, 64 digits", async (input) => {
    const expected = createHash("sha256").update(input, "utf8").digest("hex");
    expect(await runtime.sha256Hex(input)).toBe(expected);
  });

  it.each(INPUTS)("SHA-512 of %j", async (input) => {
    const expected = createHash("sha512").update(input, "utf8").digest("hex");
    const digest = await runtime.sha512(new TextEncoder().encode(input));
    expect(Buffer.from(digest).toString("hex")).toBe(expected);
  });
});
