/**
 * Recovery codes: single-use codes shown once at enrolment, for a user who has lost their
 * authenticator. Each is 10 characters from Crockford's base32 alphabet (no i, l, o or u, so
 * nothing reads as another character), written `xxxxx-xxxxx`: 50 bits from the CSPRNG.
 */
import { runtime } from "#crypto";

/** Crockford's base32 alphabet, lower case: 32 symbols, so one random byte's low 5 bits pick one without bias. */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const CODE_LENGTH = 10;
const GROUP_LENGTH = 5;
const CODE_SHAPE = new RegExp(`^[${ALPHABET}]{${CODE_LENGTH}}$`);

/** Bits of entropy in one recovery code (5 per character). */
export const RECOVERY_CODE_BITS = CODE_LENGTH * 5;
/** How many codes a user gets at enrolment or on regenerating. */
const DEFAULT_RECOVERY_CODE_COUNT = 10;

function newRecoveryCode(): string {
  let code = "";
  for (const byte of runtime.randomBytes(CODE_LENGTH)) code += ALPHABET[byte & 31];
  return `${code.slice(0, GROUP_LENGTH)}-${code.slice(GROUP_LENGTH)}`;
}

/**
 * `count` fresh recovery codes, all different, formatted `xxxxx-xxxxx` for the user to write down.
 * Store only their hashes ({@link hashRecoveryCode}).
 *
 * @example
 * ```ts
 * const codes = newRecoveryCodes(); // ["7kq2m-x9d4e", …], ten of them
 * const hashes = await Promise.all(codes.map(hashRecoveryCode));
 * ```
 */
export function newRecoveryCodes(count: number = DEFAULT_RECOVERY_CODE_COUNT): string[] {
  if (!Number.isInteger(count) || count < 1 || count > 100) {
    throw new RangeError(`newRecoveryCodes: count is a whole number from 1 to 100; got ${count}.`);
  }
  const codes = new Set<string>();
  while (codes.size < count) codes.add(newRecoveryCode());
  return [...codes];
}

/**
 * The canonical form of a recovery code as a user typed it: lower case, without spaces or dashes,
 * with the letters Crockford's base32 reads as digits mapped to them (o → 0, i and l → 1). Null
 * when the result cannot be a recovery code, so a malformed attempt is refused without a store
 * lookup.
 *
 * @example
 * ```ts
 * normalizeRecoveryCode(" 7KQ2M - X9D4E "); // "7kq2mx9d4e"
 * normalizeRecoveryCode("not a code"); // null
 * ```
 */
export function normalizeRecoveryCode(input: string): string | null {
  if (typeof input !== "string" || input.length > 64) return null;
  const canonical = input.toLowerCase().replace(/[\s-]/g, "").replace(/o/g, "0").replace(/[il]/g, "1");
  return CODE_SHAPE.test(canonical) ? canonical : null;
}

/**
 * The SHA-256 hex digest of the code's canonical form: what the adapter stores and looks up.
 *
 * A fast, unsalted hash is right here, unlike for passwords: a recovery code is 50 uniformly random
 * bits, not a human choice, so there is no dictionary to try first, and an attacker holding the
 * table must still search 2^50 codes per hash, then also needs the user's first factor. An unsalted
 * hash lets `useRecoveryCode` find the code with one indexed lookup and spend it in one
 * conditional write; a per-code salt would mean reading every code of the user and comparing each.
 * Throws a RangeError for input that is not a recovery code: check user input with
 * {@link normalizeRecoveryCode} first.
 *
 * @example
 * ```ts
 * const typed = normalizeRecoveryCode("7KQ2M-X9D4E");
 * if (typed !== null) {
 *   const hash = await hashRecoveryCode(typed); // 64 hex characters
 * }
 * ```
 */
export async function hashRecoveryCode(code: string): Promise<string> {
  const canonical = normalizeRecoveryCode(code);
  if (canonical === null) throw new RangeError("hashRecoveryCode: the input is not a recovery code.");
  return runtime.sha256Hex(canonical);
}
