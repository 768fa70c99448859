/**
 * ID-token verification against the issuer's keys (OpenID Connect Core §3.1.3.7). The code flow
 * allows a client to trust the token endpoint's TLS instead; latchkey checks the signature anyway,
 * so a token altered anywhere between the issuer and us (a compromised proxy, a logging layer that
 * rewrites) is refused. `alg: none` is never accepted, and symmetric algorithms only for a
 * confidential client, with its secret as the key (§10.1).
 */
import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  type JWTPayload,
  customFetch as joseFetch,
  jwtVerify,
} from "jose";
import type { AuthorizationServer } from "oauth4webapi";
import { customFetch } from "../../custom-fetch.js";
import type { OAuthConfig } from "../../provider-types.js";
import { hasClientSecret } from "./client.js";
import { providerState } from "./provider-state.js";

const ASYMMETRIC_ALGORITHMS = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  "Ed25519",
];
const SYMMETRIC_ALGORITHMS = ["HS256", "HS384", "HS512"];
/** A refetch on an unknown `kid` waits at least this long after the previous one. */
const JWKS_REFETCH_FLOOR_MS = 30_000;
const JWKS_MAX_AGE_MS = 10 * 60_000;
/** Seconds of clock difference tolerated on `exp` and `iat` (OpenID Connect Core §3.1.3.7 item 10). */
const CLOCK_TOLERANCE_SECONDS = 30;

/** Why an ID token was refused; the message names the check that failed. */
export class IdTokenRejected extends Error {
  override name = "IdTokenRejected";
}

export interface IdTokenExpectations {
  issuer: string;
  /**
   * The nonce sent in the authorization request; undefined when none was sent. `"any"` for a
   * refreshed ID token, which repeats the original nonce or has none (OpenID Connect Core §12.2).
   */
  nonce: string | undefined | "any";
}

function issuerKeys(provider: OAuthConfig, server: AuthorizationServer) {
  const uri = server.jwks_uri;
  if (!uri) throw new IdTokenRejected(`provider "${provider.id}" names no jwks_uri to verify ID tokens with`);
  const state = providerState(provider);
  if (state.jwks?.uri !== uri) {
    state.jwks = {
      uri,
      keys: createRemoteJWKSet(new URL(uri), {
        cooldownDuration: JWKS_REFETCH_FLOOR_MS,
        cacheMaxAge: JWKS_MAX_AGE_MS,
        ...(provider[customFetch] ? { [joseFetch]: provider[customFetch] } : {}),
      }),
    };
  }
  return state.jwks.keys;
}

/**
 * Verifies `idToken`: signature against the issuer's JWKS (or the client secret for HS*), `iss`,
 * `aud`, `azp`, `exp`, `iat` and `nonce`. Resolves to its claims; rejects with
 * {@link IdTokenRejected} or jose's named errors.
 */
export async function verifyIdToken(
  provider: OAuthConfig,
  server: AuthorizationServer,
  idToken: string,
  expected: IdTokenExpectations,
): Promise<JWTPayload> {
  let alg: unknown;
  try {
    alg = decodeProtectedHeader(idToken).alg;
  } catch (error) {
    throw new IdTokenRejected("the ID token is not a JWS", { cause: error });
  }
  const options = {
    issuer: expected.issuer,
    audience: provider.clientId as string,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    requiredClaims: ["iss", "sub", "aud", "exp", "iat"],
  };
  let payload: JWTPayload;
  if (typeof alg === "string" && SYMMETRIC_ALGORITHMS.includes(alg)) {
    if (!hasClientSecret(provider)) {
      throw new IdTokenRejected(
        `a symmetric ID-token algorithm (${alg}) is never accepted from a public client`,
      );
    }
    const secret = new TextEncoder().encode(provider.clientSecret as string);
    ({ payload } = await jwtVerify(idToken, secret, { ...options, algorithms: SYMMETRIC_ALGORITHMS }));
  } else {
    ({ payload } = await jwtVerify(idToken, issuerKeys(provider, server), {
      ...options,
      algorithms: ASYMMETRIC_ALGORITHMS,
    }));
  }
  if (payload.azp !== undefined && payload.azp !== provider.clientId) {
    throw new IdTokenRejected("the ID token's azp is another client");
  }
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp === undefined) {
    throw new IdTokenRejected("the ID token has several audiences and no azp");
  }
  // A sent nonce must come back (§3.1.3.7 item 11); with none sent (undefined) none may come back,
  // as oauth4webapi's expectNoNonce holds: such a token was issued to another sign-in.
  if (expected.nonce !== "any" && payload.nonce !== expected.nonce) {
    throw new IdTokenRejected("the ID token's nonce does not match the one this sign-in sent");
  }
  return payload;
}
