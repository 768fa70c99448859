import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
  randomUUID,
  timingSafeEqual,
} from "node:crypto";
import type { ContentEncryption, CryptoRuntime, EncryptedContent, PreparedContentKey } from "./types.js";

interface CbcHs512Key {
  macKey: KeyObject;
  encKey: KeyObject;
}

const CBC_TAG_BYTES = 32;

/** AL in RFC 7518 §5.2.2.1: the AAD length in bits as a 64-bit big-endian integer. */
function aadLengthBlock(aad: Uint8Array): Buffer {
  const bits = aad.length * 8;
  const block = Buffer.alloc(8);
  block.writeUInt32BE(Math.floor(bits / 2 ** 32), 0);
  block.writeUInt32BE(bits >>> 0, 4);
  return block;
}

/**
 * IVs are cut from a pool of random bytes, refilled 4 KiB at a time: one call into the CSPRNG per
 * 256 tokens instead of one per token. Each IV is used exactly once.
 */
const IV_POOL_BYTES = 4096;
let ivPool = randomBytes(IV_POOL_BYTES);
let ivOffset = 0;
function freshIv(): Buffer {
  if (ivOffset + 16 > IV_POOL_BYTES) {
    ivPool = randomBytes(IV_POOL_BYTES);
    ivOffset = 0;
  }
  ivOffset += 16;
  return ivPool.subarray(ivOffset - 16, ivOffset);
}

/** node:crypto's comparison, which throws on a length mismatch instead of answering false. */
function equalInConstantTime(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

function cbcHs512Tag(key: CbcHs512Key, aad: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array): Buffer {
  return createHmac("sha512", key.macKey)
    .update(aad)
    .update(iv)
    .update(ciphertext)
    .update(aadLengthBlock(aad))
    .digest()
    .subarray(0, CBC_TAG_BYTES);
}

function decryptCbcHs512(key: CbcHs512Key, content: EncryptedContent, aad: Uint8Array): Uint8Array | null {
  const expected = cbcHs512Tag(key, aad, content.iv, content.ciphertext);
  if (!equalInConstantTime(expected, content.tag)) return null;
  try {
    const decipher = createDecipheriv("aes-256-cbc", key.encKey, content.iv);
    return Buffer.concat([decipher.update(content.ciphertext), decipher.final()]);
  } catch {
    return null; // bad padding; unreachable for authentic input
  }
}

function decryptGcm(key: KeyObject, content: EncryptedContent, aad: Uint8Array): Uint8Array | null {
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, content.iv, { authTagLength: 16 });
    decipher.setAAD(aad);
    decipher.setAuthTag(content.tag);
    return Buffer.concat([decipher.update(content.ciphertext), decipher.final()]);
  } catch {
    return null;
  }
}

/** node:crypto implementation of {@link CryptoRuntime}: synchronous, used on Node.js. */
export const runtime: CryptoRuntime = {
  name: "node",
  randomBytes: (length) => randomBytes(length),
  randomUUID: () => randomUUID(),
  sha256Hex: (input) => createHash("sha256").update(input).digest("hex"),
  sha512: (input) => createHash("sha512").update(input).digest(),
  hmacSha1: (key, message) => createHmac("sha1", key).update(message).digest(),
  equalInConstantTime,
  base64urlEncode: (input) =>
    (typeof input === "string"
      ? Buffer.from(input)
      : Buffer.from(input.buffer, input.byteOffset, input.length)
    ).toString("base64url"),
  base64urlDecode: (input) => Buffer.from(input, "base64url"),
  base64urlDecodeStrict(input) {
    // Buffer's decoder skips foreign characters and unused bits; re-encoding and comparing catches both.
    const bytes = Buffer.from(input, "base64url");
    return bytes.toString("base64url") === input ? bytes : null;
  },
  utf8Decode: (input) => Buffer.from(input.buffer, input.byteOffset, input.length).toString("utf8"),
  utf8Encode: (input) => Buffer.from(input, "utf8"),
  prepareContentKey(enc: ContentEncryption, raw: Uint8Array): PreparedContentKey {
    if (enc === "A256GCM") return createSecretKey(raw);
    // RFC 7518 §5.2.2.1: MAC_KEY is the first half of the key, ENC_KEY the second.
    return { macKey: createSecretKey(raw.subarray(0, 32)), encKey: createSecretKey(raw.subarray(32, 64)) };
  },
  encryptCbcHs512(key, plaintext, aad, iv = freshIv()) {
    const cbcKey = key as CbcHs512Key;
    const cipher = createCipheriv("aes-256-cbc", cbcKey.encKey, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return { iv, ciphertext, tag: cbcHs512Tag(cbcKey, aad, iv, ciphertext) };
  },
  decrypt(enc, key, content, aad) {
    return enc === "A256GCM"
      ? decryptGcm(key as KeyObject, content, aad)
      : decryptCbcHs512(key as CbcHs512Key, content, aad);
  },
};
