/**
 * The profile of the person signing in: the verified ID token's claims for OpenID Connect (unless
 * the provider sets `idToken: false`), else the userinfo endpoint (OpenID Connect Core §5.3, or an
 * OAuth 2.0 provider's own user API), else the provider's `userinfo.request`.
 */
import type { JWTPayload } from "jose";
import * as oauth from "oauth4webapi";
import { InvalidConfig } from "../../core/errors.js";
import type { OAuthConfig, Profile, TokenSet } from "../../provider-types.js";
import { transportOptions } from "./server-metadata.js";

export interface ProfileSource {
  provider: OAuthConfig;
  server: oauth.AuthorizationServer;
  client: oauth.Client;
  tokens: TokenSet;
  idTokenClaims: JWTPayload | undefined;
}

/** An OAuth 2.0 user API: a GET with the bearer token, answering a JSON object. */
async function bearerGet(url: URL, accessToken: string): Promise<Profile> {
  const response = await fetch(url, {
    headers: {
      authorization: `Bearer ${accessToken}`,
      accept: "application/json",
      // Some user APIs (GitHub's) refuse requests without one.
      "user-agent": "latchkey",
    },
    redirect: "manual",
  });
  if (!response.ok) throw new Error(`the userinfo endpoint answered ${response.status}`);
  const body: unknown = await response.json();
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new Error("the userinfo endpoint did not answer a JSON object");
  }
  return body as Profile;
}

export async function fetchProfile(source: ProfileSource): Promise<Profile> {
  const { provider, server, client, tokens, idTokenClaims } = source;
  if (provider.type === "oidc" && provider.idToken !== false && idTokenClaims) {
    return { ...idTokenClaims } as Profile;
  }
  const option = typeof provider.userinfo === "object" ? provider.userinfo : undefined;
  if (option?.request) return option.request({ tokens, provider });
  if (!server.userinfo_endpoint) {
    throw new InvalidConfig(`Provider "${provider.id}" names no userinfo endpoint; set \`userinfo\`.`);
  }
  const accessToken = tokens.access_token as string;
  const url = new URL(server.userinfo_endpoint);
  for (const [name, value] of Object.entries(option?.params ?? {})) url.searchParams.set(name, value);
  if (provider.type === "oidc" && idTokenClaims?.sub) {
    // OpenID Connect Core §5.3.4: the userinfo `sub` must be the ID token's.
    // The request goes to `url`, so the provider's `userinfo.params` reach it here too.
    const response = await oauth.userInfoRequest(
      { ...server, userinfo_endpoint: url.href },
      client,
      accessToken,
      transportOptions(url),
    );
    return (await oauth.processUserInfoResponse(server, client, idTokenClaims.sub, response)) as Profile;
  }
  return bearerGet(url, accessToken);
}
