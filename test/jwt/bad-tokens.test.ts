/**
 * decode answers null — never an exception — for every token it cannot decrypt or verify. Where a case
 * is built with the test sealer, a control shows the same construction decodes when nothing is wrong,
 * so each null is caused by the one thing the case changes.
 */
import { decode as authjsDecode } from "@auth/core/jwt";
import { EncryptJWT, generateKeyPair, SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createJwtCodec } from "../../src/jwt/codec.js";
import { MAX_TOKEN_LENGTH } from "../../src/jwt/index.js";
import { runtime as nodeRuntime } from "../../src/runtime/node.js";
import {
  craftToken,
  deriveKey,
  freshClaims,
  fromB64url,
  nowSeconds,
  OTHER_SECRET,
  protectedHeaderOf,
  runtimes,
  SALT,
  SECRET,
  tamperSegment,
} from "./support.js";

const writer = createJwtCodec(nodeRuntime);
const validToken = () => writer.encode({ token: { sub: "user-1" }, secret: SECRET, salt: SALT });
const header = { alg: "dir", enc: "A256CBC-HS512" };

const BASE64URL_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Flips bit `bit` of the 6-bit value the last character of a base64url string encodes. */
function flipLastSextetBit(segment: string, bit: number): string {
  const value = BASE64URL_ALPHABET.indexOf(segment[segment.length - 1] as string);
  return segment.slice(0, -1) + BASE64URL_ALPHABET[value ^ (1 << bit)];
}

afterEach(() => {
  vi.useRealTimers();
});

