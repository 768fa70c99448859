/**
 * The token request of the code flow (RFC 6749 §4.1.3) and the validation of its response
 * (§5.1, OpenID Connect Core §3.1.3.5): oauth4webapi checks the response and the ID token's
 * claims; {@link verifyIdToken} then checks its signature.
 */
import type { JWTPayload } from "jose";
import * as oauth from "oauth4webapi";
import type { OAuthConfig, TokenEndpointHandler, TokenSet } from "../../provider-types.js";
import type { ExpectedChecks } from "./checks.js";
import { clientAuthentication } from "./client.js";
import { verifyIdToken } from "./id-token.js";
import { transportOptions } from "./server-metadata.js";
import { expectedIssuer, expectedIssuerOfResponse } from "./tenant-issuer.js";

export interface ExchangedCode {
  tokens: TokenSet;
  /** The verified ID token's claims, when the response carried one. */
  idTokenClaims?: JWTPayload;
}

export interface CodeExchange {
  provider: OAuthConfig;
  server: oauth.AuthorizationServer;
  client: oauth.Client;
  /** The callback parameters, as `validateAuthResponse` returned them. */
  params: URLSearchParams;
  redirectUri: string;
  checks: ExpectedChecks;
}

async function standardTokenRequest(exchange: CodeExchange): Promise<ExchangedCode> {
  const { provider, server, client, params, redirectUri, checks } = exchange;
  const tokenOption = typeof provider.token === "object" ? provider.token : undefined;
  let response = await oauth.authorizationCodeGrantRequest(
    server,
    client,
    clientAuthentication(provider),
    params,
    redirectUri,
    checks.codeVerifier ?? oauth.nopkce,
    {
      ...transportOptions(provider, server.token_endpoint),
      ...(tokenOption?.params ? { additionalParameters: tokenOption.params } : {}),
    },
  );
  if (tokenOption?.conform) response = await tokenOption.conform(response);

  const issuer = await expectedIssuerOfResponse(provider, server.issuer, response);
  const issuerServer = { ...server, issuer };
  const processed = await oauth.processAuthorizationCodeResponse(issuerServer, client, response, {
    expectedNonce: checks.nonce ?? oauth.expectNoNonce,
    requireIdToken: provider.type === "oidc",
  });
  const tokens: TokenSet = { ...processed };
  if (typeof processed.id_token !== "string") return { tokens };
  const idTokenClaims = await verifyIdToken(provider, issuerServer, processed.id_token, {
    issuer,
    nonce: checks.nonce,
  });
  return { tokens, idTokenClaims };
}

/** A provider's own token request (`token.request`); its ID token is verified all the same. */
async function customTokenRequest(
  exchange: CodeExchange,
  request: NonNullable<TokenEndpointHandler["request"]>,
): Promise<ExchangedCode> {
  const { provider, server, params, redirectUri, checks } = exchange;
  const { tokens } = await request({
    params: Object.fromEntries(params),
    checks: checks.codeVerifier === undefined ? {} : { code_verifier: checks.codeVerifier },
    redirectUri,
    provider,
  });
  if (typeof tokens.id_token !== "string") {
    if (provider.type === "oidc") throw new Error("token.request returned no id_token");
    return { tokens };
  }
  const issuer = expectedIssuer(provider, server.issuer, tokens.id_token);
  const idTokenClaims = await verifyIdToken(provider, { ...server, issuer }, tokens.id_token, {
    issuer,
    nonce: checks.nonce,
  });
  return { tokens, idTokenClaims };
}

/** Exchanges the authorization code for tokens and verifies the ID token, if any. */
export function exchangeCode(exchange: CodeExchange): Promise<ExchangedCode> {
  const request = typeof exchange.provider.token === "object" ? exchange.provider.token.request : undefined;
  return request ? customTokenRequest(exchange, request) : standardTokenRequest(exchange);
}
