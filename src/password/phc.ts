/**
 * Argon2 hash strings in the PHC string format (the form the reference implementation, libsodium,
 * the `argon2` npm package and Python's argon2-cffi all write):
 * `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`, salt and hash in base64 without padding.
 */

export type Argon2Variant = "argon2d" | "argon2i" | "argon2id";

export interface Argon2Parameters {
  variant: Argon2Variant;
  /** 19 (0x13) for every hash written since 2016; 16 (0x10) for the original version. */
  version: 16 | 19;
  /** Memory in KiB (`m`). */
  memoryCost: number;
  /** Passes over memory (`t`). */
  timeCost: number;
  /** Lanes (`p`). */
  parallelism: number;
}

export interface Argon2Hash extends Argon2Parameters {
  salt: Uint8Array;
  hash: Uint8Array;
}

const PHC =
  /^\$(argon2id|argon2i|argon2d)\$(?:v=(16|19)\$)?m=(\d{1,10}),t=(\d{1,10}),p=(\d{1,3})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function fromBase64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, "base64"));
}

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64").replace(/=+$/, "");

/** The parts of an argon2 PHC string, or undefined when `encoded` is not one. */
export function parseArgon2Hash(encoded: string): Argon2Hash | undefined {
  const match = PHC.exec(encoded);
  if (!match) return undefined;
  const [, variant, version, m, t, p, salt, hash] = match as unknown as [
    string,
    Argon2Variant,
    string | undefined,
    string,
    string,
    string,
    string,
    string,
  ];
  const parsed: Argon2Hash = {
    variant,
    // A string without `v=` predates the version field: version 16.
    version: version === "19" ? 19 : 16,
    memoryCost: Number(m),
    timeCost: Number(t),
    parallelism: Number(p),
    salt: fromBase64(salt),
    hash: fromBase64(hash),
  };
  const sane =
    parsed.memoryCost >= 8 * parsed.parallelism &&
    parsed.memoryCost <= 4 * 1024 * 1024 &&
    parsed.timeCost >= 1 &&
    parsed.timeCost <= 64 &&
    parsed.parallelism >= 1 &&
    parsed.salt.length >= 8 &&
    parsed.hash.length >= 16 &&
    parsed.hash.length <= 128;
  return sane ? parsed : undefined;
}

/** The PHC string for `parts`. */
export function formatArgon2Hash(parts: Argon2Hash): string {
  return `$${parts.variant}$v=${parts.version}$m=${parts.memoryCost},t=${parts.timeCost},p=${parts.parallelism}$${toBase64(parts.salt)}$${toBase64(parts.hash)}`;
}
