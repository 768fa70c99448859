/**
 * The flow of each provider type: the one table that maps a type to what it does. Adding a provider
 * type means writing its flow and adding a row here; nothing in core/, pipeline/ or actions/ changes.
 */
import type { ProviderConfig } from "../provider-types.js";
import { credentialsFlow } from "./credentials.js";
import { emailFlow } from "./email.js";
import { oauthFlow, oidcFlow } from "./oauth/index.js";
import type { Flow, FlowRegistry } from "./types.js";
import { webauthnFlow } from "./webauthn/index.js";

export const flows: FlowRegistry = {
  credentials: credentialsFlow,
  oauth: oauthFlow,
  oidc: oidcFlow,
  email: emailFlow,
  webauthn: webauthnFlow,
};

/**
 * The flow for `provider`'s type, typed for that provider, or undefined for a type no flow handles.
 * The registry keeps each flow typed by its own provider type; this lookup is where the two meet.
 */
export function flowFor<P extends ProviderConfig>(provider: P): Flow<P> | undefined {
  const registry: Partial<Record<string, Flow<P>>> = flows as Partial<Record<string, Flow<P>>>;
  return Object.hasOwn(registry, provider.type) ? registry[provider.type] : undefined;
}

export type { CallbackResult, CheckCookieRole, Flow, FlowRegistry, FlowSetup } from "./types.js";
