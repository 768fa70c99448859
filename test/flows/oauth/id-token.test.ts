/**
 * ID-token verification (OpenID Connect Core §3.1.3.7) on its own: the signature against the
 * issuer's published keys or, for HS*, the client secret of a confidential client; `iss`, `aud`,
 * `azp`, `exp`, `iat`, `sub` and `nonce`; and the issuer's JWKS fetched once and kept. A custom
 * `token.request` has no oauth4webapi response validation in front of these checks, so each must
 * hold by itself.
 */
import { base64url, errors, SignJWT } from "jose";
import type { AuthorizationServer } from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdTokenRejected, verifyIdToken } from "../../../src/flows/oauth/id-token.js";
import { withProviderState } from "../../../src/flows/oauth/provider-state.js";
import {
  ASYMMETRIC_ALGS,
  idTokenClaims,
  oidcProvider,
  type ScriptedIssuer,
  startScriptedIssuer,
} from "./scripted-issuer.js";

let issuer: ScriptedIssuer;
let server: AuthorizationServer;
beforeAll(async () => {
  issuer = await startScriptedIssuer();
  server = { issuer: issuer.origin, jwks_uri: `${issuer.origin}/jwks` };
});
afterAll(() => issuer.close());

const NOW = () => Math.floor(Date.now() / 1000);
const SECRET = "client-1-secret-0123456789abcdefghijklmnop";

const verify = (
  token: string,
  nonce: string | undefined | "any" = undefined,
  provider = oidcProvider(issuer),
) => verifyIdToken(provider, server, token, { issuer: issuer.origin, nonce });

const hmac = (claims: Record<string, unknown>, alg = "HS256", secret = SECRET) =>
  new SignJWT(claims).setProtectedHeader({ alg }).sign(new TextEncoder().encode(secret));

describe("the signature", () => {
  for (const alg of ASYMMETRIC_ALGS) {
    it(`accepts a ${alg} token signed with a key the issuer publishes`, async () => {
      const claims = idTokenClaims(issuer);
      await expect(verify(await issuer.sign(claims, alg))).resolves.toMatchObject({ sub: "alice" });
    });
  }

  for (const alg of ["HS256", "HS384", "HS512"]) {
    it(`accepts a ${alg} token keyed with the client secret of a confidential client (§10.1)`, async () => {
      await expect(verify(await hmac(idTokenClaims(issuer), alg))).resolves.toMatchObject({ sub: "alice" });
    });
  }

  it("accepts HS256 from a client that authenticates with client_secret_post", async () => {
    const provider = oidcProvider(issuer, { client: { token_endpoint_auth_method: "client_secret_post" } });
    await expect(verify(await hmac(idTokenClaims(issuer)), undefined, provider)).resolves.toBeTruthy();
  });

  it("refuses an HS256 token keyed with anything but the client secret", async () => {
    await expect(verify(await hmac(idTokenClaims(issuer), "HS256", "guessed"))).rejects.toBeInstanceOf(
      errors.JWSSignatureVerificationFailed,
    );
  });

  it("refuses HS256 from a public client, whatever the key", async () => {
    const provider = oidcProvider(issuer, {
      clientSecret: undefined,
      client: { token_endpoint_auth_method: "none" },
    });
    const token = await hmac(idTokenClaims(issuer), "HS256", "client-1");
    await expect(verify(token, undefined, provider)).rejects.toThrow(
      new IdTokenRejected("a symmetric ID-token algorithm (HS256) is never accepted from a public client"),
    );
  });

  it("refuses HS256 from a private_key_jwt client even when a secret is configured too", async () => {
    const provider = oidcProvider(issuer, { client: { token_endpoint_auth_method: "private_key_jwt" } });
    await expect(verify(await hmac(idTokenClaims(issuer)), undefined, provider)).rejects.toBeInstanceOf(
      IdTokenRejected,
    );
  });

  it("refuses alg: none", async () => {
    const header = base64url.encode(JSON.stringify({ alg: "none" }));
    const payload = base64url.encode(JSON.stringify(idTokenClaims(issuer)));
    await expect(verify(`${header}.${payload}.`)).rejects.toThrow();
  });

  it("refuses a token signed by a key the issuer never published, under a published kid", async () => {
    const { generateKeyPair } = await import("jose");
    const { privateKey } = await generateKeyPair("ES256");
    const token = await new SignJWT(idTokenClaims(issuer))
      .setProtectedHeader({ alg: "ES256", kid: "ES256" })
      .sign(privateKey);
    await expect(verify(token)).rejects.toBeInstanceOf(errors.JWSSignatureVerificationFailed);
  });

  it("refuses what is not a JWS, saying so, with jose's reason as the cause", async () => {
    const error = await verify("not-a-jwt").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdTokenRejected);
    expect(error).toMatchObject({ name: "IdTokenRejected", message: "the ID token is not a JWS" });
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });

  it("refuses to verify against an issuer that publishes no jwks_uri, naming the provider", async () => {
    const token = await issuer.sign(idTokenClaims(issuer));
    await expect(
      verifyIdToken(oidcProvider(issuer), { issuer: issuer.origin }, token, {
        issuer: issuer.origin,
        nonce: undefined,
      }),
    ).rejects.toThrow(new IdTokenRejected('provider "scripted" names no jwks_uri to verify ID tokens with'));
  });
});

