/**
 * WebAuthn's JSON encoding (WebAuthn Level 3 §5.1: `PublicKeyCredentialCreationOptionsJSON`,
 * `…RequestOptionsJSON`, and `PublicKeyCredential.toJSON()`), in both directions, for browsers
 * that lack the native `parse…FromJSON` and `toJSON` methods. Binary fields travel as base64url
 * without padding (RFC 4648 §5).
 */

type Json = Record<string, unknown>;

function bytes(base64url: string): ArrayBuffer {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0)).buffer;
}

function base64url(buffer: ArrayBuffer | ArrayBufferView): string {
  const view =
    buffer instanceof ArrayBuffer
      ? new Uint8Array(buffer)
      : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  let binary = "";
  for (const byte of view) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const descriptors = (list: unknown) =>
  ((list as Json[] | undefined) ?? []).map((descriptor) => ({
    ...descriptor,
    id: bytes(descriptor.id as string),
  })) as PublicKeyCredentialDescriptor[];

/** `navigator.credentials.create()`'s options from the handler's JSON. */
export function creationOptions(json: Json): PublicKeyCredentialCreationOptions {
  const user = json.user as Json;
  return {
    ...json,
    challenge: bytes(json.challenge as string),
    user: { ...user, id: bytes(user.id as string) },
    excludeCredentials: descriptors(json.excludeCredentials),
  } as PublicKeyCredentialCreationOptions;
}

/** `navigator.credentials.get()`'s options from the handler's JSON. */
export function requestOptions(json: Json): PublicKeyCredentialRequestOptions {
  return {
    ...json,
    challenge: bytes(json.challenge as string),
    allowCredentials: descriptors(json.allowCredentials),
  } as PublicKeyCredentialRequestOptions;
}

/** The credential a ceremony returned, as the handler's callback reads it. */
export function credentialJson(credential: PublicKeyCredential): Json {
  const answer = credential.response;
  const response: Json = { clientDataJSON: base64url(answer.clientDataJSON) };
  if ("attestationObject" in answer) {
    const attestation = answer as AuthenticatorAttestationResponse;
    response.attestationObject = base64url(attestation.attestationObject);
    response.transports = typeof attestation.getTransports === "function" ? attestation.getTransports() : [];
  } else {
    const assertion = answer as AuthenticatorAssertionResponse;
    response.authenticatorData = base64url(assertion.authenticatorData);
    response.signature = base64url(assertion.signature);
    if (assertion.userHandle) response.userHandle = base64url(assertion.userHandle);
  }
  return {
    id: credential.id,
    rawId: base64url(credential.rawId),
    type: credential.type,
    response,
    clientExtensionResults: credential.getClientExtensionResults(),
    ...(credential.authenticatorAttachment
      ? { authenticatorAttachment: credential.authenticatorAttachment }
      : {}),
  };
}
