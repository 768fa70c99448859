/**
 * Session tokens: encrypted JWTs (compact JWE, `dir` + A256CBC-HS512) that Auth.js v5 can also read
 * and write, so sessions survive a switch in either direction.
 *
 * @example
 * ```ts
 * import { encode, decode, getToken } from "latchkey/jwt";
 *
 * const salt = "authjs.session-token";
 * const jwt = await encode({ token: { sub: "user-1" }, secret: process.env.AUTH_SECRET!, salt });
 * const claims = await decode({ token: jwt, secret: process.env.AUTH_SECRET!, salt });
 * const fromRequest = await getToken({ req: request, secret: process.env.AUTH_SECRET! });
 * ```
 * @module
 */
import { createGetToken } from "./get-token.js";
import { sessionCodec as codec } from "./session-codec.js";

export type {
  DefaultJWT,
  GetTokenParams,
  HeaderRecord,
  JWT,
  JWTDecodeParams,
  JWTEncodeParams,
  JWTOptions,
  SecretInput,
  TokenLogger,
} from "./types.js";

/**
 * Encrypts `token` into a session JWT with the first (newest) secret. `iat`, `exp` (now + `maxAge`,
 * default 30 days) and a random `jti` are set on every call. Throws a TypeError when `maxAge` is not
 * a finite number of seconds greater than 0 (a string such as `"3600"` included).
 *
 * @example
 * ```ts
 * const jwt = await encode({ token: { sub: "user-1" }, secret, salt: "authjs.session-token" });
 * ```
 */
export const encode = codec.encode;

/**
 * Decrypts and verifies a session JWT. Returns null for anything it cannot decrypt or verify —
 * wrong secret, tampered, truncated, expired, another algorithm, oversized — and never throws for
 * bad input. Throws only for a missing secret or salt, which is a configuration mistake.
 *
 * @example
 * ```ts
 * const claims = await decode({ token: jwt, secret: [newSecret, oldSecret], salt: "authjs.session-token" });
 * if (claims === null) return unauthorized();
 * ```
 */
export const decode = codec.decode;

/**
 * Reads and decodes the session JWT of a request: the session cookie (joining chunks), else
 * `Authorization: Bearer`. Returns null when there is none or it does not verify. Without
 * `secureCookie`, the `__Secure-` cookie name is read when AUTH_URL is https or, with no AUTH_URL,
 * when the request URL is. A revoked session's token still decodes until its `exp`: the revocation
 * markers live in `config.store`, which `getToken` does not see; `getSessionToken(request, config)`
 * from `latchkey` checks them.
 *
 * @example
 * ```ts
 * const token = await getToken({ req: request, secret: process.env.AUTH_SECRET!, secureCookie: true });
 * ```
 */
export const getToken = createGetToken(codec);

export { CLOCK_TOLERANCE_SECONDS, DEFAULT_MAX_AGE_SECONDS } from "./claims.js";
export { MAX_TOKEN_LENGTH } from "./compact.js";
