/**
 * OAuth 2.0 and OpenID Connect providers. What exists so far: their checks at startup (an issuer
 * must be a URL, https except on loopback), their environment defaults, the adapter methods they
 * call and their sign-in button. Signing in with them answers "Configuration" until the
 * authorization-code flow lands here.
 */
import { InvalidConfig } from "../../core/errors.js";
import type { OAuth2Config, OIDCConfig } from "../../providers/types.js";
import type { Flow } from "../types.js";

/** Plain http is allowed only for these hosts, so local OpenID Providers work in development and tests. */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

function assertIssuer(provider: OAuth2Config | OIDCConfig): void {
  if (typeof provider.issuer !== "string") return;
  let issuer: URL;
  try {
    issuer = new URL(provider.issuer);
  } catch {
    throw new InvalidConfig(`The issuer of provider "${provider.id}" is not a URL: "${provider.issuer}".`);
  }
  if (issuer.protocol !== "https:" && !(issuer.protocol === "http:" && LOOPBACK_HOSTS.has(issuer.hostname))) {
    throw new InvalidConfig(
      `The issuer of provider "${provider.id}" must use https (got ${provider.issuer}).`,
    );
  }
}

function oauthFlowOf<P extends OAuth2Config | OIDCConfig>(): Flow<P> {
  return {
    resolveProvider(provider) {
      assertIssuer(provider);
      return provider;
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
    // A `form_post` response is posted by the provider's page, which cannot know our CSRF token;
    // state and PKCE protect that callback instead (RFC 9700 §4.7).
    callbackNeedsCsrf: () => false,
  };
}

export const oauthFlow: Flow<OAuth2Config> = oauthFlowOf<OAuth2Config>();
export const oidcFlow: Flow<OIDCConfig> = oauthFlowOf<OIDCConfig>();
