/**
 * Property-based checks: whatever string arrives as a token, decode and getToken resolve (never
 * reject), and a token that differs from a valid one in any way never yields a payload.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createJwtCodec } from "../../src/jwt/codec.js";
import { createGetToken } from "../../src/jwt/get-token.js";
import { b64url, flipBit, runtimes, SALT, SECRET } from "./support.js";

const NUM_RUNS = 150;
const quietLogger = { warn: () => {}, debug: () => {} };
const BASE64URL_CHARS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"];

const segment = fc.string({ unit: fc.constantFrom(...BASE64URL_CHARS), maxLength: 80 });
const bytesOf = (length: number) => fc.uint8Array({ minLength: length, maxLength: length }).map(b64url);

describe.each(runtimes)("fuzzing decode and getToken with %s", (_name, runtime) => {
  const codec = createJwtCodec(runtime);
  const getToken = createGetToken(codec);
  // Each test seals its own token rather than sharing one from a hook: work done in a hook belongs
  // to no test, so the mutation run could not tell which tests cover the code that sealed it.
  const sealValid = () =>
    codec.encode({ token: { sub: "user-1", name: "fuzz" }, secret: SECRET, salt: SALT });

  /** Every way the token can reach latchkey: decode directly, the session cookie, a Bearer header. */
  async function everyEntryPoint(token: string) {
    return [
      await codec.decode({ token, secret: SECRET, salt: SALT }),
      await getToken({
        req: { headers: { cookie: `${SALT}=${token}` } },
        secret: SECRET,
        logger: quietLogger,
      }),
      await getToken({
        req: { headers: { authorization: `Bearer ${token}` } },
        secret: SECRET,
        logger: quietLogger,
      }),
    ];
  }

  it("control: the valid token decodes through every entry point", async () => {
    const valid = await sealValid();
    for (const result of await everyEntryPoint(valid)) expect(result).toMatchObject({ sub: "user-1" });
  });

  it("returns null for random strings, without throwing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: "binary", maxLength: 200 })),
        async (token) => {
          for (const result of await everyEntryPoint(token)) expect(result).toBeNull();
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it("returns null for random JWE-shaped strings of five base64url segments, without throwing", async () => {
    // Parts are often well-formed (the real header, right-sized IV, block-sized ciphertext, 32-byte tag)
    // so that many cases get past parsing and reach the authentication check.
    const headerPart = (await sealValid()).split(".")[0] as string;
    const header = fc.oneof(
      segment,
      fc.constant(null).map(() => headerPart),
      fc
        .record({
          alg: fc.constantFrom("dir", "A256KW", "none"),
          enc: fc.constantFrom("A256CBC-HS512", "A256GCM", "A128GCM"),
        })
        .map((h) => b64url(JSON.stringify(h))),
    );
    const ciphertext = fc.oneof(
      segment,
      fc.integer({ min: 1, max: 8 }).chain((blocks) => bytesOf(16 * blocks)),
    );
    const jweShaped = fc
      .tuple(
        header,
        fc.oneof(fc.constant(""), segment),
        fc.oneof(bytesOf(16), bytesOf(12), segment),
        ciphertext,
        fc.oneof(bytesOf(32), bytesOf(16), segment),
      )
      .map((parts) => parts.join("."));
    await fc.assert(
      fc.asyncProperty(jweShaped, async (token) => {
        for (const result of await everyEntryPoint(token)) expect(result).toBeNull();
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it("never returns a payload for a valid token with one bit of one character flipped", async () => {
    const valid = await sealValid();
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 10_000 }), fc.integer({ min: 0, max: 15 }), async (position, bit) => {
        const token = flipBit(valid, position % valid.length, bit);
        for (const result of await everyEntryPoint(token)) expect(result).toBeNull();
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it("never returns a payload for a valid token with one bit flipped in each segment's last character", async () => {
    const valid = await sealValid();
    // The last characters are where non-canonical base64url would hide; check every low bit there.
    let offset = 0;
    for (const part of valid.split(".")) {
      offset += part.length;
      if (part.length > 0) {
        for (let bit = 0; bit < 7; bit++) {
          for (const result of await everyEntryPoint(flipBit(valid, offset - 1, bit)))
            expect(result).toBeNull();
        }
      }
      offset += 1;
    }
  });

  it("never returns a payload for a valid token with a random slice replaced", async () => {
    const valid = await sealValid();
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 10_000 }),
        fc.nat({ max: 12 }),
        fc.string({ maxLength: 12 }),
        async (start, length, insert) => {
          const from = start % valid.length;
          const token = valid.slice(0, from) + insert + valid.slice(from + length);
          fc.pre(token !== valid);
          for (const result of await everyEntryPoint(token)) expect(result).toBeNull();
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it("resolves for arbitrary Cookie and Authorization headers", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "binary", maxLength: 300 }),
        fc.string({ maxLength: 120 }),
        async (cookie, authorization) => {
          const headers = { cookie, authorization: `Bearer ${authorization}` };
          expect(await getToken({ req: { headers }, secret: SECRET, logger: quietLogger })).toBeNull();
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });
});
