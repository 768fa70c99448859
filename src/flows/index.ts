/**
 * The flow of each provider type: the one table that maps a type to what it does. Adding a provider
 * type means writing its flow, adding it to `auth-registry.ts` and naming its factory below;
 * nothing in core/, pipeline/ or actions/ changes.
 *
 * A flow reaches a provider in one of two ways. On Node, `Auth` brings every flow but `webauthn`
 * itself (`auth-registry.ts`), so a provider written as a plain object works as in Auth.js. On
 * edge runtimes (package.json's `#auth-flows` import: every condition but `node`) it brings none,
 * because a single-file bundler includes everything `Auth` imports: each provider factory attaches
 * its type's flow (`carryingFlow`), so an app bundles the OAuth flow and oauth4webapi only when it
 * uses an OAuth provider, the e-mail flow only with an e-mail provider, and so on. The WebAuthn
 * flow is always carried, everywhere: it needs `@simplewebauthn/server`, an optional peer.
 */
import { authFlows } from "#auth-flows";
import { carriedCode } from "../carried-code.js";
import type { ProviderConfig, ProviderType } from "../provider-types.js";
import { CARRIED_FLOW, type Flow, type FlowRegistry } from "./types.js";

export const flows: FlowRegistry = authFlows;

const PLAIN_OBJECT_ON_EDGE = "(on edge runtimes a plain object carries none: docs/migrating.md)";

/**
 * How to build a provider of each type so that it carries its flow, for the startup error of a
 * provider that has none: a plain object of a type `Auth` does not bring here (any type on an edge
 * runtime, `webauthn` everywhere).
 */
export const flowsCarriedByProviders: Record<ProviderType, string> = {
  oauth: `build it with a factory, OAuth() from "latchkey/providers/oauth" or a catalogue provider such as GitHub(), which brings the OAuth flow ${PLAIN_OBJECT_ON_EDGE}`,
  oidc: `build it with a factory, OIDC() from "latchkey/providers/oidc" or a catalogue provider such as Google(), which brings the OpenID Connect flow ${PLAIN_OBJECT_ON_EDGE}`,
  email: `build it with a factory, Email() from "latchkey/providers/email" or a mail service such as Resend(), which brings the e-mail flow ${PLAIN_OBJECT_ON_EDGE}`,
  credentials: `build it with Credentials() from "latchkey/providers/credentials", which brings the credentials flow ${PLAIN_OBJECT_ON_EDGE}`,
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
  return carriedCode(provider, CARRIED_FLOW) as Flow<P> | undefined;
}

export type { CallbackResult, CheckCookieRole, Flow, FlowRegistry, FlowSetup } from "./types.js";