describe("the claims", () => {
  const refused = async (claims: Record<string, unknown>, nonce?: string) => {
    await expect(verify(await issuer.sign(claims), nonce)).rejects.toThrow();
    // The same claims keyed with the client secret take the other branch; they must fail there too.
    await expect(verify(await hmac(claims), nonce)).rejects.toThrow();
  };

  it("refuses another issuer", () => refused(idTokenClaims(issuer, { iss: "https://evil.example" })));
  it("refuses another audience", () => refused(idTokenClaims(issuer, { aud: "client-2" })));
  it("refuses a token without sub", () => refused({ ...idTokenClaims(issuer), sub: undefined }));
  it("refuses a token without exp", () => refused({ ...idTokenClaims(issuer), exp: undefined }));
  it("refuses a token without iat", () => refused({ ...idTokenClaims(issuer), iat: undefined }));
  it("refuses a token without iss", () => refused({ ...idTokenClaims(issuer), iss: undefined }));
  it("refuses a token without aud", () => refused({ ...idTokenClaims(issuer), aud: undefined }));

  it("refuses a token expired beyond the 30 s clock tolerance, and accepts one inside it", async () => {
    await refused(idTokenClaims(issuer, { iat: NOW() - 600, exp: NOW() - 40 }));
    await expect(
      verify(await issuer.sign(idTokenClaims(issuer, { iat: NOW() - 600, exp: NOW() - 20 }))),
    ).resolves.toBeTruthy();
  });

  it("accepts several audiences when azp names this client", async () => {
    const claims = idTokenClaims(issuer, { aud: ["client-1", "api"], azp: "client-1" });
    await expect(verify(await issuer.sign(claims))).resolves.toMatchObject({ azp: "client-1" });
    await expect(verify(await hmac(claims))).resolves.toMatchObject({ azp: "client-1" });
  });

  it("accepts one audience with an azp naming this client, and one audience in an array without azp", async () => {
    await expect(verify(await issuer.sign(idTokenClaims(issuer, { azp: "client-1" })))).resolves.toBeTruthy();
    await expect(
      verify(await issuer.sign(idTokenClaims(issuer, { aud: ["client-1"] }))),
    ).resolves.toBeTruthy();
  });

  it("refuses several audiences without azp", async () => {
    const claims = idTokenClaims(issuer, { aud: ["client-1", "api"] });
    await expect(verify(await issuer.sign(claims))).rejects.toThrow(
      new IdTokenRejected("the ID token has several audiences and no azp"),
    );
  });

  it("refuses an azp naming another client, even with this client among the audiences", async () => {
    for (const aud of ["client-1", ["client-1", "client-2"]]) {
      const claims = idTokenClaims(issuer, { aud, azp: "client-2" });
      await expect(verify(await issuer.sign(claims))).rejects.toThrow(
        new IdTokenRejected("the ID token's azp is another client"),
      );
    }
  });
});

