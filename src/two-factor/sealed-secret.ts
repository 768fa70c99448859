/**
 * TOTP shared secrets are stored sealed: AES-256-GCM under a key derived from the auth secret, so
 * a copy of the database alone does not let anyone generate a user's codes. The format is
 * `v1.<iv>.<ciphertext and tag>` (base64url, RFC 4648 §5); the version prefix is also the
 * authenticated data, so a future format cannot be confused with this one.
 */
import { hkdf } from "@panva/hkdf";
import { runtime } from "#crypto";
import type { PreparedContentKey } from "../runtime/types.js";

const VERSION = "v1";
/** HKDF info (RFC 5869 §3.2): its own label, so this key is never the session-token key or any other. */
const KEY_INFO = "latchkey two-factor TOTP secret sealing key v1";
const KEY_SALT = "latchkey two-factor";
/** NIST SP 800-38D §8.2: a 96-bit IV, random per message. */
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Keys are derived once per auth secret; an app has one to a few (rotation), so a small cap is plenty. */
const MAX_CACHED_KEYS = 16;
/** The derived key in both forms: Web Crypto's for sealing (rare), the runtime's for opening (every sign-in). */
interface SealingKey {
  sealing: CryptoKey;
  opening: PreparedContentKey;
}
const keys = new Map<string, Promise<SealingKey>>();

function sealingKey(secret: string): Promise<SealingKey> {
  const cached = keys.get(secret);
  if (cached) return cached;
  if (keys.size >= MAX_CACHED_KEYS) keys.clear();
  const derived = hkdf("sha256", secret, KEY_SALT, KEY_INFO, 32).then(async (raw) => ({
    sealing: await crypto.subtle.importKey("raw", raw as Uint8Array<ArrayBuffer>, "AES-GCM", false, [
      "encrypt",
    ]),
    opening: await runtime.prepareContentKey("A256GCM", raw),
  }));
  derived.catch(() => keys.delete(secret));
  keys.set(secret, derived);
  return derived;
}

function gcmParams(iv: Uint8Array): AesGcmParams {
  return {
    name: "AES-GCM",
    iv: iv as Uint8Array<ArrayBuffer>,
    additionalData: runtime.utf8Encode(VERSION) as Uint8Array<ArrayBuffer>,
    tagLength: TAG_BYTES * 8,
  };
}

function assertSecrets(secrets: readonly string[]): void {
  if (
    !Array.isArray(secrets) ||
    secrets.length === 0 ||
    secrets.some((s) => typeof s !== "string" || s === "")
  ) {
    throw new TypeError(
      "Sealing a TOTP secret needs the auth secret: pass the config's secrets, newest first.",
    );
  }
}

/**
 * Seals `secretBytes` with the first (newest) of `secrets`, for the adapter's `totpSecret` field.
 *
 * @example
 * ```ts
 * declare const totpSecret: Uint8Array; // from newTotpSecret()
 * declare const authSecret: string; // AUTH_SECRET
 * const sealed = await sealTotpSecret(totpSecret, [authSecret]); // "v1.…"
 * ```
 */
export async function sealTotpSecret(secretBytes: Uint8Array, secrets: readonly string[]): Promise<string> {
  assertSecrets(secrets);
  const iv = runtime.randomBytes(IV_BYTES);
  const key = await sealingKey(secrets[0] as string);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(gcmParams(iv), key.sealing, secretBytes as Uint8Array<ArrayBuffer>),
  );
  return `${VERSION}.${runtime.base64urlEncode(iv)}.${runtime.base64urlEncode(sealed)}`;
}

/**
 * The secret bytes sealed in `sealed`, trying each of `secrets` in turn (newest first), so secrets
 * sealed before a rotation still open while the old auth secret is listed. Null when the value is
 * malformed, was altered, or none of the secrets opens it.
 *
 * @example
 * ```ts
 * declare const sealed: string; // the adapter's totpSecret
 * declare const authSecret: string; // AUTH_SECRET
 * const bytes = await openTotpSecret(sealed, [authSecret]);
 * if (bytes === null) throw new Error("the stored TOTP secret cannot be opened with this AUTH_SECRET");
 * ```
 */
export async function openTotpSecret(sealed: string, secrets: readonly string[]): Promise<Uint8Array | null> {
  return (await openTotpSecretWith(sealed, secrets))?.secret ?? null;
}

/** What {@link openTotpSecretWith} opened, and whether an older auth secret opened it. */
interface OpenedTotpSecret {
  secret: Uint8Array;
  /** True when a secret other than the newest opened it: reseal it before that secret leaves the list. */
  sealedWithOlderSecret: boolean;
}

/**
 * {@link openTotpSecret}, saying also whether an older auth secret opened it, so a caller can reseal
 * it with the newest while the old one is still listed (after the old one is dropped, it no longer opens).
 *
 * @example
 * ```ts
 * declare const sealed: string;
 * declare const secrets: string[]; // newest first
 * const opened = await openTotpSecretWith(sealed, secrets);
 * if (opened?.sealedWithOlderSecret) {
 *   const resealed = await sealTotpSecret(opened.secret, secrets); // store it in place of `sealed`
 * }
 * ```
 */
export async function openTotpSecretWith(
  sealed: string,
  secrets: readonly string[],
): Promise<OpenedTotpSecret | null> {
  assertSecrets(secrets);
  if (typeof sealed !== "string") return null;
  const parts = sealed.split(".");
  if (parts.length !== 3 || parts[0] !== VERSION) return null;
  const iv = runtime.base64urlDecodeStrict(parts[1] as string);
  const ciphertext = runtime.base64urlDecodeStrict(parts[2] as string);
  if (iv === null || iv.length !== IV_BYTES || ciphertext === null || ciphertext.length < TAG_BYTES)
    return null;
  const content = {
    iv,
    ciphertext: ciphertext.subarray(0, ciphertext.length - TAG_BYTES),
    tag: ciphertext.subarray(ciphertext.length - TAG_BYTES),
  };
  const aad = runtime.utf8Encode(VERSION);
  for (const [index, secret] of secrets.entries()) {
    // The runtime's AES-GCM (node:crypto answers synchronously; this runs at every second factor).
    // Null when the tag does not verify under this secret: try the next (older) one.
    const opened = await runtime.decrypt("A256GCM", (await sealingKey(secret)).opening, content, aad);
    if (opened !== null) return { secret: new Uint8Array(opened), sealedWithOlderSecret: index > 0 };
  }
  return null;
}
