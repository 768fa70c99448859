/**
 * One-time codes from an authenticator app: HOTP (RFC 4226) and its time-based form TOTP (RFC 6238)
 * with the parameters every authenticator app supports: HMAC-SHA-1, 6 digits, 30-second steps
 * counted from the Unix epoch (T0 = 0). Pure functions over the runtime layer (`#crypto`: node:crypto
 * on Node, Web Crypto elsewhere), for every runtime.
 */
import { runtime } from "#crypto";
import { base32Encode } from "./base32.js";

/** RFC 6238 §5.2 recommends 30 seconds: long enough to type a code, short enough to limit replay. */
const DEFAULT_TOTP_PERIOD = 30;
/** RFC 4226 §5.3: at least 6 digits; authenticator apps show 6 unless told otherwise. */
const DEFAULT_TOTP_DIGITS = 6;
/** RFC 4226 §4 R6 recommends a 160-bit shared secret, the HMAC-SHA-1 output size. */
const TOTP_SECRET_BYTES = 20;

export interface TotpOptions {
  /** Seconds per time step (X in RFC 6238 §4.1); 30 by default. */
  period?: number;
  /** Digits per code, 6 to 8 (RFC 4226 §5.3); 6 by default. */
  digits?: number;
}

export interface VerifyTotpOptions extends TotpOptions {
  /**
   * How many steps either side of the current one are accepted, for clock drift and the seconds
   * the user spends typing (RFC 6238 §5.2 recommends at most one); 1 by default.
   */
  window?: number;
}

function digitsOf(options: TotpOptions | undefined): number {
  const digits = options?.digits ?? DEFAULT_TOTP_DIGITS;
  if (!Number.isInteger(digits) || digits < 6 || digits > 8) {
    throw new RangeError(`A one-time code has 6 to 8 digits (RFC 4226 §5.3); got ${digits}.`);
  }
  return digits;
}

function periodOf(options: TotpOptions | undefined): number {
  const period = options?.period ?? DEFAULT_TOTP_PERIOD;
  if (!Number.isInteger(period) || period <= 0) {
    throw new RangeError(`A TOTP period is a positive whole number of seconds; got ${period}.`);
  }
  return period;
}

