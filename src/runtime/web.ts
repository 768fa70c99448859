import { base64url } from "jose";
import { bytesEqualInConstantTime, concatBytes } from "./bytes.js";
import type { ContentEncryption, CryptoRuntime, EncryptedContent, PreparedContentKey } from "./types.js";

interface CbcHs512Key {
  macKey: CryptoKey;
  encKey: CryptoKey;
}

const CBC_TAG_BYTES = 32;
const BASE64URL = /^[A-Za-z0-9_-]*$/;
const BASE64URL_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** AL in RFC 7518 §5.2.2.1: the AAD length in bits as a 64-bit big-endian integer. */
function aadLengthBlock(aad: Uint8Array): Uint8Array {
  const block = new Uint8Array(8);
  new DataView(block.buffer).setBigUint64(0, BigInt(aad.length) * 8n);
  return block;
}

async function cbcHs512Tag(
  key: CbcHs512Key,
  aad: Uint8Array,
  iv: Uint8Array,
  ciphertext: Uint8Array,
): Promise<Uint8Array> {
  const mac = await crypto.subtle.sign(
    "HMAC",
    key.macKey,
    concatBytes(aad, iv, ciphertext, aadLengthBlock(aad)),
  );
  return new Uint8Array(mac, 0, CBC_TAG_BYTES);
}

async function decryptCbcHs512(
  key: CbcHs512Key,
  content: EncryptedContent,
  aad: Uint8Array,
): Promise<Uint8Array | null> {
  const expected = await cbcHs512Tag(key, aad, content.iv, content.ciphertext);
  if (!bytesEqualInConstantTime(expected, content.tag)) return null;
  try {
    const iv = content.iv as Uint8Array<ArrayBuffer>;
    const ciphertext = content.ciphertext as Uint8Array<ArrayBuffer>;
    return new Uint8Array(await crypto.subtle.decrypt({ name: "AES-CBC", iv }, key.encKey, ciphertext));
  } catch {
    return null;
  }
}

async function decryptGcm(
  key: CryptoKey,
  content: EncryptedContent,
  aad: Uint8Array,
): Promise<Uint8Array | null> {
  try {
    const sealed = concatBytes(content.ciphertext, content.tag);
    const params = {
      name: "AES-GCM",
      iv: content.iv as Uint8Array<ArrayBuffer>,
      additionalData: aad as Uint8Array<ArrayBuffer>,
      tagLength: 128,
    };
    return new Uint8Array(await crypto.subtle.decrypt(params, key, sealed));
  } catch {
    return null;
  }
}

/** Web Crypto implementation of {@link CryptoRuntime}, for edge runtimes and anywhere without node:crypto. */
export const runtime: CryptoRuntime = {
  name: "web",
  randomBytes: (length) => crypto.getRandomValues(new Uint8Array(length)),
  randomUUID: () => crypto.randomUUID(),
  async sha256Hex(input) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(input)));
    let hex = "";
    for (const byte of digest) hex += byte.toString(16).padStart(2, "0");
    return hex;
  },
  async sha512(input) {
    return new Uint8Array(await crypto.subtle.digest("SHA-512", input as Uint8Array<ArrayBuffer>));
  },
  async hmacSha1(key, message) {
    const hmacKey = await crypto.subtle.importKey(
      "raw",
      key as Uint8Array<ArrayBuffer>,
      { name: "HMAC", hash: "SHA-1" },
      false,
      ["sign"],
    );
    return new Uint8Array(await crypto.subtle.sign("HMAC", hmacKey, message as Uint8Array<ArrayBuffer>));
  },
  equalInConstantTime: bytesEqualInConstantTime,
  base64urlEncode: (input) => base64url.encode(input),
  base64urlDecode: (input) => base64url.decode(input),
  base64urlDecodeStrict(input) {
    if (!BASE64URL.test(input)) return null;
    const remainder = input.length % 4;
    if (remainder === 1) return null;
    if (remainder !== 0) {
      // The last character carries 2 (remainder 2) or 4 (remainder 3) bits that must be zero.
      const last = BASE64URL_ALPHABET.indexOf(input[input.length - 1] as string);
      if ((last & (remainder === 2 ? 0b1111 : 0b11)) !== 0) return null;
    }
    return base64url.decode(input);
  },
  utf8Decode: (input) => decoder.decode(input),
  utf8Encode: (input) => encoder.encode(input),
  async prepareContentKey(enc: ContentEncryption, raw: Uint8Array): Promise<PreparedContentKey> {
    const bytes = raw as Uint8Array<ArrayBuffer>;
    if (enc === "A256GCM") return crypto.subtle.importKey("raw", bytes, "AES-GCM", false, ["decrypt"]);
    // RFC 7518 §5.2.2.1: MAC_KEY is the first half of the key, ENC_KEY the second.
    const [macKey, encKey] = await Promise.all([
      crypto.subtle.importKey("raw", bytes.slice(0, 32), { name: "HMAC", hash: "SHA-512" }, false, ["sign"]),
      crypto.subtle.importKey("raw", bytes.slice(32, 64), "AES-CBC", false, ["encrypt", "decrypt"]),
    ]);
    return { macKey, encKey } satisfies CbcHs512Key;
  },
  async encryptCbcHs512(key, plaintext, aad, iv = crypto.getRandomValues(new Uint8Array(16))) {
    const cbcKey = key as CbcHs512Key;
    const ciphertext = new Uint8Array(
      await crypto.subtle.encrypt(
        { name: "AES-CBC", iv: iv as Uint8Array<ArrayBuffer> },
        cbcKey.encKey,
        plaintext as Uint8Array<ArrayBuffer>,
      ),
    );
    return { iv, ciphertext, tag: await cbcHs512Tag(cbcKey, aad, iv, ciphertext) };
  },
  decrypt(enc, key, content, aad) {
    return enc === "A256GCM"
      ? decryptGcm(key as CryptoKey, content, aad)
      : decryptCbcHs512(key as CbcHs512Key, content, aad);
  },
};
