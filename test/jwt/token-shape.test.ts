/**
 * What `decode` accepts besides a valid tag: the token's size, the IV length the algorithm fixes,
 * the time claims, and how many keys a token naming a `kid` may cost. Tokens here are sealed with
 * the real key by the independent helpers in support.ts, so only the rule under test refuses them.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { createJwtCodec } from "../../src/jwt/codec.js";
import { MAX_TOKEN_LENGTH, parseCompactJwe } from "../../src/jwt/compact.js";
import type { CryptoRuntime } from "../../src/runtime/types.js";
import {
  b64url,
  craftToken,
  deriveKey,
  freshClaims,
  fromB64url,
  nowSeconds,
  runtimes,
  SALT,
  SECRET,
  tamperSegment,
} from "./support.js";

/** An A256GCM token sealed with the real 32-byte key and an IV of `ivBytes` bytes. */
function craftGcmToken(payload: object, ivBytes: number): string {
  const headerPart = b64url(JSON.stringify({ alg: "dir", enc: "A256GCM" }));
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv("aes-256-gcm", deriveKey(SECRET, SALT, 32), iv);
  cipher.setAAD(Buffer.from(headerPart));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(payload)), cipher.final()]);
  return `${headerPart}..${b64url(iv)}.${b64url(ciphertext)}.${b64url(cipher.getAuthTag())}`;
}

/** The plaintext JSON text of a token sealed with A256CBC-HS512 under the session key. */
function plaintextOf(token: string): string {
  const [, , iv, ciphertext] = token.split(".") as [string, string, string, string, string];
  const decipher = createDecipheriv("aes-256-cbc", deriveKey(SECRET, SALT).subarray(32, 64), fromB64url(iv));
  return Buffer.concat([decipher.update(fromB64url(ciphertext)), decipher.final()]).toString("utf8");
}

/**
 * A valid A256CBC-HS512 token exactly `length` characters long: the header carries a padding member
 * and the claims a padding claim, sized so the compact serialization lands on `length`.
 */
function craftTokenOfLength(length: number): string {
  const b64Length = (bytes: number) => Math.ceil((bytes * 4) / 3);
  const baseHeader = JSON.stringify({ alg: "dir", enc: "A256CBC-HS512", pad: "" }).length;
  const baseClaims = JSON.stringify(freshClaims({ pad: "" })).length;
  for (let claimsPad = 0; claimsPad < 16; claimsPad++) {
    const claimsBytes = baseClaims + (length * 3) / 4 - 200 + claimsPad;
    const ciphertextLength = b64Length((Math.floor(claimsBytes / 16) + 1) * 16);
    for (let headerPad = 0; headerPad < 400; headerPad++) {
      const total = b64Length(baseHeader + headerPad) + 2 + 22 + 1 + ciphertextLength + 1 + 43;
      if (total !== length) continue;
      const token = craftToken({
        header: { alg: "dir", enc: "A256CBC-HS512", pad: "h".repeat(headerPad) },
        payload: freshClaims({ pad: "c".repeat(claimsBytes - baseClaims) }),
      });
      expect(token).toHaveLength(length);
      return token;
    }
  }
  throw new Error(`no padding gives a token of ${length} characters`);
}

describe.each(runtimes)("token shape with %s", (_name, runtime) => {
  const codec = createJwtCodec(runtime);
  const decode = (token: string, secret: string | string[] = SECRET) =>
    codec.decode({ token, secret, salt: SALT });

  it("reads a token of exactly the maximum length and refuses one a character longer", async () => {
    expect(await decode(craftTokenOfLength(MAX_TOKEN_LENGTH))).toMatchObject({ sub: "user-1" });
    expect(await decode(craftTokenOfLength(MAX_TOKEN_LENGTH + 1))).toBeNull();
  });

  it("reads an A256GCM token with the 96-bit IV RFC 7518 §5.3 fixes", async () => {
    expect(await decode(craftGcmToken(freshClaims(), 12))).toMatchObject({ sub: "user-1" });
  });

  it.each([8, 16])(
    "refuses an A256GCM token with a %i-byte IV, though GCM would verify it",
    async (bytes) => {
      expect(await decode(craftGcmToken(freshClaims(), bytes))).toBeNull();
    },
  );

  it("reads a token without iat, which RFC 7519 leaves optional", async () => {
    expect(await decode(craftToken({ payload: { sub: "no-iat", exp: nowSeconds() + 60 } }))).toMatchObject({
      sub: "no-iat",
    });
  });

  it.each([
    ["iat", { iat: "yesterday" }],
    ["nbf", { nbf: "tomorrow" }],
    ["exp", { exp: "never" }],
  ])("refuses a token whose %s is not a number", async (_claim, claims) => {
    expect(await decode(craftToken({ payload: freshClaims(claims) }))).toBeNull();
  });
});

