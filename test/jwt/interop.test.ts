/**
 * Wire compatibility with Auth.js v5: `@auth/core/jwt` is the oracle. Sessions must survive a migration
 * in either direction, including while secrets are being rotated.
 */
import { decode as authjsDecode, encode as authjsEncode } from "@auth/core/jwt";
import { EncryptJWT } from "jose";
import { describe, expect, it } from "vitest";
import { createJwtCodec } from "../../src/jwt/codec.js";
import { deriveKey, OTHER_SECRET, protectedHeaderOf, runtimes, SALT, SECRET } from "./support.js";

const NEWEST = "rotation-newest-secret-000000000000";
const token = {
  sub: "user-42",
  name: "Grace",
  email: "grace@example.com",
  picture: "https://example.com/g.png",
};

describe.each(runtimes)("interop with @auth/core/jwt on %s", (_name, runtime) => {
  const codec = createJwtCodec(runtime);

  it("decodes a token Auth.js encoded with a string secret", async () => {
    const jwt = await authjsEncode({ token, secret: SECRET, salt: SALT });
    expect(await codec.decode({ token: jwt, secret: SECRET, salt: SALT })).toMatchObject(token);
  });

  it("encodes a token Auth.js decodes with a string secret", async () => {
    const jwt = await codec.encode({ token, secret: SECRET, salt: SALT });
    const decoded = await authjsDecode({ token: jwt, secret: SECRET, salt: SALT });
    expect(decoded).toMatchObject(token);
    expect(decoded).toMatchObject({
      iat: expect.any(Number),
      exp: expect.any(Number),
      jti: expect.any(String),
    });
  });

  it("writes the same protected header as Auth.js for the same secret and salt", async () => {
    const ours = await codec.encode({ token, secret: SECRET, salt: "__Secure-authjs.session-token" });
    const theirs = await authjsEncode({ token, secret: SECRET, salt: "__Secure-authjs.session-token" });
    expect(ours.split(".")[0]).toBe(theirs.split(".")[0]);
  });

  it("gives the same lifetime as Auth.js for the default and a custom maxAge", async () => {
    for (const maxAge of [undefined, 3600]) {
      const ours = await authjsDecode({
        token: await codec.encode({ token, secret: SECRET, salt: SALT, maxAge }),
        secret: SECRET,
        salt: SALT,
      });
      const theirs = await authjsDecode({
        token: await authjsEncode({ token, secret: SECRET, salt: SALT, maxAge }),
        secret: SECRET,
        salt: SALT,
      });
      const lifetime = (claims: typeof ours) => (claims?.exp as number) - (claims?.iat as number);
      expect(lifetime(ours)).toBe(lifetime(theirs));
    }
  });

  it("decodes an Auth.js token encrypted with the newest of an array, given the array in any order", async () => {
    const jwt = await authjsEncode({ token, secret: [NEWEST, SECRET], salt: SALT });
    expect(await codec.decode({ token: jwt, secret: [NEWEST, SECRET], salt: SALT })).toMatchObject(token);
    expect(
      await codec.decode({ token: jwt, secret: [SECRET, OTHER_SECRET, NEWEST], salt: SALT }),
    ).toMatchObject(token);
    expect(await codec.decode({ token: jwt, secret: [SECRET, OTHER_SECRET], salt: SALT })).toBeNull();
  });

  it("decodes a token Auth.js wrote before the rotation, with the old secret still listed", async () => {
    const jwt = await authjsEncode({ token, secret: SECRET, salt: SALT });
    expect(await codec.decode({ token: jwt, secret: [NEWEST, SECRET], salt: SALT })).toMatchObject(token);
  });

  it("encrypts with the newest secret of an array, so Auth.js decodes it with that secret alone", async () => {
    const jwt = await codec.encode({ token, secret: [NEWEST, SECRET], salt: SALT });
    expect(await authjsDecode({ token: jwt, secret: NEWEST, salt: SALT })).toMatchObject(token);
    expect(await authjsDecode({ token: jwt, secret: [SECRET, NEWEST], salt: SALT })).toMatchObject(token);
    await expect(authjsDecode({ token: jwt, secret: SECRET, salt: SALT })).rejects.toThrow();
  });

  it("decodes an A256GCM token jose made with the 32-byte key derived the Auth.js way", async () => {
    const jwt = await new EncryptJWT({ ...token })
      .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
      .setIssuedAt()
      .setExpirationTime("1h")
      .setJti("gcm-token")
      .encrypt(deriveKey(SECRET, SALT, 32));
    expect(protectedHeaderOf(jwt)).toEqual({ alg: "dir", enc: "A256GCM" });
    expect(await codec.decode({ token: jwt, secret: SECRET, salt: SALT })).toMatchObject({
      ...token,
      jti: "gcm-token",
    });
    expect(await codec.decode({ token: jwt, secret: [OTHER_SECRET, SECRET], salt: SALT })).toMatchObject(
      token,
    );
    expect(await codec.decode({ token: jwt, secret: OTHER_SECRET, salt: SALT })).toBeNull();
    expect(await codec.decode({ token: jwt, secret: SECRET, salt: `${SALT}x` })).toBeNull();
  });
});
