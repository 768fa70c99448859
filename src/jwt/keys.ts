import { hkdf } from "@panva/hkdf";
import { CONTENT_ENCRYPTION_SIZES, type ContentEncryption, type CryptoRuntime } from "../runtime/types.js";
import { MissingSecret } from "./errors.js";
import type { SecretInput } from "./types.js";

/** A derived content key, ready for use, with its `kid` and (for encryption) its encoded header. */
export interface SessionKey {
  enc: ContentEncryption;
  kid: string;
  key: unknown;
  /** base64url of the protected header this key writes; only for A256CBC-HS512. */
  protectedHeader: string;
  /** The header's ASCII bytes: the AAD of RFC 7516 §5.1 step 14. */
  aad: Uint8Array;
}

/**
 * Derived keys are cached because HKDF plus key import costs far more than encrypting a session
 * token. The cap keeps a process that sees many salts (one per cookie name) from growing forever;
 * reaching it starts the cache afresh, which costs one derivation per key still in use.
 */
const MAX_CACHED_KEYS = 128;

export function normalizeSecrets(secret: SecretInput | undefined): string[] {
  const secrets = Array.isArray(secret) ? secret : [secret];
  if (secrets.length === 0 || secrets.some((s) => typeof s !== "string" || s.length === 0)) {
    throw new MissingSecret(
      "No secret was given. Set AUTH_SECRET (or pass `secret`) to 32+ random bytes; generate one with `openssl rand -base64 33`.",
    );
  }
  return secrets as string[];
}

export function assertSalt(salt: unknown): asserts salt is string {
  if (typeof salt !== "string" || salt.length === 0) {
    throw new MissingSecret(
      "No salt was given. Pass `salt`: for session tokens it is the session cookie's name, e.g. `authjs.session-token`.",
    );
  }
}

/** The derivation info string fixed by Auth.js v5, kept so existing sessions survive a migration. */
const derivationInfo = (salt: string) => `Auth.js Generated Encryption Key (${salt})`;

export function createKeyCache(runtime: CryptoRuntime) {
  type Entry = SessionKey | Promise<SessionKey>;
  const cbcKeys = new Map<string, Map<string, Entry>>();
  const gcmKeys = new Map<string, Map<string, Entry>>();
  let size = 0;

  async function deriveSessionKey(enc: ContentEncryption, secret: string, salt: string): Promise<SessionKey> {
    const raw = await hkdf("sha256", secret, salt, derivationInfo(salt), CONTENT_ENCRYPTION_SIZES[enc].key);
    // RFC 7638 thumbprint of the symmetric JWK: members k and kty in lexicographic order, no spaces.
    const jwk = `{"k":"${runtime.base64urlEncode(raw)}","kty":"oct"}`;
    const digest = runtime.sha512(runtime.utf8Encode(jwk));
    const kid = runtime.base64urlEncode(digest instanceof Promise ? await digest : digest);
    const protectedHeader = runtime.base64urlEncode(JSON.stringify({ alg: "dir", enc, kid }));
    return {
      enc,
      kid,
      key: await runtime.prepareContentKey(enc, raw),
      protectedHeader,
      aad: runtime.utf8Encode(protectedHeader),
    };
  }

  /**
   * The key for one (enc, secret, salt), derived at most once while it stays cached. A cached key is
   * returned as a value, not a promise, so the hot path of encode and decode never waits a tick.
   */
  return function sessionKey(
    enc: ContentEncryption,
    secret: string,
    salt: string,
  ): SessionKey | Promise<SessionKey> {
    // Nested maps keep (salt, secret) pairs apart without building a combined string per call.
    const bySalt = enc === "A256GCM" ? gcmKeys : cbcKeys;
    let bySecret = bySalt.get(salt);
    const cached = bySecret?.get(secret);
    if (cached !== undefined) return cached;
    if (size >= MAX_CACHED_KEYS) {
      cbcKeys.clear();
      gcmKeys.clear();
      size = 0;
      bySecret = undefined;
    }
    if (bySecret === undefined) {
      bySecret = new Map();
      bySalt.set(salt, bySecret);
    }
    const entries = bySecret;
    size++;
    const pending = deriveSessionKey(enc, secret, salt).then(
      (key) => {
        entries.set(secret, key);
        return key;
      },
      (error: unknown) => {
        entries.delete(secret);
        throw error;
      },
    );
    entries.set(secret, pending);
    return pending;
  };
}
