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

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const BASE64URL_INDEX = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * base64url decoders ignore the unused low bits of the last character, so two strings can decode
 * to the same bytes. Accepting only the canonical one means a flipped bit is never silently ignored.
 */
function isCanonicalBase64url(part: string): boolean {
  if (!BASE64URL.test(part)) return false;
  const remainder = part.length % 4;
  if (remainder === 1) return false;
  if (remainder === 0) return true;
  const last = BASE64URL_INDEX.indexOf(part[part.length - 1] as string);
  const unusedBits = remainder === 2 ? 0b1111 : 0b11;
  return (last & unusedBits) === 0;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
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
  if (![headerPart, ivPart, ciphertextPart, tagPart].every(isCanonicalBase64url)) return null;

  let header: unknown;
  try {
    header = JSON.parse(runtime.utf8Decode(runtime.base64urlDecode(headerPart)));
  } catch {
    return null;
  }
  if (!isPlainObject(header) || header.alg !== "dir") return null;
  const enc = header.enc;
  if (enc !== "A256CBC-HS512" && enc !== "A256GCM") return null;
  // Compressed payloads are refused (decompression bombs); so is any critical extension we cannot honour.
  if ("zip" in header || "crit" in header) return null;
  if (header.kid !== undefined && typeof header.kid !== "string") return null;

  const sizes = CONTENT_ENCRYPTION_SIZES[enc];
  const iv = runtime.base64urlDecode(ivPart);
  const tag = runtime.base64urlDecode(tagPart);
  const ciphertext = runtime.base64urlDecode(ciphertextPart);
  if (iv.length !== sizes.iv || tag.length !== sizes.tag) return null;
  if (enc === "A256CBC-HS512" && ciphertext.length % 16 !== 0) return null;

  return { enc, kid: header.kid, aad: runtime.utf8Encode(headerPart), iv, ciphertext, tag };
}
