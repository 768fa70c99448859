/**
 * A256GCM decryption on both runtimes, called directly. latchkey only writes A256CBC-HS512 but reads
 * A256GCM tokens (RFC 7518 §5.3), whose tag is 128 bits. GCM itself allows shorter tags (NIST SP
 * 800-38D §5.2.1.2), and node:crypto verifies whatever length it is handed unless the decipher is
 * pinned to 16 bytes: a 4-byte tag would then take about 2^32 guesses to forge instead of 2^128.
 * The compact parser rejects short tags too, but the runtime must not rely on it.
 */
import { createCipheriv, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { runtime as nodeRuntime } from "../../src/runtime/node.js";
import type { CryptoRuntime } from "../../src/runtime/types.js";
import { runtime as webRuntime } from "../../src/runtime/web.js";

const KEY = new Uint8Array(randomBytes(32));
const IV = new Uint8Array(randomBytes(12));
const AAD = new TextEncoder().encode("eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0");
const PLAINTEXT = new TextEncoder().encode('{"sub":"user-alice","email":"alice@example.test"}');

/** Seals with node:crypto directly, outside the runtime under test: the tag is the full 16 bytes. */
function seal() {
  const cipher = createCipheriv("aes-256-gcm", KEY, IV);
  cipher.setAAD(AAD);
  const ciphertext = Buffer.concat([cipher.update(PLAINTEXT), cipher.final()]);
  return { iv: IV, ciphertext: new Uint8Array(ciphertext), tag: new Uint8Array(cipher.getAuthTag()) };
}

describe.each<[string, CryptoRuntime]>([
  ["node:crypto", nodeRuntime],
  ["Web Crypto", webRuntime],
])("A256GCM decryption with %s", (_name, runtime) => {
  const decrypt = async (content: ReturnType<typeof seal>, aad = AAD) =>
    runtime.decrypt("A256GCM", await runtime.prepareContentKey("A256GCM", KEY), content, aad);

  it("opens content sealed with the full 16-byte tag", async () => {
    const plaintext = await decrypt(seal());
    expect(plaintext).not.toBeNull();
    expect(Buffer.from(plaintext as Uint8Array).equals(Buffer.from(PLAINTEXT))).toBe(true);
  });

  it.each([0, 4, 8, 12, 13, 15])("returns null for the real tag truncated to %i bytes", async (length) => {
    const sealed = seal();
    expect(await decrypt({ ...sealed, tag: sealed.tag.subarray(0, length) })).toBeNull();
  });

  it("returns null for the real tag with a byte appended", async () => {
    const sealed = seal();
    expect(await decrypt({ ...sealed, tag: new Uint8Array([...sealed.tag, 0]) })).toBeNull();
  });

  it("returns null when a bit of the tag, the ciphertext, the IV or the AAD changes", async () => {
    const sealed = seal();
    const flip = (bytes: Uint8Array, index: number) => {
      const copy = bytes.slice();
      copy[index] = (copy[index] as number) ^ 1;
      return copy;
    };
    expect(await decrypt({ ...sealed, tag: flip(sealed.tag, 15) })).toBeNull();
    expect(await decrypt({ ...sealed, ciphertext: flip(sealed.ciphertext, 0) })).toBeNull();
    expect(await decrypt({ ...sealed, iv: flip(sealed.iv, 11) })).toBeNull();
    expect(await decrypt(sealed, flip(AAD, 0))).toBeNull();
  });
});
