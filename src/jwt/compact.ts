/**
 * Parsing of compact JWE strings (RFC 7516 §7.1), strict enough that any change to a token changes
 * the bytes that get authenticated.
 */
import { CONTENT_ENCRYPTION_SIZES, type ContentEncryption, type CryptoRuntime } from "../runtime/types.js";

/** Far above any real session (a browser keeps ~4 KiB per cookie), far below what could hurt to parse. */
export const MAX_TOKEN_LENGTH = 65_536;

export interface ParsedCompactJwe {
  enc: ContentEncryption;
  kid: string | undefined;
  aad: Uint8Array;
  iv: Uint8Array;
  ciphertext: Uint8Array;
  tag: Uint8Array;
}

interface ParsedHeader {
  enc: ContentEncryption;
  kid: string | undefined;
  aad: Uint8Array;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parseHeader(runtime: CryptoRuntime, headerPart: string): ParsedHeader | null {
  const bytes = runtime.base64urlDecodeStrict(headerPart);
  if (bytes === null) return null;
  let header: unknown;
  try {
    header = JSON.parse(runtime.utf8Decode(bytes));
  } catch {
    return null;
  }
  if (!isPlainObject(header) || header.alg !== "dir") return null;
  const enc = header.enc;
  if (enc !== "A256CBC-HS512" && enc !== "A256GCM") return null;
  // Compressed payloads are refused (decompression bombs); so is any critical extension we cannot honour.
  if ("zip" in header || "crit" in header) return null;
  if (header.kid !== undefined && typeof header.kid !== "string") return null;
  return { enc, kid: header.kid, aad: runtime.utf8Encode(headerPart) };
}

/**
 * Every token sealed with one key carries the same protected header, so parsed headers are cached.
 * Only valid headers are kept and the cache starts afresh when full, so hostile input cannot grow it.
 */
const MAX_CACHED_HEADERS = 64;
const headerCaches = new WeakMap<CryptoRuntime, Map<string, ParsedHeader>>();

function cachedHeader(runtime: CryptoRuntime, headerPart: string): ParsedHeader | null {
  let cache = headerCaches.get(runtime);
  if (cache === undefined) {
    cache = new Map();
    headerCaches.set(runtime, cache);
  }
  const hit = cache.get(headerPart);
  if (hit !== undefined) return hit;
  const parsed = parseHeader(runtime, headerPart);
  if (parsed !== null) {
    if (cache.size >= MAX_CACHED_HEADERS) cache.clear();
    cache.set(headerPart, parsed);
  }
  return parsed;
}

/** Returns the parts of a `dir` compact JWE, or null when the string is not one latchkey accepts. */
export function parseCompactJwe(runtime: CryptoRuntime, token: unknown): ParsedCompactJwe | null {
  if (typeof token !== "string" || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split(".");
  if (parts.length !== 5) return null;
  const [headerPart, encryptedKey, ivPart, ciphertextPart, tagPart] = parts as [
    string,
    string,
    string,
    string,
    string,
  ];
  // "dir" carries no encrypted key (RFC 7518 §4.5).
  if (encryptedKey !== "" || headerPart === "" || ciphertextPart === "") return null;

  const header = cachedHeader(runtime, headerPart);
  if (header === null) return null;
  const sizes = CONTENT_ENCRYPTION_SIZES[header.enc];
  const iv = runtime.base64urlDecodeStrict(ivPart);
  const tag = runtime.base64urlDecodeStrict(tagPart);
  const ciphertext = runtime.base64urlDecodeStrict(ciphertextPart);
  if (iv === null || tag === null || ciphertext === null) return null;
  if (iv.length !== sizes.iv || tag.length !== sizes.tag) return null;
  if (header.enc === "A256CBC-HS512" && ciphertext.length % 16 !== 0) return null;
  return { enc: header.enc, kid: header.kid, aad: header.aad, iv, ciphertext, tag };
}
