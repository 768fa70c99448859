/**
 * next-auth v4's session token: a compact JWE (RFC 7516) with `alg: "dir"` and `enc: "A256GCM"`,
 * whose 32-byte key is HKDF-SHA256 (RFC 5869) of the secret with an empty salt and the info string
 * below. This is the format next-auth v4's `next-auth/jwt` `encode` writes by default; a v4 app
 * that replaced `jwt.encode` with its own wrote something else, which this module does not read.
 *
 * Read only, never written: latchkey re-issues what it reads here in its own (Auth.js v5) format.
 */
import { hkdf } from "@panva/hkdf";
import { jwtDecrypt } from "jose";
import type { JWT } from "../../jwt/types.js";

/** v4 derives its key with an empty salt, so its info string has no " (<salt>)" suffix. */
const V4_KEY_INFO = "NextAuth.js Generated Encryption Key";

/** The clock skew v4 itself forgave when it decoded its tokens. */
const V4_CLOCK_TOLERANCE_SECONDS = 15;

const v4Key = (secret: string): Promise<Uint8Array> => hkdf("sha256", secret, "", V4_KEY_INFO, 32);

/**
 * The claims of a v4 session token, or null for anything that is not one: a token under another
 * secret, altered, expired, without `exp`, or in another algorithm (`dir` and A256GCM only, so a
 * token cannot pick a weaker one). Every secret is tried, newest first, as during a rotation.
 */
export async function decodeNextAuthV4Token(token: string, secrets: readonly string[]): Promise<JWT | null> {
  for (const secret of secrets) {
    try {
      const { payload } = await jwtDecrypt(token, await v4Key(secret), {
        keyManagementAlgorithms: ["dir"],
        contentEncryptionAlgorithms: ["A256GCM"],
        clockTolerance: V4_CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ["exp"],
      });
      return payload as JWT;
    } catch {
      // Not this secret's token, or no token at all: try the next secret, then give up.
    }
  }
  return null;
}
