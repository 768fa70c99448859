import { base64url, calculateJwkThumbprint } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MissingSecret } from "../../src/core/errors.js";
import { createJwtCodec } from "../../src/jwt/codec.js";
import { decode, encode } from "../../src/jwt/index.js";
import type { CryptoRuntime } from "../../src/runtime/types.js";
import {
  craftToken,
  deriveKey,
  freshClaims,
  OTHER_SECRET,
  protectedHeaderOf,
  runtimes,
  SALT,
  SECRET,
} from "./support.js";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const FIXED_NOW = new Date("2031-05-04T03:02:01Z");
const FIXED_NOW_SECONDS = Math.floor(FIXED_NOW.getTime() / 1000);

afterEach(() => {
  vi.useRealTimers();
});

describe.each(runtimes)("session JWT round trip with %s", (_name, runtime) => {
  const codec = createJwtCodec(runtime);

  it("decodes what it encoded, with the claims it was given", async () => {
    const token = { sub: "user-1", name: "Ada", email: "ada@example.com", picture: null, roles: ["admin"] };
    const jwt = await codec.encode({ token, secret: SECRET, salt: SALT });
    const decoded = await codec.decode({ token: jwt, secret: SECRET, salt: SALT });
    expect(decoded).toMatchObject(token);
  });

  it("round-trips non-ASCII text and an empty token", async () => {
    const token = { name: "Zoë 🚀 日本語", note: 'line\nbreak "quoted" \\ slash' };
    const decoded = await codec.decode({
      token: await codec.encode({ token, secret: SECRET, salt: SALT }),
      secret: SECRET,
      salt: SALT,
    });
    expect(decoded).toMatchObject(token);
    const empty = await codec.decode({
      token: await codec.encode({ secret: SECRET, salt: SALT }),
      secret: SECRET,
      salt: SALT,
    });
    expect(empty).toEqual({ iat: expect.any(Number), exp: expect.any(Number), jti: expect.any(String) });
  });

  it("round-trips payloads around the AES block size", async () => {
    for (let length = 0; length < 40; length++) {
      const token = { pad: "x".repeat(length) };
      const jwt = await codec.encode({ token, secret: SECRET, salt: SALT });
      expect(await codec.decode({ token: jwt, secret: SECRET, salt: SALT })).toMatchObject(token);
    }
  });

  it("writes the protected header {alg: dir, enc: A256CBC-HS512, kid} with the key's SHA-512 JWK thumbprint", async () => {
    const jwt = await codec.encode({ token: { sub: "u" }, secret: SECRET, salt: SALT });
    const kid = await calculateJwkThumbprint(
      { kty: "oct", k: base64url.encode(deriveKey(SECRET, SALT)) },
      "sha512",
    );
    const headerText = Buffer.from(jwt.split(".")[0] as string, "base64url").toString();
    expect(headerText).toBe(`{"alg":"dir","enc":"A256CBC-HS512","kid":"${kid}"}`);
    // dir: no encrypted key; a 16-byte IV and a 32-byte tag.
    const [, encryptedKey, iv, , tag] = jwt.split(".");
    expect(encryptedKey).toBe("");
    expect(Buffer.from(iv as string, "base64url")).toHaveLength(16);
    expect(Buffer.from(tag as string, "base64url")).toHaveLength(32);
  });

  it("derives a different kid for another salt or another secret", async () => {
    const kidOf = async (secret: string, salt: string) =>
      (protectedHeaderOf(await codec.encode({ secret, salt })) as { kid: string }).kid;
    const base = await kidOf(SECRET, SALT);
    expect(await kidOf(SECRET, `__Secure-${SALT}`)).not.toBe(base);
    expect(await kidOf(OTHER_SECRET, SALT)).not.toBe(base);
    expect(await kidOf(SECRET, SALT)).toBe(base);
  });

  it("sets iat to now, exp to now + 30 days by default, and a fresh uuid jti on each call", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: FIXED_NOW });
    const first = await codec.decode({
      token: await codec.encode({ secret: SECRET, salt: SALT }),
      secret: SECRET,
      salt: SALT,
    });
    const second = await codec.decode({
      token: await codec.encode({ secret: SECRET, salt: SALT }),
      secret: SECRET,
      salt: SALT,
    });
    expect(first?.iat).toBe(FIXED_NOW_SECONDS);
    expect(first?.exp).toBe(FIXED_NOW_SECONDS + 2_592_000);
    expect(first?.jti).toMatch(UUID_V4);
    expect(second?.jti).toMatch(UUID_V4);
    expect(second?.jti).not.toBe(first?.jti);
  });

  it("sets exp from maxAge and overrides iat, exp and jti passed in the token", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: FIXED_NOW });
    const token = { sub: "u", iat: 1, exp: 2, jti: "chosen-by-caller" };
    const jwt = await codec.encode({ token, secret: SECRET, salt: SALT, maxAge: 60 });
    const decoded = await codec.decode({ token: jwt, secret: SECRET, salt: SALT });
    expect(decoded).toMatchObject({ sub: "u", iat: FIXED_NOW_SECONDS, exp: FIXED_NOW_SECONDS + 60 });
    expect(decoded?.jti).toMatch(UUID_V4);
  });

  it("uses a fresh IV for every token, so equal claims never give equal tokens", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: FIXED_NOW });
    const ivs = new Set<string>();
    for (let i = 0; i < 20; i++) {
      ivs.add(
        (await codec.encode({ token: { sub: "u" }, secret: SECRET, salt: SALT })).split(".")[2] as string,
      );
    }
    expect(ivs.size).toBe(20);
  });

  it("encrypts with the first secret of an array and decrypts with any of them", async () => {
    const jwt = await codec.encode({ token: { sub: "u" }, secret: [SECRET, OTHER_SECRET], salt: SALT });
    expect(await codec.decode({ token: jwt, secret: SECRET, salt: SALT })).toMatchObject({ sub: "u" });
    expect(await codec.decode({ token: jwt, secret: OTHER_SECRET, salt: SALT })).toBeNull();
    expect(
      await codec.decode({ token: jwt, secret: ["new-secret-ffffffffffffffff", SECRET], salt: SALT }),
    ).toMatchObject({
      sub: "u",
    });
  });

  it("decodes a token made with a rotated-out secret that is still listed", async () => {
    const old = await codec.encode({ token: { sub: "u" }, secret: OTHER_SECRET, salt: SALT });
    expect(await codec.decode({ token: old, secret: [SECRET, OTHER_SECRET], salt: SALT })).toMatchObject({
      sub: "u",
    });
    expect(await codec.decode({ token: old, secret: [SECRET], salt: SALT })).toBeNull();
  });

  it("keeps (secret, salt) pairs apart in its key cache even when their concatenations coincide", async () => {
    const sealed = await codec.encode({ token: { sub: "u" }, secret: "b\u0000c", salt: "a" });
    await codec.encode({ token: { sub: "u" }, secret: "c", salt: "a\u0000b" });
    expect(await codec.decode({ token: sealed, secret: "c", salt: "a\u0000b" })).toBeNull();
    expect(await codec.decode({ token: sealed, secret: "b\u0000c", salt: "a" })).toMatchObject({ sub: "u" });
  });

  it("keeps working after its key cache has evicted entries", async () => {
    const salts = Array.from({ length: 140 }, (_, i) => `cookie-${i}`);
    const tokens = await Promise.all(
      salts.map((salt) => codec.encode({ token: { salt }, secret: SECRET, salt })),
    );
    for (const [i, salt] of salts.entries()) {
      expect(await codec.decode({ token: tokens[i], secret: SECRET, salt })).toMatchObject({ salt });
    }
  });
});

