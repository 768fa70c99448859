/**
 * What the OAuth and OpenID Connect provider factories build on: the provider with its flow
 * attached, so that an edge bundle holds the OAuth flow (and oauth4webapi) only when the app
 * imports an OAuth provider (see `flows/index.ts`).
 */
import { withDefaults } from "../../core/provider-defaults.js";
import type { OAuthConfig, Profile } from "../../provider-types.js";
import { carryingFlow } from "../types.js";
import { oauthFlow, oidcFlow } from "./index.js";

/** `provider` carrying the flow of its type, `oauth` or `oidc`. */
export function withOAuthFlow<C extends OAuthConfig<P>, P extends Profile = Profile>(provider: C): C {
  return carryingFlow(provider, provider.type === "oidc" ? oidcFlow : oauthFlow);
}

/**
 * A catalogue provider: its `defaults` with the app's `options` applied over them (`withDefaults`),
 * carrying its flow.
 */
export function catalogueProvider<C extends OAuthConfig<P>, P extends Profile>(
  defaults: C,
  options: Partial<C>,
): C {
  return withOAuthFlow<C, P>(withDefaults<C, P>(defaults, options));
}
