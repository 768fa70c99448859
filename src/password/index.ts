/**
 * Password hashing for credentials providers: argon2id (RFC 9106) with the parameters stored in
 * the hash string, a length cap before any hashing, a constant-time comparison, and verification of
 * bcrypt hashes (`$2a$`, `$2b$`, `$2y$`) so that an app can move its users over at their next
 * sign-in (`needsRehash` says when). Node.js only; needs `@node-rs/argon2` installed (and `bcryptjs`
 * to verify bcrypt hashes).
 *
 * @example
 * ```ts
 * import { hashPassword, needsRehash, verifyPassword } from "latchkey/password";
 *
 * const stored = await hashPassword("correct horse battery staple");
 * if (await verifyPassword(stored, attempt) && needsRehash(stored)) await saveHash(await hashPassword(attempt));
 * ```
 * @module
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { type Argon2Parameters, type Argon2Variant, formatArgon2Hash, parseArgon2Hash } from "./phc.js";

export type { Argon2Parameters };

/**
 * The longest password hashed, in UTF-8 bytes. Longer input is refused before any work is done: a
 * megabyte "password" would otherwise cost the server a megabyte's hashing per guess. 1,024 bytes is
 * far above what people and password managers use (NIST SP 800-63B asks for at least 64 characters).
 */
export const MAX_PASSWORD_BYTES = 1024;

/**
 * The parameters new hashes get: OWASP's first recommendation for argon2id (19 MiB, 2 passes,
 * 1 lane), which is the minimum RFC 9106 §4's second option relaxes to for constrained servers.
 */
export const DEFAULT_ARGON2_PARAMETERS: Readonly<Argon2Parameters> = Object.freeze({
  variant: "argon2id",
  version: 19,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
});

const SALT_BYTES = 16;
const HASH_BYTES = 32;
const VARIANT_NUMBER: Record<Argon2Variant, 0 | 1 | 2> = { argon2d: 0, argon2i: 1, argon2id: 2 };
const BCRYPT = /^\$2[aby]\$(\d{2})\$[./A-Za-z0-9]{53}$/;

function passwordBytes(password: string): Uint8Array | undefined {
  if (typeof password !== "string") return undefined;
  const bytes = new TextEncoder().encode(password);
  return bytes.length <= MAX_PASSWORD_BYTES ? bytes : undefined;
}

async function argon2(): Promise<typeof import("@node-rs/argon2")> {
  try {
    return await import("@node-rs/argon2");
  } catch (error) {
    throw new Error("latchkey/password needs the package @node-rs/argon2: npm install @node-rs/argon2", {
      cause: error,
    });
  }
}

async function argon2Raw(
  password: Uint8Array,
  parameters: Argon2Parameters,
  salt: Uint8Array,
  length: number,
): Promise<Uint8Array> {
  const { hashRaw } = await argon2();
  return hashRaw(password, {
    algorithm: VARIANT_NUMBER[parameters.variant] as never,
    version: (parameters.version === 19 ? 1 : 0) as never,
    memoryCost: parameters.memoryCost,
    timeCost: parameters.timeCost,
    parallelism: parameters.parallelism,
    outputLen: length,
    salt,
  });
}

/**
 * Hashes `password` with argon2id and a fresh random salt. The result (a PHC string such as
 * `$argon2id$v=19$m=19456,t=2,p=1$…$…`, under 100 characters) carries its parameters, so later
 * parameter changes never break old hashes. Throws a `RangeError` for a password over
 * {@link MAX_PASSWORD_BYTES} bytes and a `TypeError` for one that is not a string or is empty.
 *
 * @example
 * ```ts
 * const stored = await hashPassword("correct horse battery staple");
 * ```
 */
export async function hashPassword(password: string): Promise<string> {
  if (typeof password !== "string" || password === "") {
    throw new TypeError("hashPassword needs the password as a non-empty string.");
  }
  const bytes = passwordBytes(password);
  if (!bytes) throw new RangeError(`Passwords longer than ${MAX_PASSWORD_BYTES} bytes are refused.`);
  const salt = new Uint8Array(randomBytes(SALT_BYTES));
  const hash = await argon2Raw(bytes, DEFAULT_ARGON2_PARAMETERS, salt, HASH_BYTES);
  return formatArgon2Hash({ ...DEFAULT_ARGON2_PARAMETERS, salt, hash });
}

async function verifyBcrypt(stored: string, password: string): Promise<boolean> {
  let bcrypt: typeof import("bcryptjs");
  try {
    bcrypt = await import("bcryptjs");
  } catch (error) {
    throw new Error("Verifying bcrypt hashes needs the package bcryptjs: npm install bcryptjs", {
      cause: error,
    });
  }
  // bcrypt reads at most 72 bytes; bcryptjs compares its result in constant time.
  return bcrypt.compare(password, stored);
}

/**
 * Whether `password` matches `stored`: a hash from {@link hashPassword} or any argon2 PHC string
 * (argon2id, argon2i, argon2d, as the `argon2` package and others write them), or a bcrypt hash
 * (`$2a$`, `$2b$`, `$2y$`). Resolves false, without hashing, for an empty or over-long password,
 * and false for a stored value it does not recognise. The comparison takes constant time.
 *
 * @example
 * ```ts
 * const signedIn = await verifyPassword(user.passwordHash, submitted);
 * ```
 */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (typeof stored !== "string" || password === "") return false;
  const bytes = passwordBytes(password);
  if (!bytes) return false;
  const parsed = parseArgon2Hash(stored);
  if (parsed) {
    const actual = await argon2Raw(bytes, parsed, parsed.salt, parsed.hash.length);
    return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
  }
  if (BCRYPT.test(stored)) return verifyBcrypt(stored, password);
  return false;
}

/**
 * Whether `stored` should be replaced by a fresh {@link hashPassword} of the password the user just
 * proved: true for bcrypt and other argon2 variants, older versions and weaker parameters than
 * today's, and for anything unrecognised. Call it after a successful {@link verifyPassword}.
 *
 * @example
 * ```ts
 * if (needsRehash(user.passwordHash)) await users.update(user.id, { passwordHash: await hashPassword(submitted) });
 * ```
 */
export function needsRehash(stored: string): boolean {
  const parsed = typeof stored === "string" ? parseArgon2Hash(stored) : undefined;
  if (!parsed) return true;
  const current = DEFAULT_ARGON2_PARAMETERS;
  return (
    parsed.variant !== current.variant ||
    parsed.version !== current.version ||
    parsed.memoryCost < current.memoryCost ||
    parsed.timeCost < current.timeCost ||
    parsed.parallelism < current.parallelism ||
    parsed.salt.length < SALT_BYTES ||
    parsed.hash.length < HASH_BYTES
  );
}
