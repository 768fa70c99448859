/**
 * The few cryptographic and encoding primitives latchkey needs, behind one interface so the core stays
 * runtime-neutral. `node.ts` implements them with node:crypto (synchronous, and several times faster
 * for small payloads); `web.ts` with Web Crypto for edge runtimes. package.json's `#crypto` import
 * condition picks one; tests exercise both.
 */

/** Content-encryption algorithms a session token may use (RFC 7518 §5.1). */
export type ContentEncryption = "A256CBC-HS512" | "A256GCM";

/** A content key prepared for repeated use: imported once, then reused for every token. */
export type PreparedContentKey = unknown;

export interface EncryptedContent {
  iv: Uint8Array;
  ciphertext: Uint8Array;
  tag: Uint8Array;
}

export interface CryptoRuntime {
  readonly name: "node" | "web";
  randomBytes(length: number): Uint8Array;
  randomUUID(): string;
  sha256Hex(input: string): string | Promise<string>;
  /** SHA-512 of `input` (RFC 7638 thumbprints of session keys). */
  sha512(input: Uint8Array): Uint8Array | Promise<Uint8Array>;
  /** HMAC-SHA-1 of `message` under `key`: one-time codes (RFC 4226 §5.2, RFC 6238 §1.2). */
  hmacSha1(key: Uint8Array, message: Uint8Array): Uint8Array | Promise<Uint8Array>;
  /**
   * Whether `a` and `b` are equal, compared in time that depends only on their length. Every
   * comparison of a secret (MAC tag, CSRF token, code) goes through here.
   */
  equalInConstantTime(a: Uint8Array, b: Uint8Array): boolean;
  base64urlEncode(input: Uint8Array | string): string;
  /** Decodes base64url; callers validate the alphabet and canonical form first. */
  base64urlDecode(input: string): Uint8Array;
  /**
   * Decodes only canonical base64url (RFC 4648 §5, no padding, unused bits zero), else null.
   * Lenient decoders map several strings to the same bytes; accepting only the canonical one means
   * any change to a token changes the bytes that get authenticated.
   */
  base64urlDecodeStrict(input: string): Uint8Array | null;
  utf8Decode(input: Uint8Array): string;
  utf8Encode(input: string): Uint8Array;
  prepareContentKey(
    enc: ContentEncryption,
    raw: Uint8Array,
  ): PreparedContentKey | Promise<PreparedContentKey>;
  /**
   * Encrypts with A256CBC-HS512 (RFC 7518 §5.2.2); the only algorithm latchkey writes. `iv` is for
   * known-answer tests only: omitted, a fresh random IV is drawn, as every real token needs.
   */
  encryptCbcHs512(
    key: PreparedContentKey,
    plaintext: Uint8Array,
    aad: Uint8Array,
    iv?: Uint8Array,
  ): EncryptedContent | Promise<EncryptedContent>;
  /** Returns the plaintext, or null when the tag does not verify or the padding is bad. */
  decrypt(
    enc: ContentEncryption,
    key: PreparedContentKey,
    content: EncryptedContent,
    aad: Uint8Array,
  ): Uint8Array | null | Promise<Uint8Array | null>;
}

/** Byte lengths fixed by RFC 7518 for each content-encryption algorithm. */
export const CONTENT_ENCRYPTION_SIZES: Record<ContentEncryption, { key: number; iv: number; tag: number }> = {
  "A256CBC-HS512": { key: 64, iv: 16, tag: 32 },
  A256GCM: { key: 32, iv: 12, tag: 16 },
};