/** RFC 4226 §5.3: HMAC-SHA-1 of the 8-byte big-endian counter, dynamically truncated to `digits`. */
async function hotp(secret: Uint8Array, counter: number, digits: number): Promise<string> {
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, BigInt(counter));
  // Through the runtime layer: node:crypto answers synchronously, where Web Crypto would take a
  // round trip to the thread pool for each of the window's steps.
  const mac = await runtime.hmacSha1(secret, message);
  // Dynamic truncation: the low 4 bits of the last byte pick where 31 bits are read from.
  const offset = (mac[19] as number) & 0x0f;
  const binary = new DataView(mac.buffer, mac.byteOffset, mac.byteLength).getUint32(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

function assertCounter(counter: number): void {
  if (!Number.isSafeInteger(counter) || counter < 0) {
    throw new RangeError(`An HOTP counter is a non-negative integer; got ${counter}.`);
  }
}

/**
 * The RFC 4226 HOTP value of `secret` for `counter`.
 *
 * @example
 * ```ts
 * const secret = new TextEncoder().encode("12345678901234567890");
 * await generateHotp(secret, 1); // "287082" (RFC 4226 Appendix D)
 * ```
 */
export async function generateHotp(
  secret: Uint8Array,
  counter: number,
  options?: TotpOptions,
): Promise<string> {
  assertCounter(counter);
  return hotp(secret, counter, digitsOf(options));
}

/**
 * The RFC 6238 time step at `nowMs`: whole periods since the Unix epoch (T = floor((now - T0) / X)).
 *
 * @example
 * ```ts
 * totpStep(Date.UTC(2026, 0, 1)); // 58907520
 * ```
 */
export function totpStep(nowMs: number, period: number = DEFAULT_TOTP_PERIOD): number {
  return Math.floor(nowMs / 1000 / periodOf({ period }));
}

/**
 * The code an authenticator app shows for `secret` during time step `step` (see {@link totpStep}).
 *
 * @example
 * ```ts
 * const secret = newTotpSecret();
 * const code = await generateTotp(secret, totpStep(Date.now())); // e.g. "492039"
 * ```
 */
export function generateTotp(secret: Uint8Array, step: number, options?: TotpOptions): Promise<string> {
  return generateHotp(secret, step, options);
}

/**
 * Checks a code typed by the user against `secret` at `nowMs`, accepting the current step and
 * `window` steps either side. Returns the step the code matched, so the caller can spend it (a
 * code seen once must not work again: RFC 6238 §5.2), or null. Input that cannot be a code (not
 * exactly `digits` ASCII digits; the space apps print in the middle is allowed) is refused before
 * any HMAC is computed. Every candidate step is computed and compared in constant time, so the
 * time taken does not tell which step, if any, matched.
 *
 * @example
 * ```ts
 * const secret = newTotpSecret();
 * const step = await verifyTotp(secret, "492 039", Date.now());
 * if (step !== null) {
 *   // spend it: adapter.spendTotpStep(userId, step) must return true before the code counts
 * }
 * ```
 */
export async function verifyTotp(
  secret: Uint8Array,
  code: string,
  nowMs: number,
  options?: VerifyTotpOptions,
): Promise<number | null> {
  const digits = digitsOf(options);
  const period = periodOf(options);
  const window = options?.window ?? 1;
  if (!Number.isInteger(window) || window < 0 || window > 10) {
    throw new RangeError(`A TOTP window is a whole number of steps from 0 to 10; got ${window}.`);
  }
  if (typeof code !== "string" || code.length > digits + 2) return null;
  const typed = code.replace(/ /g, "");
  if (typed.length !== digits || !/^[0-9]+$/.test(typed)) return null;

  const typedBytes = runtime.utf8Encode(typed);
  const current = totpStep(nowMs, period);
  let matched: number | null = null;
  for (let step = current - window; step <= current + window; step++) {
    if (step < 0) continue;
    const expected = runtime.utf8Encode(await hotp(secret, step, digits));
    // The latest matching step wins: spending it also spends every earlier one.
    if (runtime.equalInConstantTime(expected, typedBytes)) matched = step;
  }
  return matched;
}

/**
 * A fresh shared secret: 20 bytes from the platform's CSPRNG (RFC 4226 §4 R6 asks for 160 bits).
 *
 * @example
 * ```ts
 * const secret = newTotpSecret(); // 20 random bytes; show the user base32Encode(secret)
 * ```
 */
export function newTotpSecret(): Uint8Array {
  // A plain Uint8Array of its own: node's runtime hands out Buffers, which may share a pool.
  return new Uint8Array(runtime.randomBytes(TOTP_SECRET_BYTES));
}

export interface OtpauthUriInput {
  /** The shared secret's bytes; written base32-encoded. */
  secret: Uint8Array;
  /** Who issues the account (the app's name), shown by the authenticator app; no colon. */
  issuer: string;
  /** Which account of the issuer (usually the e-mail address); no colon. */
  accountName: string;
  /** Seconds per step; written only when not 30, since apps assume 30. */
  period?: number;
  /** Digits per code; written only when not 6. */
  digits?: number;
}

/**
 * The `otpauth://totp/` URI an authenticator app reads from a QR code, in the Key Uri Format
 * (github.com/google/google-authenticator/wiki/Key-Uri-Format): the label is `issuer:accountName`,
 * each part percent-encoded, and the issuer is repeated in the `issuer` parameter, which apps
 * prefer when both are present. The format reserves the colon as the separator, so neither part
 * may contain one.
 *
 * @example
 * ```ts
 * otpauthUri({ secret: newTotpSecret(), issuer: "Acme Co", accountName: "ada@example.com" });
 * // "otpauth://totp/Acme%20Co:ada%40example.com?secret=…"
 * ```
 */
export function otpauthUri({ secret, issuer, accountName, period, digits }: OtpauthUriInput): string {
  for (const [name, value] of [
    ["issuer", issuer],
    ["accountName", accountName],
  ] as const) {
    if (typeof value !== "string" || value.trim() === "" || value.includes(":")) {
      throw new TypeError(`otpauthUri: ${name} must be a non-empty string without ":" (Key Uri Format).`);
    }
  }
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(accountName)}`;
  let query = `secret=${base32Encode(secret)}&issuer=${encodeURIComponent(issuer)}`;
  if (digits !== undefined && digitsOf({ digits }) !== DEFAULT_TOTP_DIGITS) query += `&digits=${digits}`;
  if (period !== undefined && periodOf({ period }) !== DEFAULT_TOTP_PERIOD) query += `&period=${period}`;
  return `otpauth://totp/${label}?${query}`;
}
