/**
 * The authorization server's metadata: discovered (OpenID Connect Discovery 1.0 §4, RFC 8414 §3)
 * from `wellKnown` or the issuer, or assembled from the endpoints the provider names. Explicit
 * endpoints win over discovered ones. A discovered document is cached on the resolved provider for
 * a day; a failed discovery is not cached.
 */
import * as oauth from "oauth4webapi";
import { InvalidConfig, OAuthSignInError } from "../../core/errors.js";
import { customFetch, providerFetch } from "../../custom-fetch.js";
import type { OAuthConfig } from "../../provider-types.js";
import { endpointUrl, isLoopbackHttp } from "./endpoint-url.js";
import { providerState } from "./provider-state.js";

const METADATA_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const WELL_KNOWN_SUFFIXES = ["/.well-known/openid-configuration", "/.well-known/oauth-authorization-server"];

/** The URL an endpoint option names, whether given as a string or as `{ url }`. */
export function endpointOption(option: string | { url?: string } | undefined): string | undefined {
  return typeof option === "string" ? option : option?.url;
}

/** Whether this provider's endpoints come from a metadata document rather than from its options. */
export function usesDiscovery(provider: OAuthConfig): boolean {
  if (provider.wellKnown) return true;
  const explicit = endpointOption(provider.authorization) && endpointOption(provider.token);
  return !explicit && typeof provider.issuer === "string";
}

/** The issuer a well-known URL belongs to: the URL without its well-known suffix (RFC 8414 §3.1). */
function issuerOfWellKnown(wellKnown: URL): string {
  const href = wellKnown.href;
  for (const suffix of WELL_KNOWN_SUFFIXES) {
    if (wellKnown.pathname.endsWith(suffix)) return href.slice(0, href.indexOf(suffix));
  }
  // RFC 8414 §3.1 inserts the suffix before the issuer's path: /.well-known/oauth-authorization-server/tenant
  for (const suffix of WELL_KNOWN_SUFFIXES) {
    if (wellKnown.pathname.startsWith(`${suffix}/`)) {
      return `${wellKnown.origin}${wellKnown.pathname.slice(suffix.length)}`;
    }
  }
  return wellKnown.origin;
}

/**
 * Options for oauth4webapi's call to `url`: the provider's own fetch, and plain http for loopback
 * issuers only.
 */
export function transportOptions(
  provider: OAuthConfig,
  url: URL | string | undefined,
): { [oauth.allowInsecureRequests]?: true; [oauth.customFetch]?: typeof fetch } {
  const own = provider[customFetch] ? { [oauth.customFetch]: provider[customFetch] } : {};
  if (url === undefined) return own;
  return isLoopbackHttp(new URL(url)) ? { ...own, [oauth.allowInsecureRequests]: true } : own;
}

async function discover(provider: OAuthConfig): Promise<oauth.AuthorizationServer> {
  const wellKnown = provider.wellKnown
    ? endpointUrl(provider.id, "wellKnown", provider.wellKnown)
    : new URL(`${(provider.issuer as string).replace(/\/$/, "")}/.well-known/openid-configuration`);
  const expected = provider.issuer ?? issuerOfWellKnown(wellKnown);
  let response: Response;
  try {
    response = await providerFetch(provider)(wellKnown, {
      headers: { accept: "application/json" },
      redirect: "manual",
    });
  } catch (error) {
    throw new OAuthSignInError(
      `The metadata of provider "${provider.id}" could not be fetched from ${wellKnown.href}.`,
      {
        cause: error,
      },
    );
  }
  try {
    // The document's issuer must equal the configured one exactly (OpenID Connect Discovery §4.3).
    return await oauth.processDiscoveryResponse(new URL(expected), response);
  } catch (error) {
    throw new OAuthSignInError(
      `The metadata of provider "${provider.id}" at ${wellKnown.href} was refused: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

/** The discovered document, cached on the resolved provider. */
async function discovered(provider: OAuthConfig): Promise<oauth.AuthorizationServer> {
  const state = providerState(provider);
  const cached = state.metadata;
  if (cached && Date.now() - cached.fetchedAt < METADATA_MAX_AGE_MS) return cached.server;
  const server = discover(provider);
  state.metadata = { server, fetchedAt: Date.now() };
  server.catch(() => {
    if (state.metadata?.server === server) state.metadata = undefined;
  });
  return server;
}

/**
 * The metadata this provider's requests use: discovered, then overridden by each endpoint the
 * provider names; or, without discovery, built from the named endpoints alone.
 */
export async function authorizationServer(provider: OAuthConfig): Promise<oauth.AuthorizationServer> {
  const discovery = usesDiscovery(provider);
  // Without discovery, `issuer` is filled in below, once the endpoints are known to be there.
  const server = (discovery ? { ...(await discovered(provider)) } : {}) as {
    -readonly [K in keyof oauth.AuthorizationServer]: oauth.AuthorizationServer[K];
  };
  const authorization = endpointOption(provider.authorization);
  const token = endpointOption(provider.token);
  const userinfo = endpointOption(provider.userinfo);
  if (authorization) server.authorization_endpoint = authorization;
  if (token) server.token_endpoint = token;
  if (userinfo) server.userinfo_endpoint = userinfo;
  if (typeof provider.jwks_endpoint === "string") server.jwks_uri = provider.jwks_endpoint;
  for (const [what, url] of [
    ["authorization endpoint", server.authorization_endpoint],
    ["token endpoint", server.token_endpoint],
    ["userinfo endpoint", server.userinfo_endpoint],
    ["jwks_uri", server.jwks_uri],
  ] as const) {
    if (url !== undefined) endpointUrl(provider.id, what, url);
  }
  if (!server.authorization_endpoint || !server.token_endpoint) {
    throw new InvalidConfig(
      `Provider "${provider.id}" has no ${server.authorization_endpoint ? "token" : "authorization"} endpoint: set \`issuer\` (or \`wellKnown\`) for discovery, or \`authorization\` and \`token\`.`,
    );
  }
  // Without discovery the issuer is the configured one, else the authorization endpoint's origin.
  if (!discovery) server.issuer = provider.issuer ?? new URL(server.authorization_endpoint).origin;
  return server;
}
