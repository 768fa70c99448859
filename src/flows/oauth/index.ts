/**
 * OAuth 2.0 and OpenID Connect providers: the authorization-code flow with PKCE, on oauth4webapi.
 * At startup each provider is checked (client credentials, issuer or endpoints, https except on
 * loopback, checks, client authentication) and given a place for what it learns at run time (metadata, keys). The
 * protocol steps live beside this file, one per module; who the person is, and which stored user
 * that makes them, is decided in `login.ts`.
 */
import { oauthErrors } from "../../locales/en/errors.js";
import type { OAuth2Config, OAuthConfig, OIDCConfig } from "../../provider-types.js";
import type { Flow, FlowSetup } from "../types.js";
import { startAuthorization } from "./authorize.js";
import { oauthCallback } from "./callback.js";
import { OAUTH_CHECK_COOKIES, resolveChecks } from "./checks.js";
import { tokenEndpointAuthMethod } from "./client.js";
import { endpointUrl } from "./endpoint-url.js";
import { withProviderState } from "./provider-state.js";
import { checkRelayOrigins } from "./relay-origins.js";
import { endpointOption } from "./server-metadata.js";
import { assertUsable } from "./usable.js";

function assertEndpoints(provider: OAuthConfig): void {
  if (typeof provider.issuer === "string") endpointUrl(provider.id, "issuer", provider.issuer);
  if (provider.wellKnown !== undefined) endpointUrl(provider.id, "wellKnown", provider.wellKnown);
  for (const [what, option] of [
    ["authorization endpoint", provider.authorization],
    ["token endpoint", provider.token],
    ["userinfo endpoint", provider.userinfo],
  ] as const) {
    const url = endpointOption(option);
    if (url !== undefined) endpointUrl(provider.id, what, url);
  }
}

function resolveOAuthProvider<P extends OAuthConfig>(provider: P, setup: FlowSetup): P {
  assertUsable(provider);
  assertEndpoints(provider);
  tokenEndpointAuthMethod(provider);
  checkRelayOrigins(setup.redirectProxyAllowedOrigins);
  const redirectProxyUrl = provider.redirectProxyUrl ?? setup.redirectProxyUrl;
  if (redirectProxyUrl !== undefined) endpointUrl(provider.id, "redirectProxyUrl", redirectProxyUrl);
  const checks = resolveChecks(provider, redirectProxyUrl);
  return withProviderState({
    ...provider,
    checks: checks.length === 0 ? ["none"] : checks,
    ...(redirectProxyUrl === undefined ? {} : { redirectProxyUrl }),
  } as P);
}

function oauthFlowOf<P extends OAuthConfig>(): Flow<P> {
  return {
    resolveProvider: resolveOAuthProvider,
    factoryOptionsFromEnv: (env, prefix) => {
      const options: Record<string, string> = {};
      for (const [option, suffix] of [
        ["clientId", "ID"],
        ["clientSecret", "SECRET"],
        ["issuer", "ISSUER"],
      ] as const) {
        const value = env[`${prefix}_${suffix}`];
        if (value !== undefined) options[option] = value;
      }
      return options;
    },
    envDefaults: (provider, env, prefix) => ({
      ...provider,
      clientId: provider.clientId ?? env[`${prefix}_ID`],
      clientSecret: provider.clientSecret ?? env[`${prefix}_SECRET`],
      issuer: provider.issuer ?? env[`${prefix}_ISSUER`],
    }),
    // With JWT sessions and no adapter OAuth is stateless; with an adapter, users and accounts are stored.
    adapterMethods: (_provider, { hasAdapter }) =>
      hasAdapter
        ? ["createUser", "getUser", "getUserByAccount", "getUserByEmail", "linkAccount", "updateUser"]
        : [],
    pageEntry: (provider) => ({ form: "button", ...(provider.style ? { style: provider.style } : {}) }),
    signIn: startAuthorization,
    callback: oauthCallback,
    // A `form_post` response is posted by the provider's page, which cannot know our CSRF token;
    // state and PKCE protect that callback instead (RFC 9700 §4.7).
    callbackNeedsCsrf: () => false,
    checkCookies: OAUTH_CHECK_COOKIES,
    errorWords: oauthErrors,
  };
}

export const oauthFlow: Flow<OAuth2Config> = oauthFlowOf<OAuth2Config>();
export const oidcFlow: Flow<OIDCConfig> = oauthFlowOf<OIDCConfig>();
