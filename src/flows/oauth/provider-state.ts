/**
 * What latchkey learns about a provider while it runs (the server's metadata, its signing keys),
 * kept on the resolved provider itself: a config resolved once shares it across requests, and two
 * configs never share it. Nothing here is per request.
 */
import type { createRemoteJWKSet } from "jose";
import type { AuthorizationServer } from "oauth4webapi";
import type { OAuthConfig } from "../../provider-types.js";

export interface OAuthProviderState {
  /** Discovery in flight or done; dropped when it fails, so the next sign-in tries again. */
  metadata?: { server: Promise<AuthorizationServer>; fetchedAt: number };
  /** The issuer's JWKS, fetched on first use and again on an unknown `kid` (at most every 30 s). */
  jwks?: { uri: string; keys: ReturnType<typeof createRemoteJWKSet> };
}

const STATE = Symbol("latchkey.oauth-provider-state");

type WithState = { [STATE]?: OAuthProviderState };

/** A copy of `provider` that carries its own state, for the resolved configuration. */
export function withProviderState<P extends OAuthConfig>(provider: P): P {
  const copy = { ...provider };
  Object.defineProperty(copy, STATE, { value: {} satisfies OAuthProviderState, enumerable: false });
  return copy;
}

/**
 * The state of a resolved provider. A provider that did not go through config resolution (a unit
 * test calling a step directly) gets a fresh state each time: correct, merely uncached.
 */
export function providerState(provider: OAuthConfig): OAuthProviderState {
  return (provider as WithState)[STATE] ?? {};
}
