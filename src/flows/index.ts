/**
 * The flow of each provider type: the one table that maps a type to what it does. Adding a provider
 * type means writing its flow and adding a row here; nothing in core/, pipeline/ or actions/ changes.
 *
 * One type has no row: `webauthn`. Its flow needs `@simplewebauthn/server` and its tree (about
 * 320 kB minified), and a single-file edge bundler follows every import it can see from `Auth`,
 * dynamic ones included. So the flow arrives with the provider: `WebAuthn()` and `Passkey()`
 * attach it (`carryingFlow`), and an app that imports neither bundles none of it.
 */
import type { ProviderConfig, ProviderType } from "../provider-types.js";
import { credentialsFlow } from "./credentials.js";
import { emailFlow } from "./email.js";
import { oauthFlow, oidcFlow } from "./oauth/index.js";
import { CARRIED_FLOW, type Flow, type FlowRegistry } from "./types.js";

export const flows: FlowRegistry = {
  credentials: credentialsFlow,
  oauth: oauthFlow,
  oidc: oidcFlow,
  email: emailFlow,
};

/**
 * The types whose flow comes with the provider object, each with how to build such a provider: a
 * plain object of that type carries no flow, and startup says what to use instead.
 */
export const flowsCarriedByProviders: Partial<Record<ProviderType, string>> = {
  webauthn:
    'build it with WebAuthn() from "latchkey/providers/webauthn" or Passkey() from "latchkey/providers/passkey", which bring the passkey flow',
};

/**
 * The flow for `provider`'s type, typed for that provider, or undefined for a type no flow handles.
 * The registry keeps each flow typed by its own provider type; this lookup is where the two meet.
 * A type in the registry always gets the registry's flow, whatever the provider object carries.
 */
export function flowFor<P extends ProviderConfig>(provider: P): Flow<P> | undefined {
  const registry: Partial<Record<string, Flow<P>>> = flows as Partial<Record<string, Flow<P>>>;
  if (Object.hasOwn(registry, provider.type)) return registry[provider.type];
  if (!Object.hasOwn(flowsCarriedByProviders, provider.type)) return undefined;
  return (provider as P & { [CARRIED_FLOW]?: Flow<P> })[CARRIED_FLOW];
}

export type { CallbackResult, CheckCookieRole, Flow, FlowRegistry, FlowSetup } from "./types.js";
