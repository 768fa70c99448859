/**
 * Authenticator records as the adapter stores them: credential id and public key as base64url
 * strings, transports joined with commas. Auth.js v5 wrote both as standard base64, so reads also
 * accept that form: passkeys registered under Auth.js keep working after a migration.
 */
import type { AdapterAuthenticator } from "../../adapters/types.js";
import { adapterMethod, callAdapter } from "../../core/adapter-calls.js";
import type { ServerContext } from "../../core/context.js";

/** base64url without padding (RFC 4648 §5) from base64 or base64url, padded or not. */
export function toBase64url(value: string): string {
  return value.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Standard padded base64 (RFC 4648 §4) of a base64url string: how Auth.js v5 stored ids. */
function toPaddedBase64(base64url: string): string {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  return base64 + "=".repeat((4 - (base64.length % 4)) % 4);
}

/** The bytes of a stored base64 or base64url value, in a buffer of their own (what the verifier takes). */
export function storedBytes(ctx: ServerContext, value: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(ctx.runtime.base64urlDecode(toBase64url(value)));
}

export function joinTransports(transports: readonly string[] | undefined): string | null {
  return transports && transports.length > 0 ? transports.join(",") : null;
}

export function splitTransports(transports: string | null | undefined): string[] | undefined {
  return transports ? transports.split(",").filter((transport) => transport !== "") : undefined;
}

/**
 * The stored authenticator of a credential id (base64url, as the browser reports it), whether it
 * was stored as latchkey stores it or as Auth.js v5 did.
 */
export async function findAuthenticator(
  ctx: ServerContext,
  credentialID: string,
): Promise<AdapterAuthenticator | null> {
  const getAuthenticator = adapterMethod(ctx.config.adapter, "getAuthenticator");
  const stored = await callAdapter("find the authenticator", () => getAuthenticator(credentialID));
  if (stored) return stored;
  const legacy = toPaddedBase64(credentialID);
  return legacy === credentialID
    ? null
    : callAdapter("find the authenticator", () => getAuthenticator(legacy));
}

/** A credential id in the form the browser and the verifier use, whichever way it was stored. */
export const credentialIdOf = (authenticator: AdapterAuthenticator): string =>
  toBase64url(authenticator.credentialID);