describe("session JWTs across the two crypto paths", () => {
  const [[, first], [, second]] = runtimes as [[string, CryptoRuntime], [string, CryptoRuntime]];
  const pairs: Array<[string, CryptoRuntime, CryptoRuntime]> = [
    ["node:crypto → Web Crypto", first, second],
    ["Web Crypto → node:crypto", second, first],
  ];

  it.each(pairs)("decodes tokens encoded on the other path (%s)", async (_name, writer, reader) => {
    const token = { sub: "user-1", name: "Ünïcode" };
    const jwt = await createJwtCodec(writer).encode({ token, secret: [SECRET, OTHER_SECRET], salt: SALT });
    expect(
      await createJwtCodec(reader).decode({ token: jwt, secret: [OTHER_SECRET, SECRET], salt: SALT }),
    ).toMatchObject(token);
  });

  it("writes byte-identical headers on both paths", async () => {
    const a = await createJwtCodec(first).encode({ secret: SECRET, salt: SALT });
    const b = await createJwtCodec(second).encode({ secret: SECRET, salt: SALT });
    expect(a.split(".")[0]).toBe(b.split(".")[0]);
  });
});

describe("secret rotation picks the key named by kid first", () => {
  /** A runtime whose decrypt calls are counted, to observe how many keys decode tries. */
  function countingRuntime(base: CryptoRuntime) {
    const decrypt = vi.fn(base.decrypt);
    return { runtime: { ...base, decrypt } satisfies CryptoRuntime, decrypt };
  }
  const secrets = [
    "secret-number-one-aaaaaaaaaaaa",
    "secret-number-two-bbbbbbbbbbbb",
    "secret-number-three-cccccccccc",
  ];

  it.each(runtimes)("decrypts once when the kid names the last secret of three (%s)", async (_name, base) => {
    const { runtime, decrypt } = countingRuntime(base);
    const codec = createJwtCodec(runtime);
    const jwt = await codec.encode({ token: { sub: "u" }, secret: secrets[2] as string, salt: SALT });
    expect(await codec.decode({ token: jwt, secret: secrets, salt: SALT })).toMatchObject({ sub: "u" });
    expect(decrypt).toHaveBeenCalledTimes(1);
  });

  it.each(runtimes)("tries every secret in order when the header has no kid (%s)", async (_name, base) => {
    const { runtime, decrypt } = countingRuntime(base);
    const codec = createJwtCodec(runtime);
    const jwt = craftToken({ payload: freshClaims(), secret: secrets[2] as string });
    expect(await codec.decode({ token: jwt, secret: secrets, salt: SALT })).toMatchObject({ sub: "user-1" });
    expect(decrypt).toHaveBeenCalledTimes(3);
  });

  it.each(runtimes)(
    "still finds the right secret when the kid names none of them (%s)",
    async (_name, base) => {
      const { runtime, decrypt } = countingRuntime(base);
      const codec = createJwtCodec(runtime);
      const header = { alg: "dir", enc: "A256CBC-HS512", kid: "not-a-thumbprint-of-any-secret" };
      const jwt = craftToken({ header, payload: freshClaims(), secret: secrets[1] as string });
      expect(await codec.decode({ token: jwt, secret: secrets, salt: SALT })).toMatchObject({
        sub: "user-1",
      });
      expect(decrypt).toHaveBeenCalledTimes(2);
    },
  );
});

