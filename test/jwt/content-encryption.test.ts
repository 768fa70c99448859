/**
 * RFC 7518 Appendix B.3: the AES_256_CBC_HMAC_SHA_512 test case, checked against both runtimes'
 * content encryption (the A256CBC-HS512 that every session token is sealed with).
 */
import { describe, expect, it } from "vitest";
import { runtime as nodeRuntime } from "../../src/runtime/node.js";
import type { CryptoRuntime } from "../../src/runtime/types.js";
import { runtime as webRuntime } from "../../src/runtime/web.js";
import { flipBit, sealCbcHs512 } from "./support.js";

/** Parses the RFC's hex dumps: bytes as pairs of hex digits separated by whitespace. */
const hex = (dump: string) => new Uint8Array(Buffer.from(dump.replace(/\s+/g, ""), "hex"));

const K = hex(`
  00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f
  10 11 12 13 14 15 16 17 18 19 1a 1b 1c 1d 1e 1f
  20 21 22 23 24 25 26 27 28 29 2a 2b 2c 2d 2e 2f
  30 31 32 33 34 35 36 37 38 39 3a 3b 3c 3d 3e 3f`);

const P = hex(`
  41 20 63 69 70 68 65 72 20 73 79 73 74 65 6d 20
  6d 75 73 74 20 6e 6f 74 20 62 65 20 72 65 71 75
  69 72 65 64 20 74 6f 20 62 65 20 73 65 63 72 65
  74 2c 20 61 6e 64 20 69 74 20 6d 75 73 74 20 62
  65 20 61 62 6c 65 20 74 6f 20 66 61 6c 6c 20 69
  6e 74 6f 20 74 68 65 20 68 61 6e 64 73 20 6f 66
  20 74 68 65 20 65 6e 65 6d 79 20 77 69 74 68 6f
  75 74 20 69 6e 63 6f 6e 76 65 6e 69 65 6e 63 65`);

const IV = hex("1a f3 8c 2d c2 b9 6f fd d8 66 94 09 23 41 bc 04");

const A = hex(`
  54 68 65 20 73 65 63 6f 6e 64 20 70 72 69 6e 63
  69 70 6c 65 20 6f 66 20 41 75 67 75 73 74 65 20
  4b 65 72 63 6b 68 6f 66 66 73`);

const E = hex(`
  4a ff aa ad b7 8c 31 c5 da 4b 1b 59 0d 10 ff bd
  3d d8 d5 d3 02 42 35 26 91 2d a0 37 ec bc c7 bd
  82 2c 30 1d d6 7c 37 3b cc b5 84 ad 3e 92 79 c2
  e6 d1 2a 13 74 b7 7f 07 75 53 df 82 94 10 44 6b
  36 eb d9 70 66 29 6a e6 42 7e a7 5c 2e 08 46 a1
  1a 09 cc f5 37 0d c8 0b fe cb ad 28 c7 3f 09 b3
  a3 b7 5e 66 2a 25 94 41 0a e4 96 b2 e2 e6 60 9e
  31 e6 e0 2c c8 37 f0 53 d2 1f 37 ff 4f 51 95 0b
  be 26 38 d0 9d d7 a4 93 09 30 80 6d 07 03 b1 f6`);

const T = hex(`
  4d d3 b4 c0 88 a7 f4 5c 21 68 39 64 5b 20 12 bf
  2e 62 69 a8 c5 6a 81 6d bc 1b 26 77 61 95 5b c5`);

/** A copy of `bytes` with one bit flipped. */
function flipped(bytes: Uint8Array, index: number, bit: number): Uint8Array {
  const copy = bytes.slice();
  copy[index] = (copy[index] as number) ^ (1 << bit);
  return copy;
}

describe("RFC 7518 Appendix B.3 vector", () => {
  it("matches the independent sealer the other tests craft tokens with", () => {
    // The vector's text decodes to the sentences the RFC quotes, so a typo in the hex would show here too.
    expect(Buffer.from(P).toString()).toBe(
      "A cipher system must not be required to be secret, and it must be able to fall into the hands of the enemy without inconvenience",
    );
    expect(Buffer.from(A).toString()).toBe("The second principle of Auguste Kerckhoffs");
    const sealed = sealCbcHs512(K, IV, P, A);
    expect(Buffer.from(sealed.ciphertext).toString("hex")).toBe(Buffer.from(E).toString("hex"));
    expect(Buffer.from(sealed.tag).toString("hex")).toBe(Buffer.from(T).toString("hex"));
  });
});