/** Each case builds a token that must not decode with SECRET and SALT. */
const badTokens: Array<[string, () => Promise<unknown> | unknown]> = [
  [
    "encrypted with another secret",
    () => writer.encode({ token: { sub: "u" }, secret: OTHER_SECRET, salt: SALT }),
  ],
  [
    "encrypted with another salt",
    () => writer.encode({ token: { sub: "u" }, secret: SECRET, salt: `__Secure-${SALT}` }),
  ],
  [
    "whose header was rewritten (valid JSON, same alg/enc/kid, one more member)",
    async () => {
      const token = await validToken();
      const parsed = protectedHeaderOf(token) as Record<string, unknown>;
      const rewritten = Buffer.from(JSON.stringify({ ...parsed, typ: "JWT" })).toString("base64url");
      return [rewritten, ...token.split(".").slice(1)].join(".");
    },
  ],
  [
    "whose header kid was swapped for another secret's",
    async () => {
      const other = await writer.encode({ secret: OTHER_SECRET, salt: SALT });
      const token = await validToken();
      return [other.split(".")[0], ...token.split(".").slice(1)].join(".");
    },
  ],
  ["with one IV byte changed", async () => tamperSegment(await validToken(), 2, 0, 1)],
  ["with one ciphertext byte changed", async () => tamperSegment(await validToken(), 3, 5, 0x80)],
  ["with the last ciphertext byte changed", async () => tamperSegment(await validToken(), 3, -1, 2)],
  ["with one tag byte changed", async () => tamperSegment(await validToken(), 4, 31, 1)],
  [
    "with its ciphertext replaced by another token's",
    async () => {
      const [a, b] = [await validToken(), await validToken()];
      const parts = a.split(".");
      parts[3] = b.split(".")[3] as string;
      return parts.join(".");
    },
  ],
  ["truncated by one character", async () => (await validToken()).slice(0, -1)],
  ["truncated by four characters", async () => (await validToken()).slice(0, -4)],
  [
    "cut in half",
    async () => {
      const t = await validToken();
      return t.slice(0, t.length / 2);
    },
  ],
  ["with a sixth segment", async () => `${await validToken()}.AAAA`],
  ["with a trailing dot", async () => `${await validToken()}.`],
  ["without its tag segment", async () => (await validToken()).split(".").slice(0, 4).join(".")],
  [
    "with an encrypted key where dir has none",
    async () => {
      const p = (await validToken()).split(".");
      p[1] = "AAAA";
      return p.join(".");
    },
  ],
  [
    "with an empty ciphertext",
    async () => {
      const p = (await validToken()).split(".");
      p[3] = "";
      return p.join(".");
    },
  ],
  [
    "with a padded (=) segment",
    async () => {
      const p = (await validToken()).split(".");
      p[4] = `${p[4]}=`;
      return p.join(".");
    },
  ],
  [
    "with a standard-base64 character in a segment",
    async () => {
      const p = (await validToken()).split(".");
      p[3] = `+${(p[3] as string).slice(1)}`;
      return p.join(".");
    },
  ],
  ["of five empty segments", () => "...."],
  ["of five junk segments", () => "a.b.c.d.e"],
  [
    "that is a signed JWT (JWS), not a JWE",
    () =>
      new SignJWT({ sub: "u" })
        .setProtectedHeader({ alg: "HS256" })
        .setExpirationTime("1h")
        .sign(deriveKey(SECRET, SALT, 32)),
  ],
  ["that is plain text", () => "not a token at all"],
  ["that is the empty string", () => ""],
  ["that is undefined", () => undefined],
  ["that is null", () => null],
  ["that is a number", () => 12345],
  ["that is an object", () => ({ token: "x" })],
  ["longer than MAX_TOKEN_LENGTH", () => "A".repeat(MAX_TOKEN_LENGTH + 1)],
  ["whose claims lack exp", () => craftToken({ payload: { sub: "u", iat: nowSeconds() } })],
  ["whose exp is a string", () => craftToken({ payload: freshClaims({ exp: String(nowSeconds() + 3600) }) })],
  ["whose iat is not a number", () => craftToken({ payload: freshClaims({ iat: "yesterday" }) })],
  ["whose nbf is not a number", () => craftToken({ payload: freshClaims({ nbf: "soon" }) })],
  ["whose payload is a JSON array", () => craftToken({ payload: [freshClaims()] })],
  ["whose payload is JSON null", () => craftToken({ payload: "null" })],
  // JSON.parse reads 1e400 as Infinity: a time claim must be a finite number.
  ["whose exp overflows to Infinity", () => craftToken({ payload: '{"sub":"u","exp":1e400}' })],
  ["whose payload is a JSON number", () => craftToken({ payload: "42" })],
  ["whose payload is a JSON string", () => craftToken({ payload: '"claims"' })],
  ["whose payload is not JSON", () => craftToken({ payload: "sub=user-1; exp=never" })],
  ["whose payload is not UTF-8 JSON", () => craftToken({ payload: "\u00ff{\u00fe" })],
  [
    "whose header says alg A256KW",
    () => craftToken({ header: { ...header, alg: "A256KW" }, payload: freshClaims() }),
  ],
  [
    "whose header says alg none",
    () => craftToken({ header: { ...header, alg: "none" }, payload: freshClaims() }),
  ],
  ["whose header has no alg", () => craftToken({ header: { enc: "A256CBC-HS512" }, payload: freshClaims() })],
  [
    "whose header says enc A128CBC-HS256",
    () => craftToken({ header: { ...header, enc: "A128CBC-HS256" }, payload: freshClaims() }),
  ],
  [
    "whose header says enc A256GCM over CBC content",
    () => craftToken({ header: { ...header, enc: "A256GCM" }, payload: freshClaims() }),
  ],
  [
    "whose header carries zip: DEF",
    () => craftToken({ header: { ...header, zip: "DEF" }, payload: freshClaims() }),
  ],
  [
    "whose header carries crit",
    () => craftToken({ header: { ...header, crit: ["exp"], exp: 1 }, payload: freshClaims() }),
  ],
  [
    "whose header kid is a number",
    () => craftToken({ header: { ...header, kid: 7 }, payload: freshClaims() }),
  ],
  ["whose header is a JSON array", () => craftToken({ header: "[]", payload: freshClaims() })],
  ["whose header is not JSON", () => craftToken({ header: "{alg:dir}", payload: freshClaims() })],
  ["whose header is JSON null", () => craftToken({ header: "null", payload: freshClaims() })],
  [
    "made by jose with alg A256KW",
    () =>
      new EncryptJWT({ sub: "u" })
        .setProtectedHeader({ alg: "A256KW", enc: "A256CBC-HS512" })
        .setExpirationTime("1h")
        .encrypt(deriveKey(SECRET, SALT, 32)),
  ],
  [
    "made by jose with alg RSA-OAEP",
    async () => {
      const { publicKey } = await generateKeyPair("RSA-OAEP", { modulusLength: 2048 });
      return new EncryptJWT({ sub: "u" })
        .setProtectedHeader({ alg: "RSA-OAEP", enc: "A256CBC-HS512" })
        .setExpirationTime("1h")
        .encrypt(publicKey);
    },
  ],
  [
    "made by jose with enc A128CBC-HS256",
    () =>
      new EncryptJWT({ sub: "u" })
        .setProtectedHeader({ alg: "dir", enc: "A128CBC-HS256" })
        .setExpirationTime("1h")
        .encrypt(deriveKey(SECRET, SALT, 32)),
  ],
  [
    "made by jose with A256GCM and one tag byte changed",
    async () => {
      const jwt = await new EncryptJWT({ sub: "u" })
        .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
        .setExpirationTime("1h")
        .encrypt(deriveKey(SECRET, SALT, 32));
      return tamperSegment(jwt, 4, 0, 1);
    },
  ],
  [
    "made by jose with A256GCM under another secret",
    () =>
      new EncryptJWT({ sub: "u" })
        .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
        .setExpirationTime("1h")
        .encrypt(deriveKey(OTHER_SECRET, SALT, 32)),
  ],
];

