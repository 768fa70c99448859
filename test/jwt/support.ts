/**
 * Test-only helpers: an independent A256CBC-HS512 sealer (node:crypto, RFC 7518 §5.2.2) and key
 * derivation (node:crypto's HKDF, not the @panva/hkdf the sources use), so tokens with headers or
 * payloads latchkey would never write can be crafted and fed to `decode`.
 */
import { createCipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { runtime as nodeRuntime } from "../../src/runtime/node.js";
import type { CryptoRuntime } from "../../src/runtime/types.js";
import { runtime as webRuntime } from "../../src/runtime/web.js";

export const runtimes: Array<[string, CryptoRuntime]> = [
  ["node:crypto", nodeRuntime],
  ["Web Crypto", webRuntime],
];

export const SECRET = "a-32-byte-test-secret-0123456789abcdef";
export const OTHER_SECRET = "another-test-secret-fedcba9876543210";
export const SALT = "authjs.session-token";

export const b64url = (input: Uint8Array | string) => Buffer.from(input).toString("base64url");
export const fromB64url = (input: string) => new Uint8Array(Buffer.from(input, "base64url"));

/** HKDF-SHA256 with the Auth.js info string: the session key for `secret` and `salt`. */
export function deriveKey(secret: string, salt: string, length: 64 | 32 = 64): Uint8Array {
  return new Uint8Array(
    hkdfSync("sha256", secret, salt, `Auth.js Generated Encryption Key (${salt})`, length),
  );
}

/** AES_256_CBC_HMAC_SHA_512 of RFC 7518 §5.2.2.1 with an explicit IV. */
export function sealCbcHs512(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array, aad: Uint8Array) {
  const cipher = createCipheriv("aes-256-cbc", key.subarray(32, 64), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  const aadBits = Buffer.alloc(8);
  aadBits.writeBigUInt64BE(BigInt(aad.length) * 8n);
  const tag = createHmac("sha512", key.subarray(0, 32))
    .update(aad)
    .update(iv)
    .update(ciphertext)
    .update(aadBits)
    .digest()
    .subarray(0, 32);
  return { ciphertext: new Uint8Array(ciphertext), tag: new Uint8Array(tag) };
}

export interface CraftOptions {
  /** The protected header: an object to serialize, or the exact JSON text. */
  header?: Record<string, unknown> | string;
  /** The plaintext: an object to serialize as JSON, or the exact text. */
  payload: Record<string, unknown> | unknown[] | string;
  secret?: string;
  salt?: string;
}

/** A compact `dir` JWE sealed with A256CBC-HS512 under the derived session key, whatever its header says. */
export function craftToken(options: CraftOptions): string {
  const { header = { alg: "dir", enc: "A256CBC-HS512" }, payload, secret = SECRET, salt = SALT } = options;
  const headerPart = b64url(typeof header === "string" ? header : JSON.stringify(header));
  const plaintext = typeof payload === "string" ? payload : JSON.stringify(payload);
  const iv = new Uint8Array(randomBytes(16));
  const sealed = sealCbcHs512(deriveKey(secret, salt), iv, Buffer.from(plaintext), Buffer.from(headerPart));
  return `${headerPart}..${b64url(iv)}.${b64url(sealed.ciphertext)}.${b64url(sealed.tag)}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Claims that pass every time check: issued now, expiring in an hour. */
export const freshClaims = (extra: Record<string, unknown> = {}) => ({
  sub: "user-1",
  iat: nowSeconds(),
  exp: nowSeconds() + 3600,
  ...extra,
});

/** The string with bit `bit` of the UTF-16 code unit at `index` flipped. */
export function flipBit(input: string, index: number, bit: number): string {
  const flipped = String.fromCharCode(input.charCodeAt(index) ^ (1 << bit));
  return input.slice(0, index) + flipped + input.slice(index + 1);
}

/**
 * Flips bits (`mask`) of one decoded byte of segment `segment` of a compact token and re-encodes the
 * segment canonically; a negative `byteIndex` counts from the end.
 */
export function tamperSegment(token: string, segment: number, byteIndex: number, mask: number): string {
  const parts = token.split(".");
  const bytes = fromB64url(parts[segment] as string);
  const at = byteIndex < 0 ? bytes.length + byteIndex : byteIndex;
  bytes[at] = (bytes[at] as number) ^ mask;
  parts[segment] = b64url(bytes);
  return parts.join(".");
}

/** The decoded JSON of a compact token's protected header. */
export const protectedHeaderOf = (token: string): unknown =>
  JSON.parse(Buffer.from(token.split(".")[0] as string, "base64url").toString("utf8"));
