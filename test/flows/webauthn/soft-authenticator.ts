/**
 * A software WebAuthn authenticator for tests: it answers registration and authentication options
 * the way a browser and a "none"-attestation authenticator would (WebAuthn Level 3 §6.1, §6.5.1,
 * §8.7), with an ES256 key per credential. Every part an attacker controls can be bent: the origin
 * and RP ID it claims, the UP/UV flags, the counter, the challenge, and the bytes after signing.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoCBOR } from "@simplewebauthn/server/helpers";

export const FLAG_UP = 0x01;
export const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString("base64url");
const sha256 = (bytes: Uint8Array | string): Buffer => createHash("sha256").update(bytes).digest();
const uint32 = (value: number): Buffer => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value >>> 0);
  return buffer;
};

export interface SoftCredential {
  id: Uint8Array;
  privateKey: KeyObject;
  /** The COSE_Key the authenticator reported (RFC 9053 §7.1.1, EC2 P-256). */
  publicKey: Uint8Array;
  userHandle: string;
  counter: number;
}

/** What a test may bend in one response. */
export interface Bend {
  origin?: string;
  rpId?: string;
  /** The authenticator data flags; default UP|UV. */
  flags?: number;
  /** The signature counter to report; default the credential's next value. */
  counter?: number;
  challenge?: string;
  type?: string;
  /** Registration: the credential id to report instead of a fresh one. */
  credentialId?: Uint8Array;
  /** Changes the client data after the signature was made. */
  alterClientData?: (json: string) => string;
  /** Changes the authenticator data after the signature was made. */
  alterAuthenticatorData?: (bytes: Buffer) => Buffer;
}

export interface SoftAuthenticatorOptions {
  origin: string;
  rpId: string;
  /** How much the counter moves per assertion; 0 for authenticators that keep no counter. */
  counterStep?: number;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(private readonly options: SoftAuthenticatorOptions) {}

  private clientData(type: string, challenge: string, bend: Bend): string {
    const json = JSON.stringify({
      type: bend.type ?? type,
      challenge: bend.challenge ?? challenge,
      origin: bend.origin ?? this.options.origin,
      crossOrigin: false,
    });
    return json;
  }

  /** `navigator.credentials.create()`: a new credential with "none" attestation. */
  create(options: PublicKeyCredentialCreationOptionsJSON, bend: Bend = {}): RegistrationResponseJSON {
    const { privateKey, publicKey: publicKeyObject } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKeyObject.export({ format: "jwk" });
    const publicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x as string, "base64url"))],
        [-3, new Uint8Array(Buffer.from(jwk.y as string, "base64url"))],
      ]),
    );
    const id = bend.credentialId ?? new Uint8Array(randomBytes(16));
    const counter = bend.counter ?? 0;
    const credential: SoftCredential = { id, privateKey, publicKey, userHandle: options.user.id, counter };
    const credentialIdLength = Buffer.alloc(2);
    credentialIdLength.writeUInt16BE(id.length);
    const authenticatorData = Buffer.concat([
      sha256(bend.rpId ?? this.options.rpId),
      Buffer.from([(bend.flags ?? FLAG_UP | FLAG_UV) | FLAG_AT]),
      uint32(counter),
      Buffer.alloc(16),
      credentialIdLength,
      id,
      publicKey,
    ]);
    const clientDataJSON = this.clientData("webauthn.create", options.challenge, bend);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", new Uint8Array(bend.alterAuthenticatorData?.(authenticatorData) ?? authenticatorData)],
      ]),
    );
    this.credentials.push(credential);
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: "public-key",
      response: {
        clientDataJSON: b64url(Buffer.from(bend.alterClientData?.(clientDataJSON) ?? clientDataJSON)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
    };
  }

  /** `navigator.credentials.get()`: an assertion by `credential` (default: the newest). */
  get(
    options: PublicKeyCredentialRequestOptionsJSON,
    bend: Bend = {},
    credential: SoftCredential | undefined = this.credentials.at(-1),
  ): AuthenticationResponseJSON {
    if (!credential) throw new Error("this authenticator holds no credential");
    const counter = bend.counter ?? credential.counter + (this.options.counterStep ?? 1);
    credential.counter = counter;
    const authenticatorData = Buffer.concat([
      sha256(bend.rpId ?? this.options.rpId),
      Buffer.from([bend.flags ?? FLAG_UP | FLAG_UV]),
      uint32(counter),
    ]);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, bend);
    const signature = sign(
      "sha256",
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key",
      response: {
        clientDataJSON: b64url(Buffer.from(bend.alterClientData?.(clientDataJSON) ?? clientDataJSON)),
        authenticatorData: b64url(bend.alterAuthenticatorData?.(authenticatorData) ?? authenticatorData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}
