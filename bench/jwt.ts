/** Session-token encode/decode/getToken: latchkey vs @auth/core vs a raw node:crypto floor. */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import * as authjs from "@auth/core/jwt";
import { hkdf } from "@panva/hkdf";
import * as latchkey from "latchkey/jwt";
import type { BenchGroup } from "./harness.js";

const secret = "bench-secret-0123456789abcdef0123456789abcdef";
const salt = "authjs.session-token";
const claims = {
  name: "Ada Lovelace",
  email: "ada@example.test",
  picture: "https://example.test/ada.png",
  sub: "a2b0c6f1-5d0e-4c55-9a3c-6f1b1d1f0e11",
};

/**
 * The floor: the same compact JWE work done with node:crypto and nothing else — a pre-derived key,
 * no header parsing, no claim checks. No real implementation can beat it; it shows the overhead left.
 */
async function createFloor() {
  const key = await hkdf("sha256", secret, salt, `Auth.js Generated Encryption Key (${salt})`, 64);
  const macKey = key.subarray(0, 32);
  const encKey = key.subarray(32);
  const header = Buffer.from(JSON.stringify({ alg: "dir", enc: "A256CBC-HS512" })).toString("base64url");
  const aad = Buffer.from(header);
  const al = Buffer.alloc(8);
  al.writeBigUInt64BE(BigInt(aad.length * 8));
  const tagOf = (iv: Buffer, ct: Buffer) =>
    createHmac("sha512", macKey).update(aad).update(iv).update(ct).update(al).digest().subarray(0, 32);
  const plaintext = Buffer.from(JSON.stringify(claims));
  return {
    encode() {
      const iv = randomBytes(16);
      const cipher = createCipheriv("aes-256-cbc", encKey, iv);
      const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return `${header}..${iv.toString("base64url")}.${ct.toString("base64url")}.${tagOf(iv, ct).toString("base64url")}`;
    },
    decode(token: string) {
      const [, , ivPart, ctPart, tagPart] = token.split(".") as [string, string, string, string, string];
      const iv = Buffer.from(ivPart, "base64url");
      const ct = Buffer.from(ctPart, "base64url");
      if (!timingSafeEqual(tagOf(iv, ct), Buffer.from(tagPart, "base64url"))) throw new Error("bad tag");
      const decipher = createDecipheriv("aes-256-cbc", encKey, iv);
      return Buffer.concat([decipher.update(ct), decipher.final()]);
    },
  };
}

export async function jwtGroups(): Promise<BenchGroup[]> {
  const floor = await createFloor();
  const token = await latchkey.encode({ token: claims, secret, salt });
  const floorToken = floor.encode();
  // Plain http: latchkey's getToken picks the `__Secure-` cookie name for an https request, and the
  // cookie here carries the unprefixed name both libraries read by default.
  const request = new Request("http://app.test/api", {
    headers: { cookie: `other=1; ${salt}=${token}; x=y` },
  });

  // Both libraries must read each other's token before their speed means anything.
  if ((await authjs.decode({ token, secret, salt }))?.sub !== claims.sub)
    throw new Error("@auth/core cannot read ours");
  if ((await latchkey.getToken({ req: request, secret }))?.sub !== claims.sub)
    throw new Error("getToken failed");

  return [
    {
      title: "encode",
      tasks: [
        { name: "latchkey", fn: () => latchkey.encode({ token: claims, secret, salt }) },
        { name: "@auth/core", fn: () => authjs.encode({ token: claims, secret, salt }) },
        { name: "floor (node:crypto)", fn: () => floor.encode() },
      ],
      ratios: [
        ["latchkey", "@auth/core"],
        ["latchkey", "floor (node:crypto)"],
      ],
    },
    {
      title: "decode",
      tasks: [
        { name: "latchkey", fn: () => latchkey.decode({ token, secret, salt }) },
        { name: "@auth/core", fn: () => authjs.decode({ token, secret, salt }) },
        { name: "floor (node:crypto)", fn: () => floor.decode(floorToken) },
      ],
      ratios: [
        ["latchkey", "@auth/core"],
        ["latchkey", "floor (node:crypto)"],
      ],
    },
    {
      title: "getToken",
      tasks: [
        { name: "latchkey", fn: () => latchkey.getToken({ req: request, secret }) },
        { name: "@auth/core", fn: () => authjs.getToken({ req: request, secret, secureCookie: false }) },
        { name: "floor (node:crypto)", fn: () => floor.decode(floorToken) },
      ],
      ratios: [
        ["latchkey", "@auth/core"],
        ["latchkey", "floor (node:crypto)"],
      ],
    },
  ];
}