describe.each<[string, CryptoRuntime]>([
  ["node:crypto", nodeRuntime],
  ["Web Crypto", webRuntime],
])("A256CBC-HS512 content encryption with %s", (_name, runtime) => {
  const decryptVector = async (parts: {
    iv?: Uint8Array;
    ciphertext?: Uint8Array;
    tag?: Uint8Array;
    aad?: Uint8Array;
  }) => {
    const key = await runtime.prepareContentKey("A256CBC-HS512", K);
    const content = { iv: parts.iv ?? IV, ciphertext: parts.ciphertext ?? E, tag: parts.tag ?? T };
    return runtime.decrypt("A256CBC-HS512", key, content, parts.aad ?? A);
  };

  it("decrypts the RFC's ciphertext E with tag T back to the plaintext P", async () => {
    const plaintext = await decryptVector({});
    expect(plaintext).not.toBeNull();
    expect(Buffer.from(plaintext as Uint8Array).equals(Buffer.from(P))).toBe(true);
  });

  it.each([
    ["the first bit of T", { tag: flipped(T, 0, 7) }],
    ["the last bit of T", { tag: flipped(T, T.length - 1, 0) }],
    ["a bit of E's first block", { ciphertext: flipped(E, 3, 2) }],
    ["a bit of E's last block (the padding)", { ciphertext: flipped(E, E.length - 1, 0) }],
    ["a bit of the IV", { iv: flipped(IV, 5, 4) }],
    ["a bit of the AAD", { aad: flipped(A, 0, 5) }],
  ])("returns null when %s changes", async (_what, change) => {
    expect(await decryptVector(change)).toBeNull();
  });

  it("returns null for a tag truncated to 16 bytes or an AAD that is one byte shorter", async () => {
    expect(await decryptVector({ tag: T.subarray(0, 16) })).toBeNull();
    expect(await decryptVector({ aad: A.subarray(0, A.length - 1) })).toBeNull();
  });

  it("produces exactly E and T with the RFC's IV", async () => {
    const key = await runtime.prepareContentKey("A256CBC-HS512", K);
    const sealed = await runtime.encryptCbcHs512(key, P, A, IV);
    expect(Buffer.from(sealed.iv).toString("hex")).toBe(Buffer.from(IV).toString("hex"));
    expect(Buffer.from(sealed.ciphertext).toString("hex")).toBe(Buffer.from(E).toString("hex"));
    expect(Buffer.from(sealed.tag).toString("hex")).toBe(Buffer.from(T).toString("hex"));
  });

  it("draws a different random IV for every token", async () => {
    const key = await runtime.prepareContentKey("A256CBC-HS512", K);
    const ivs = new Set<string>();
    for (let i = 0; i < 600; i++)
      ivs.add(Buffer.from((await runtime.encryptCbcHs512(key, P, A)).iv).toString("hex"));
    expect(ivs.size).toBe(600);
  });
});

describe("a one-bit change anywhere in the vector", () => {
  it("makes both runtimes return null for every bit of T", async () => {
    for (const runtime of [nodeRuntime, webRuntime]) {
      const key = await runtime.prepareContentKey("A256CBC-HS512", K);
      for (let index = 0; index < T.length; index++) {
        for (let bit = 0; bit < 8; bit++) {
          const content = { iv: IV, ciphertext: E, tag: flipped(T, index, bit) };
          expect(await runtime.decrypt("A256CBC-HS512", key, content, A)).toBeNull();
        }
      }
    }
  });

  it("makes both runtimes return null for a sample of bits across IV, E and A", async () => {
    for (const runtime of [nodeRuntime, webRuntime]) {
      const key = await runtime.prepareContentKey("A256CBC-HS512", K);
      for (let index = 0; index < E.length; index += 7) {
        const content = { iv: IV, ciphertext: flipped(E, index, index % 8), tag: T };
        expect(await runtime.decrypt("A256CBC-HS512", key, content, A)).toBeNull();
      }
      for (let index = 0; index < IV.length; index++) {
        const content = { iv: flipped(IV, index, index % 8), ciphertext: E, tag: T };
        expect(await runtime.decrypt("A256CBC-HS512", key, content, A)).toBeNull();
      }
      for (let index = 0; index < A.length; index += 3) {
        const content = { iv: IV, ciphertext: E, tag: T };
        expect(
          await runtime.decrypt("A256CBC-HS512", key, content, flipped(A, index, 7 - (index % 8))),
        ).toBeNull();
      }
    }
  });
});

// flipBit is shared with the token-level tests; keep it honest on a known string.
describe("flipBit (test helper)", () => {
  it("flips exactly one bit of one character", () => {
    expect(flipBit("abc", 1, 0)).toBe("acc");
    expect(flipBit("abc", 0, 5)).toBe("Abc");
  });
});
