/**
 * The client side of the protocol: the client metadata oauth4webapi validates responses against,
 * and how the client authenticates at the token endpoint (RFC 6749 §2.3, RFC 7523 §2.2).
 */
import * as oauth from "oauth4webapi";
import { InvalidConfig } from "../../core/errors.js";
import type { OAuthConfig, TokenEndpointAuthMethod } from "../../provider-types.js";

const AUTH_METHODS: readonly TokenEndpointAuthMethod[] = [
  "client_secret_basic",
  "client_secret_post",
  "private_key_jwt",
  "none",
];

/** The configured token endpoint authentication method; `client_secret_basic` unless told otherwise. */
export function tokenEndpointAuthMethod(provider: OAuthConfig): TokenEndpointAuthMethod {
  const method = provider.client?.token_endpoint_auth_method ?? "client_secret_basic";
  if (!AUTH_METHODS.includes(method)) {
    throw new InvalidConfig(
      `Provider "${provider.id}" has client.token_endpoint_auth_method "${String(method)}"; use one of ${AUTH_METHODS.join(", ")}.`,
    );
  }
  return method;
}

/** Client metadata for oauth4webapi: the id, the expected ID-token algorithm, and the app's overrides. */
export function oauthClient(provider: OAuthConfig): oauth.Client {
  const { privateKey: _privateKey, use_par: _usePar, ...metadata } = provider.client ?? {};
  return { ...metadata, client_id: provider.clientId as string };
}

/** How this client proves itself at the token endpoint. */
export function clientAuthentication(provider: OAuthConfig): oauth.ClientAuth {
  const method = tokenEndpointAuthMethod(provider);
  switch (method) {
    case "none":
      return oauth.None();
    case "private_key_jwt": {
      const configured = provider.client?.privateKey;
      if (!configured) {
        throw new InvalidConfig(
          `Provider "${provider.id}" uses private_key_jwt: set client.privateKey to the CryptoKey that signs the assertion.`,
        );
      }
      return oauth.PrivateKeyJwt("key" in configured ? configured : { key: configured });
    }
    case "client_secret_post":
      return oauth.ClientSecretPost(provider.clientSecret as string);
    default:
      return oauth.ClientSecretBasic(provider.clientSecret as string);
  }
}

/** Whether the client has a secret the provider shares, which is also an HMAC key for ID tokens. */
export function hasClientSecret(provider: OAuthConfig): boolean {
  const method = tokenEndpointAuthMethod(provider);
  return (method === "client_secret_basic" || method === "client_secret_post") && !!provider.clientSecret;
}
