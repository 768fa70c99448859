/**
 * Base32 (RFC 4648 §6), the alphabet authenticator apps expect for a TOTP secret typed by hand or
 * carried in an `otpauth://` URI. Written without padding, as the Key Uri Format asks.
 */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/**
 * Encodes `bytes` as upper-case base32 without `=` padding.
 *
 * @example
 * ```ts
 * base32Encode(new TextEncoder().encode("foobar")); // "MZXW6YTBOI"
 * ```
 */
export function base32Encode(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(buffer >>> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/**
 * Decodes base32 as people type it: either case, with spaces, with or without trailing `=`
 * padding. Returns null for any other character, or for a length no byte string encodes to
 * (RFC 4648 §6: a final quantum is 2, 4, 5 or 7 characters).
 *
 * @example
 * ```ts
 * base32Decode("mzxw 6ytb oi"); // the bytes of "foobar"
 * base32Decode("MZXW1"); // null: "1" is not in the alphabet
 * ```
 */
export function base32Decode(input: string): Uint8Array | null {
  const text = input.replace(/ /g, "").replace(/=+$/, "").toUpperCase();
  if ([1, 3, 6].includes(text.length % 8)) return null;
  const out = new Uint8Array(Math.floor((text.length * 5) / 8));
  let buffer = 0;
  let bits = 0;
  let index = 0;
  for (const char of text) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) return null;
    buffer = ((buffer << 5) | value) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out[index++] = (buffer >>> bits) & 0xff;
    }
  }
  return out;
}