describe.each(runtimes)("decode with %s", (_name, runtime) => {
  const codec = createJwtCodec(runtime);
  const decodeWithDefaults = (token: unknown) =>
    codec.decode({ token: token as string, secret: SECRET, salt: SALT });

  it("accepts tokens built by the test sealer when nothing is wrong (control)", async () => {
    await expect(decodeWithDefaults(craftToken({ payload: freshClaims() }))).resolves.toMatchObject({
      sub: "user-1",
    });
    await expect(
      decodeWithDefaults(craftToken({ header: { ...header, kid: "k" }, payload: freshClaims() })),
    ).resolves.not.toBeNull();
    await expect(
      decodeWithDefaults(craftToken({ payload: freshClaims({ nbf: nowSeconds() - 10 }) })),
    ).resolves.not.toBeNull();
    await expect(decodeWithDefaults(await validToken())).resolves.toMatchObject({ sub: "user-1" });
  });

  it.each(badTokens)("returns null for a token %s", async (_what, build) => {
    await expect(decodeWithDefaults(await build())).resolves.toBeNull();
  });

  it("rejects a token whose segment has a non-canonical last character, although it decodes to the same bytes", async () => {
    const token = await validToken();
    const parts = token.split(".");
    // A 32-byte tag is 43 characters; the last one carries 2 unused bits, which base64url decoders ignore.
    const tag = parts[4] as string;
    for (const bit of [0, 1]) {
      const tweaked = flipLastSextetBit(tag, bit);
      expect(Buffer.from(fromB64url(tweaked)).equals(Buffer.from(fromB64url(tag)))).toBe(true);
      expect(await decodeWithDefaults([...parts.slice(0, 4), tweaked].join("."))).toBeNull();
    }
    // The 16-byte IV is 22 characters; its last one carries 4 unused bits.
    const iv = parts[2] as string;
    for (const bit of [0, 1, 2, 3]) {
      const tweaked = flipLastSextetBit(iv, bit);
      expect(Buffer.from(fromB64url(tweaked)).equals(Buffer.from(fromB64url(iv)))).toBe(true);
      expect(
        await decodeWithDefaults([parts[0], parts[1], tweaked, parts[3], parts[4]].join(".")),
      ).toBeNull();
    }
  });

  it("rejects a non-canonical header segment even though its JSON is unchanged", async () => {
    // Pad the header JSON until its base64url length leaves unused bits in the last character.
    let headerJson = '{"alg":"dir","enc":"A256CBC-HS512"}';
    while (Buffer.from(headerJson).toString("base64url").length % 4 === 0)
      headerJson = `${headerJson.slice(0, -1)} }`;
    const crafted = craftToken({ header: headerJson, payload: freshClaims() });
    await expect(decodeWithDefaults(crafted)).resolves.not.toBeNull();
    const parts = crafted.split(".");
    parts[0] = flipLastSextetBit(parts[0] as string, 0);
    expect(Buffer.from(fromB64url(parts[0])).toString()).toBe(headerJson);
    await expect(decodeWithDefaults(parts.join("."))).resolves.toBeNull();
  });

  it("accepts a token of 40 000 characters but returns null once it exceeds MAX_TOKEN_LENGTH", async () => {
    const large = await writer.encode({ token: { blob: "x".repeat(29_000) }, secret: SECRET, salt: SALT });
    expect(large.length).toBeGreaterThan(38_000);
    expect(large.length).toBeLessThan(MAX_TOKEN_LENGTH);
    await expect(decodeWithDefaults(large)).resolves.toMatchObject({ blob: expect.any(String) });
    const oversized = await writer.encode({
      token: { blob: "x".repeat(50_000) },
      secret: SECRET,
      salt: SALT,
    });
    expect(oversized.length).toBeGreaterThan(MAX_TOKEN_LENGTH);
    await expect(decodeWithDefaults(oversized)).resolves.toBeNull();
  });

  describe("time claims, with the clock pinned", () => {
    const issuedAt = new Date("2032-02-02T12:00:00Z");
    const issuedAtSeconds = Math.floor(issuedAt.getTime() / 1000);

    it("accepts a token up to 14 s past exp and rejects it from 15 s, as Auth.js does", async () => {
      vi.useFakeTimers({ toFake: ["Date"], now: issuedAt });
      const jwt = await codec.encode({ token: { sub: "u" }, secret: SECRET, salt: SALT, maxAge: 60 });
      vi.setSystemTime((issuedAtSeconds + 60 + 14) * 1000);
      await expect(decodeWithDefaults(jwt)).resolves.toMatchObject({ sub: "u" });
      await expect(authjsDecode({ token: jwt, secret: SECRET, salt: SALT })).resolves.toMatchObject({
        sub: "u",
      });
      vi.setSystemTime((issuedAtSeconds + 60 + 15) * 1000);
      await expect(decodeWithDefaults(jwt)).resolves.toBeNull();
      await expect(authjsDecode({ token: jwt, secret: SECRET, salt: SALT })).rejects.toThrow();
    });

    it("returns null for a token that expired long ago", async () => {
      vi.useFakeTimers({ toFake: ["Date"], now: issuedAt });
      const jwt = await codec.encode({ token: { sub: "u" }, secret: SECRET, salt: SALT });
      vi.setSystemTime(issuedAt.getTime() + 31 * 24 * 3600 * 1000);
      await expect(decodeWithDefaults(jwt)).resolves.toBeNull();
    });

    it("accepts nbf up to 15 s in the future and returns null beyond that", async () => {
      vi.useFakeTimers({ toFake: ["Date"], now: issuedAt });
      const soon = await codec.encode({ token: { nbf: issuedAtSeconds + 15 }, secret: SECRET, salt: SALT });
      const later = await codec.encode({ token: { nbf: issuedAtSeconds + 16 }, secret: SECRET, salt: SALT });
      const muchLater = await codec.encode({
        token: { nbf: issuedAtSeconds + 3600 },
        secret: SECRET,
        salt: SALT,
      });
      await expect(decodeWithDefaults(soon)).resolves.toMatchObject({ nbf: issuedAtSeconds + 15 });
      await expect(decodeWithDefaults(later)).resolves.toBeNull();
      await expect(decodeWithDefaults(muchLater)).resolves.toBeNull();
    });
  });
});
