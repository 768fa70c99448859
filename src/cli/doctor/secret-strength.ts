/**
 * Whether a secret long enough for the library's own rule (32 bytes, see docs/errors.md#weaksecret)
 * still looks chosen by a person: a placeholder left from an example, or too few distinct
 * characters to hold the randomness its length promises.
 */
import type { DoctorFinding } from "./finding.js";

/** 128 bits: the least security strength NIST SP 800-57 Part 1 accepts for keys used beyond 2030. */
const MIN_ESTIMATED_BITS = 128;

/** Words that mark a value copied from an example or a tutorial rather than generated. */
const PLACEHOLDER = /secret|passw(or)?d|change-?me|example|placeholder|replace/i;

/**
 * The randomness `secret` shows, in bits: its length times the Shannon entropy of its character
 * frequencies. An upper bound for text a person wrote (words repeat letters, so they score low)
 * and close to the truth for generated base64 or hex.
 */
export function estimatedBits(secret: string): number {
  const characters = [...secret];
  const counts = new Map<string, number>();
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bitsPerCharacter = 0;
  for (const count of counts.values()) {
    const share = count / characters.length;
    bitsPerCharacter -= share * Math.log2(share);
  }
  return bitsPerCharacter * characters.length;
}

/** `GuessableSecret` warnings for the configured secrets, the one that signs first (AUTH_SECRET_3 … AUTH_SECRET_1, then AUTH_SECRET). */
export function secretStrengthFindings(secrets: readonly string[]): DoctorFinding[] {
  return secrets.flatMap((secret, index) => {
    const which = index === 0 ? "The secret" : `Older secret #${index} (kept for rotation)`;
    const fix = "Generate one with `npx latchkey secret`.";
    if (PLACEHOLDER.test(secret)) {
      return [
        {
          severity: "warning",
          code: "GuessableSecret",
          message: `${which} looks like a placeholder from an example. ${fix}`,
        },
      ];
    }
    const bits = estimatedBits(secret);
    if (bits >= MIN_ESTIMATED_BITS) return [];
    return [
      {
        severity: "warning",
        code: "GuessableSecret",
        message: `${which} shows about ${Math.floor(bits)} bits of randomness (fewer than ${MIN_ESTIMATED_BITS}): its characters repeat too much to be random. ${fix}`,
      },
    ];
  });
}
