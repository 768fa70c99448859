/**
 * next-auth v4's session token: a compact JWE (RFC 7516) with `alg: "dir"` and `enc: "A256GCM"`,
 * whose 32-byte key is HKDF-SHA256 (RFC 5869) of the secret with an empty salt and the info string
 * below. This is the format next-auth v4's `next-auth/jwt` `encode` writes by default; a v4 app
 * that replaced `jwt.encode` with its own wrote something else, which this module does not read.
 *
 * Read only, never written: latchkey re-issues what it reads here in its own (Auth.js v5) format.
 * The JWE is parsed and its claims checked by the same strict rules as latchkey's own session
 * tokens (src/jwt/), and decrypted through the runtime layer rather than jose's general JWE code,
 * which would add some 14 kB to every edge bundle for a path that runs once per migrating user.
 */
import { hkdf } from "@panva/hkdf";
import type { CryptoRuntime } from "../runtime/types.js";
import { hasValidTimeClaims } from "./claims.js";
import { parseCompactJwe } from "./compact.js";
import type { JWT } from "./types.js";

/** v4 derives its key with an empty salt, so its info string has no " (<salt>)" suffix. */
const V4_KEY_INFO = "NextAuth.js Generated Encryption Key";

const isClaimsObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The claims of a v4 session token, or null for anything that is not one: a token under another
 * secret, altered, expired, without `exp`, compressed, or in another algorithm (`dir` and A256GCM
 * only, so a token cannot pick another). Every secret is tried, newest first, as during a rotation.
 */
export async function decodeNextAuthV4Token(
  runtime: CryptoRuntime,
  token: string,
  secrets: readonly string[],
): Promise<JWT | null> {
  const jwe = parseCompactJwe(runtime, token);
  if (jwe === null || jwe.enc !== "A256GCM") return null;
  for (const secret of secrets) {
    const key = await runtime.prepareContentKey("A256GCM", await hkdf("sha256", secret, "", V4_KEY_INFO, 32));
    const plaintext = await runtime.decrypt("A256GCM", key, jwe, jwe.aad);
    if (plaintext === null) continue;
    let claims: unknown;
    try {
      claims = JSON.parse(runtime.utf8Decode(plaintext));
    } catch {
      return null;
    }
    // The same time rules as latchkey's own tokens: `exp` required, v4's 15 s clock tolerance.
    return isClaimsObject(claims) && hasValidTimeClaims(claims) ? (claims as JWT) : null;
  }
  return null;
}