describe.each(runtimes)("registered claims with %s", (_name, runtime) => {
  const codec = createJwtCodec(runtime);

  it.each([
    ["iat", { iat: 1 }],
    ["exp", { exp: 2 }],
    ["jti", { jti: "stale" }],
    ["all three", { iat: 1, exp: 2, jti: "stale" }],
  ])("writes %s once, fresh, when the app's token already carries it", async (_which, stale) => {
    const jwt = await codec.encode({ token: { sub: "u", ...stale }, secret: SECRET, salt: SALT });
    const text = plaintextOf(jwt);
    for (const claim of ["iat", "exp", "jti"]) expect(text.split(`"${claim}":`)).toHaveLength(2);
    const claims = JSON.parse(text) as Record<string, unknown>;
    expect(claims.iat).toBeGreaterThan(1);
    expect(claims.exp).toBeGreaterThan(2);
    expect(claims.jti).not.toBe("stale");
  });

  it("seals a token with toJSON as its JSON form plus the registered claims", async () => {
    const token = { sub: "internal", toJSON: () => ({ sub: "public" }) };
    const jwt = await codec.encode({ token, secret: SECRET, salt: SALT });
    expect(await codec.decode({ token: jwt, secret: SECRET, salt: SALT })).toMatchObject({
      sub: "public",
      iat: expect.any(Number),
      exp: expect.any(Number),
      jti: expect.any(String),
    });
  });

  it("seals a token that serialises as an array as an object of its entries", async () => {
    const jwt = await codec.encode({ token: ["first"] as unknown as object, secret: SECRET, salt: SALT });
    expect(await codec.decode({ token: jwt, secret: SECRET, salt: SALT })).toMatchObject({ 0: "first" });
  });

  it("writes an empty token as just the registered claims", async () => {
    const jwt = await codec.encode({ token: {}, secret: SECRET, salt: SALT });
    expect(Object.keys(JSON.parse(plaintextOf(jwt)) as object)).toEqual(["iat", "exp", "jti"]);
  });
});

describe("a token naming a kid costs at most one decryption per secret", () => {
  const secrets = [
    "secret-number-one-aaaaaaaaaaaa",
    "secret-number-two-bbbbbbbbbbbb",
    "secret-number-three-ccc",
  ];

  it.each(runtimes)("even when its ciphertext was tampered with (%s)", async (_name, base) => {
    for (const index of [1, 2]) {
      const decrypt = vi.fn(base.decrypt);
      const runtime: CryptoRuntime = { ...base, decrypt };
      const codec = createJwtCodec(runtime);
      const jwt = await codec.encode({ token: { sub: "u" }, secret: secrets[index] as string, salt: SALT });
      expect(
        await codec.decode({ token: tamperSegment(jwt, 3, 0, 1), secret: secrets, salt: SALT }),
      ).toBeNull();
      expect(decrypt).toHaveBeenCalledTimes(secrets.length);
    }
  });
});

describe.each(runtimes)("the parsed-header cache with %s", (_name, runtime) => {
  let next = 10_000;
  /** A token whose protected header carries a fresh number, so each is a header of its own. */
  const newToken = () =>
    craftToken({ header: { alg: "dir", enc: "A256CBC-HS512", n: next++ }, payload: freshClaims() });
  const parsedAad = (token: string) => parseCompactJwe(runtime, token)?.aad;

  /**
   * The cache is shared by the whole process, so first add headers until it starts afresh, which
   * shows as `sentinel` being parsed anew. It then holds two headers: the last one and `sentinel`.
   */
  function startAfresh(sentinel: string): Uint8Array | undefined {
    const aad = parsedAad(sentinel);
    for (let added = 0; added <= 64; added++) {
      parsedAad(newToken());
      const again = parsedAad(sentinel);
      if (again !== aad) return again;
    }
    throw new Error("the header cache never started afresh");
  }

  it("parses a header once and reuses it while it stays cached", () => {
    const first = newToken();
    const aad = startAfresh(first);
    expect(aad).toBeDefined();
    expect(parsedAad(newToken())).not.toBe(aad);
    expect(parsedAad(first)).toBe(aad);
  });

  it("holds 64 headers and starts afresh on the 65th, so hostile headers cannot grow it", () => {
    const sentinel = newToken();
    const aad = startAfresh(sentinel);
    for (let added = 0; added < 62; added++) parsedAad(newToken());
    expect(parsedAad(sentinel)).toBe(aad);
    parsedAad(newToken());
    expect(parsedAad(sentinel)).not.toBe(aad);
  });
});
