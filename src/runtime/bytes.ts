/** Byte helpers both crypto runtimes and the request-body reader need. */

/** One array holding `parts` back to back. */
export function concatBytes(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Whether two byte strings are equal, in time that depends only on their length: a forged tag or
 * token learns nothing from how long the comparison took. Different lengths are unequal at once
 * (the length of a MAC or token is not a secret).
 */
export function bytesEqualInConstantTime(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}
