/**
 * The shape of what a browser posts to `/callback/:id`: `action` and `data`, the credential as the
 * JSON encoding of WebAuthn Level 3 §5.1 (`PublicKeyCredential.toJSON()`), sent as a JSON string
 * in a form or as an object in a JSON body. Only the shape is checked here, so that malformed
 * input is a 400 with a reason; every cryptographic check is the verifier's.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { InvalidRequest } from "../../core/errors.js";
import type { WebAuthnAction } from "./challenge.js";

/** base64url without padding; 1023 bytes is the longest credential id (WebAuthn Level 3 §4, "Credential ID"). */
const CREDENTIAL_ID = /^[A-Za-z0-9_-]{1,1364}$/;
const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;

export function parseAction(value: unknown): WebAuthnAction {
  if (value === "register" || value === "authenticate") return value;
  throw new InvalidRequest(`\`action\` must be "register" or "authenticate", not ${JSON.stringify(value)}.`);
}

/** The requested action of an options request: absent lets the server decide. */
export function parseRequestedAction(value: string | undefined): WebAuthnAction | undefined {
  return value === undefined || value === "" ? undefined : parseAction(value);
}

function asObject(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new InvalidRequest(`${what} must be a JSON object.`);
  }
  return value as Record<string, unknown>;
}

function base64urlField(fields: Record<string, unknown>, name: string, what: string): string {
  const value = fields[name];
  if (typeof value !== "string" || !BASE64URL.test(value)) {
    throw new InvalidRequest(`${what}.${name} must be a base64url string.`);
  }
  return value;
}

/** `data`: a JSON string (a form post) or an object (a JSON body). */
function parseData(data: unknown): Record<string, unknown> {
  if (typeof data === "string") {
    try {
      return asObject(JSON.parse(data), "`data`");
    } catch (error) {
      if (error instanceof InvalidRequest) throw error;
      throw new InvalidRequest("`data` is not valid JSON.");
    }
  }
  if (data === undefined) throw new InvalidRequest("The WebAuthn response is missing: post it as `data`.");
  return asObject(data, "`data`");
}

function parseCredential(data: unknown): {
  credential: Record<string, unknown>;
  response: Record<string, unknown>;
} {
  const credential = parseData(data);
  const { id, rawId, type } = credential;
  if (typeof id !== "string" || !CREDENTIAL_ID.test(id)) {
    throw new InvalidRequest("data.id must be the credential id in base64url.");
  }
  if (rawId !== id) throw new InvalidRequest("data.rawId must equal data.id.");
  if (type !== "public-key") throw new InvalidRequest('data.type must be "public-key".');
  if (credential.clientExtensionResults !== undefined) {
    asObject(credential.clientExtensionResults, "data.clientExtensionResults");
  }
  const response = asObject(credential.response, "data.response");
  base64urlField(response, "clientDataJSON", "data.response");
  return { credential, response };
}

/** A registration response (`navigator.credentials.create()`), its shape checked. */
export function parseRegistrationResponse(data: unknown): RegistrationResponseJSON {
  const { credential, response } = parseCredential(data);
  base64urlField(response, "attestationObject", "data.response");
  const { transports } = response;
  if (
    transports !== undefined &&
    !(Array.isArray(transports) && transports.every((transport) => typeof transport === "string"))
  ) {
    throw new InvalidRequest("data.response.transports must be a list of strings.");
  }
  return { clientExtensionResults: {}, ...credential } as unknown as RegistrationResponseJSON;
}

/** An authentication response (`navigator.credentials.get()`), its shape checked. */
export function parseAuthenticationResponse(data: unknown): AuthenticationResponseJSON {
  const { credential, response } = parseCredential(data);
  base64urlField(response, "authenticatorData", "data.response");
  base64urlField(response, "signature", "data.response");
  if (response.userHandle !== undefined && response.userHandle !== null) {
    base64urlField(response, "userHandle", "data.response");
  }
  return { clientExtensionResults: {}, ...credential } as unknown as AuthenticationResponseJSON;
}
