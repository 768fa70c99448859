/**
 * `POST /signin/:id`: the authorization request (RFC 6749 §4.1.1, OpenID Connect Core §3.1.2.1),
 * with the PKCE challenge (RFC 7636 §4.3, S256 only), `state` and `nonce`, pushed first to the
 * server (RFC 9126) when its metadata requires it or the provider opts in.
 */
import * as oauth from "oauth4webapi";
import type { AuthContext } from "../../core/context.js";
import { OAuthSignInError } from "../../core/errors.js";
import type { ResponseInternal } from "../../core/response.js";
import type { OAuthConfig } from "../../provider-types.js";
import { activeChecks, startChecks } from "./checks.js";
import { clientAuthentication, oauthClient } from "./client.js";
import { redirectUriFor, sealProxyState } from "./redirect-proxy.js";
import { authorizationServer, transportOptions } from "./server-metadata.js";

/**
 * Parameters only latchkey sets: a sign-in request's query cannot override the protocol's own.
 * `client_id`, `redirect_uri` and `response_type` need no entry: they are always set after the
 * query's parameters, which they overwrite.
 */
const PROTOCOL_PARAMS = new Set([
  "state",
  "nonce",
  "code_challenge",
  "code_challenge_method",
  "request_uri",
  "request",
  "callbackUrl",
]);

function authorizationParams(ctx: AuthContext, provider: OAuthConfig): URLSearchParams {
  const params = new URLSearchParams();
  const configured = typeof provider.authorization === "object" ? provider.authorization.params : undefined;
  params.set("scope", provider.type === "oidc" ? "openid profile email" : "");
  for (const [name, value] of Object.entries(configured ?? {})) params.set(name, String(value));
  // Extra parameters of the sign-in request (`prompt=login`, `login_hint=…`), as Auth.js allows.
  for (const [name, value] of Object.entries(ctx.req.query)) {
    if (!PROTOCOL_PARAMS.has(name)) params.set(name, value);
  }
  if (params.get("scope") === "") params.delete("scope");
  return params;
}

/** Starts the code flow: the authorization URL, and the sealed check cookies it depends on. */
export async function startAuthorization(ctx: AuthContext, provider: OAuthConfig): Promise<ResponseInternal> {
  const server = await authorizationServer(provider);
  const client = oauthClient(provider);
  const checks = activeChecks(provider);
  const proxyState = provider.redirectProxyUrl ? await sealProxyState(ctx, provider) : undefined;
  const started = await startChecks(ctx, provider, checks, proxyState);

  const params = authorizationParams(ctx, provider);
  params.set("client_id", client.client_id);
  params.set("redirect_uri", redirectUriFor(ctx, provider));
  params.set("response_type", "code");
  if (started.codeVerifier !== undefined) {
    params.set("code_challenge", await oauth.calculatePKCECodeChallenge(started.codeVerifier));
    params.set("code_challenge_method", "S256");
  }
  if (started.state !== undefined) params.set("state", started.state);
  if (started.nonce !== undefined) params.set("nonce", started.nonce);

  const url = new URL(server.authorization_endpoint as string);
  if (server.require_pushed_authorization_requests || provider.client?.use_par) {
    const pushed = await pushAuthorizationRequest(provider, server, client, params);
    url.searchParams.set("client_id", client.client_id);
    url.searchParams.set("request_uri", pushed);
  } else {
    for (const [name, value] of params) url.searchParams.set(name, value);
  }
  return { redirect: url.href, cookies: started.cookies };
}

/** RFC 9126 §2: the parameters go to the server directly; the browser carries only `request_uri`. */
async function pushAuthorizationRequest(
  provider: OAuthConfig,
  server: oauth.AuthorizationServer,
  client: oauth.Client,
  params: URLSearchParams,
): Promise<string> {
  try {
    const response = await oauth.pushedAuthorizationRequest(
      server,
      client,
      clientAuthentication(provider),
      params,
      {
        ...transportOptions(provider, server.pushed_authorization_request_endpoint),
      },
    );
    const pushed = await oauth.processPushedAuthorizationResponse(server, client, response);
    return pushed.request_uri;
  } catch (error) {
    throw new OAuthSignInError(
      `The pushed authorization request of provider "${provider.id}" failed: ${(error as Error).message}`,
      { cause: error },
    );
  }
}
