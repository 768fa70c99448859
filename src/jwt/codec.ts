/**
 * The session-token codec: compact JWE with `dir` and A256CBC-HS512 (decrypting A256GCM too), the
 * format Auth.js v5 reads and writes. It is written by hand rather than with jose because a session
 * read is on every request and, with a cached key, this is 25-40 times faster. It is fenced: this
 * file and `compact.ts` are its only code, `keys.ts` its only key cache, and every primitive comes
 * from the runtime layer (`src/runtime/`). It handles nothing but latchkey's own symmetric session
 * and check-cookie tokens: OpenID Connect ID tokens, JWKS and any signed JWT from elsewhere go
 * through oauth4webapi and jose, never through this code.
 */
import type { CryptoRuntime } from "../runtime/types.js";
import { DEFAULT_MAX_AGE_SECONDS, hasValidTimeClaims, nowInSeconds } from "./claims.js";
import { parseCompactJwe } from "./compact.js";
import { assertSalt, createKeyCache, normalizeSecrets, type SessionKey } from "./keys.js";
import { assertMaxAge } from "./max-age.js";
import type { JWT, JWTDecodeParams, JWTEncodeParams } from "./types.js";

export interface JwtCodec {
  encode<Payload = JWT>(params: JWTEncodeParams<Payload>): Promise<string>;
  decode<Payload = JWT>(params: JWTDecodeParams): Promise<Payload | null>;
}

/** Puts the key whose thumbprint the header names first, so rotation costs one decryption, not N. */
function orderByKid(keys: SessionKey[], kid: string | undefined): SessionKey[] {
  if (kid === undefined) return keys;
  const match = keys.findIndex((key) => key.kid === kid);
  if (match <= 0) return keys;
  return [keys[match] as SessionKey, ...keys.slice(0, match), ...keys.slice(match + 1)];
}

/**
 * The payload JSON: the app's claims plus fresh `iat`, `exp` and `jti`. Appending the three to the
 * serialised claims is several times faster than copying the object first, and encode is on every
 * session write; a token that already carries one of them (or serialises oddly) takes the copy.
 */
function serializeClaims(token: object, iat: number, exp: number, jti: string): string {
  const registered = `"iat":${iat},"exp":${exp},"jti":"${jti}"`;
  if (!Object.hasOwn(token, "iat") && !Object.hasOwn(token, "exp") && !Object.hasOwn(token, "jti")) {
    const json = JSON.stringify(token);
    if (json === "{}") return `{${registered}}`;
    if (json.startsWith("{") && json.endsWith("}")) return `${json.slice(0, -1)},${registered}}`;
  }
  return JSON.stringify({ ...token, iat, exp, jti });
}

/** Builds encode/decode over one crypto runtime; the public module binds it to the runtime of the platform. */
export function createJwtCodec(runtime: CryptoRuntime): JwtCodec {
  const sessionKey = createKeyCache(runtime);

  async function encode<Payload = JWT>(params: JWTEncodeParams<Payload>): Promise<string> {
    const { token = {}, salt, maxAge = DEFAULT_MAX_AGE_SECONDS } = params;
    const [newestSecret] = normalizeSecrets(params.secret);
    assertSalt(salt);
    assertMaxAge(maxAge);
    const cached = sessionKey("A256CBC-HS512", newestSecret as string, salt);
    const key = cached instanceof Promise ? await cached : cached;
    const now = nowInSeconds();
    const claims = serializeClaims(token as object, now, now + maxAge, runtime.randomUUID());
    const result = runtime.encryptCbcHs512(key.key, runtime.utf8Encode(claims), key.aad);
    const sealed = result instanceof Promise ? await result : result;
    return `${key.protectedHeader}..${runtime.base64urlEncode(sealed.iv)}.${runtime.base64urlEncode(sealed.ciphertext)}.${runtime.base64urlEncode(sealed.tag)}`;
  }

  async function decode<Payload = JWT>(params: JWTDecodeParams): Promise<Payload | null> {
    const secrets = normalizeSecrets(params.secret);
    assertSalt(params.salt);
    const jwe = parseCompactJwe(runtime, params.token);
    if (jwe === null) return null;

    let keys: SessionKey[];
    if (secrets.length === 1) {
      const cached = sessionKey(jwe.enc, secrets[0] as string, params.salt);
      keys = [cached instanceof Promise ? await cached : cached];
    } else {
      keys = orderByKid(
        await Promise.all(secrets.map((secret) => sessionKey(jwe.enc, secret, params.salt))),
        jwe.kid,
      );
    }
    let plaintext: Uint8Array | null = null;
    for (const key of keys) {
      const result = runtime.decrypt(jwe.enc, key.key, jwe, jwe.aad);
      plaintext = result instanceof Promise ? await result : result;
      if (plaintext !== null) break;
    }
    if (plaintext === null) return null;

    let payload: unknown;
    try {
      payload = JSON.parse(runtime.utf8Decode(plaintext));
    } catch {
      return null;
    }
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return null;
    return hasValidTimeClaims(payload as Record<string, unknown>) ? (payload as Payload) : null;
  }

  return { encode, decode };
}