describe("missing configuration", () => {
  /** The error `attempt` rejects with, which must be a MissingSecret saying how to set a secret. */
  async function expectSecretFixHint(attempt: Promise<unknown>) {
    const error = await attempt.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(MissingSecret);
    expect((error as MissingSecret).type).toBe("MissingSecret");
    expect((error as Error).message).toContain("AUTH_SECRET");
    expect((error as Error).message).toContain("openssl rand");
  }

  it.each([
    ["an empty string", ""],
    ["undefined", undefined],
    ["an empty array", []],
    ["an array holding an empty string", [SECRET, ""]],
  ])("throws MissingSecret telling how to set AUTH_SECRET when the secret is %s", async (_what, secret) => {
    const badSecret = secret as unknown as string;
    await expectSecretFixHint(encode({ secret: badSecret, salt: SALT }));
    await expectSecretFixHint(decode({ token: "x", secret: badSecret, salt: SALT }));
  });

  it.each([
    ["empty", ""],
    ["missing", undefined],
  ])("throws MissingSecret naming the salt to pass when the salt is %s", async (_what, salt) => {
    const badSalt = salt as unknown as string;
    for (const attempt of [
      encode({ secret: SECRET, salt: badSalt }),
      decode({ token: "x", secret: SECRET, salt: badSalt }),
    ]) {
      await expect(attempt).rejects.toBeInstanceOf(MissingSecret);
      await expect(attempt).rejects.toThrow(/`salt`.*authjs\.session-token/);
    }
  });
});

describe("public latchkey/jwt module", () => {
  it("round-trips through encode and decode bound to the platform runtime", async () => {
    const jwt = await encode({ token: { sub: "public" }, secret: SECRET, salt: SALT });
    expect(await decode({ token: jwt, secret: SECRET, salt: SALT })).toMatchObject({ sub: "public" });
  });
});

describe.each(runtimes)("the registered claims encode adds, with %s", (_runtimeName, runtime) => {
  // Captures each plaintext encode seals, to check the raw JSON rather than a parsed view of it.
  const plaintexts: string[] = [];
  const capturing: CryptoRuntime = {
    ...runtime,
    encryptCbcHs512: (key, plaintext, aad, iv) => {
      plaintexts.push(new TextDecoder().decode(plaintext));
      return runtime.encryptCbcHs512(key, plaintext, aad, iv);
    },
  };
  const codec = createJwtCodec(capturing);
  const params = { secret: "claims-secret", salt: "authjs.session-token" };

  it.each([
    ["an empty token", {}],
    ["a token with claims", { sub: "u1", name: 'Ada "the Countess"', nested: { a: [1, 2] } }],
    ["a token that already has iat, exp and jti", { sub: "u1", iat: 1, exp: 2, jti: "old" }],
    ["a token with only an old exp", { exp: 2 }],
  ])("writes iat, exp and jti exactly once and keeps every other claim: %s", async (_name, token) => {
    const jwt = await codec.encode({ ...params, token });
    const raw = plaintexts.at(-1) as string;
    for (const claim of ["iat", "exp", "jti"]) expect(raw.split(`"${claim}":`)).toHaveLength(2);
    const claims = await codec.decode({ token: jwt, ...params });
    expect(claims?.jti).not.toBe("old");
    expect(claims?.exp).toBeGreaterThan(Date.now() / 1000);
    for (const [key, value] of Object.entries(token)) {
      if (!["iat", "exp", "jti"].includes(key)) expect(claims?.[key]).toEqual(value);
    }
  });
});