describe("the nonce", () => {
  const mismatch = new IdTokenRejected("the ID token's nonce does not match the one this sign-in sent");
  const withNonce = (nonce?: string) =>
    issuer.sign(idTokenClaims(issuer, nonce === undefined ? {} : { nonce }));

  it("accepts the nonce this sign-in sent", async () => {
    await expect(verify(await withNonce("n-1"), "n-1")).resolves.toMatchObject({ nonce: "n-1" });
  });

  it("refuses another sign-in's nonce", async () => {
    await expect(verify(await withNonce("n-2"), "n-1")).rejects.toThrow(mismatch);
  });

  it("refuses a token without the nonce this sign-in sent", async () => {
    await expect(verify(await withNonce(), "n-1")).rejects.toThrow(mismatch);
  });

  it("refuses a nonce when this sign-in sent none (an injected token)", async () => {
    await expect(verify(await withNonce("n-1"), undefined)).rejects.toThrow(mismatch);
  });

  it("accepts a token without nonce when none was sent", async () => {
    await expect(verify(await withNonce(), undefined)).resolves.toMatchObject({ sub: "alice" });
  });

  it("accepts any nonce, or none, on a refreshed token (§12.2)", async () => {
    await expect(verify(await withNonce("n-1"), "any")).resolves.toBeTruthy();
    await expect(verify(await withNonce(), "any")).resolves.toBeTruthy();
  });
});

describe("the issuer's keys", () => {
  it("are fetched once per resolved provider and kept, not fetched per token", async () => {
    const provider = withProviderState(oidcProvider(issuer));
    const before = issuer.requestsTo("/jwks").length;
    for (const alg of ["RS256", "ES256", "RS256"]) {
      await verify(await issuer.sign(idTokenClaims(issuer), alg), undefined, provider);
    }
    expect(issuer.requestsTo("/jwks").length - before).toBe(1);
  });

  it("are not refetched for an unknown kid right after a fetch (a forged kid cannot make us hammer the issuer)", async () => {
    const provider = withProviderState(oidcProvider(issuer));
    const before = issuer.requestsTo("/jwks").length;
    await verify(await issuer.sign(idTokenClaims(issuer)), undefined, provider);
    for (let i = 0; i < 3; i++) {
      const forged = await issuer.sign(idTokenClaims(issuer), "RS256", { kid: `unknown-${i}` });
      await expect(verify(forged, undefined, provider)).rejects.toBeInstanceOf(errors.JWKSNoMatchingKey);
    }
    expect(issuer.requestsTo("/jwks").length - before).toBe(1);
  });

  it("are fetched again from the new URL when the issuer's jwks_uri changes", async () => {
    issuer.routes.set("/jwks-rotated", (request) => {
      const route = issuer.routes.get("/jwks");
      if (!route) throw new Error("no /jwks route");
      return route(request);
    });
    const provider = withProviderState(oidcProvider(issuer));
    const token = await issuer.sign(idTokenClaims(issuer));
    await verify(token, undefined, provider);
    const rotated = { ...server, jwks_uri: `${issuer.origin}/jwks-rotated` };
    await verifyIdToken(provider, rotated, token, { issuer: issuer.origin, nonce: undefined });
    await verifyIdToken(provider, rotated, token, { issuer: issuer.origin, nonce: undefined });
    expect(issuer.requestsTo("/jwks-rotated")).toHaveLength(1);
  });
});
