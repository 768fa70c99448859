/**
 * The profile of the person signing in: the verified ID token's claims for OpenID Connect (unless
 * the provider sets `idToken: false`), completed from the userinfo endpoint when they lack the
 * profile claims; else the userinfo endpoint (OpenID Connect Core §5.3, or an OAuth 2.0 provider's
 * own user API), else the provider's `userinfo.request`.
 */
import type { JWTPayload } from "jose";
import * as oauth from "oauth4webapi";
import { InvalidConfig } from "../../core/errors.js";
import { providerFetch } from "../../custom-fetch.js";
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
async function bearerGet(provider: OAuthConfig, url: URL, accessToken: string): Promise<Profile> {
  const response = await providerFetch(provider)(url, {
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

/**
 * The standard claims the default profile reads that `scope=profile email` asks for. With the code
 * flow an OP may return them from the userinfo endpoint only, keeping the ID token small (OpenID
 * Connect Core §5.4 and §5.5); an ID token without them is no reason to sign a user in nameless.
 */
const PROFILE_CLAIMS = ["name", "email"] as const;

/** The userinfo endpoint's claims, for the user the ID token names (OpenID Connect Core §5.3.4). */
async function userinfoFor(source: ProfileSource, url: URL, subject: string): Promise<Profile> {
  const { provider, server, client, tokens } = source;
  // The request goes to `url`, so the provider's `userinfo.params` reach it here too.
  const response = await oauth.userInfoRequest(
    { ...server, userinfo_endpoint: url.href },
    client,
    tokens.access_token as string,
    transportOptions(provider, url),
  );
  return (await oauth.processUserInfoResponse(server, client, subject, response)) as Profile;
}

function userinfoUrl(provider: OAuthConfig, server: oauth.AuthorizationServer): URL | undefined {
  if (!server.userinfo_endpoint) return undefined;
  const option = typeof provider.userinfo === "object" ? provider.userinfo : undefined;
  const url = new URL(server.userinfo_endpoint);
  for (const [name, value] of Object.entries(option?.params ?? {})) url.searchParams.set(name, value);
  return url;
}

/** The ID token's claims, completed from the userinfo endpoint when they lack the profile claims. */
async function idTokenProfile(source: ProfileSource, claims: JWTPayload): Promise<Profile> {
  const { provider, server } = source;
  const custom = typeof provider.userinfo === "object" && provider.userinfo.request !== undefined;
  const url = userinfoUrl(provider, server);
  const complete = PROFILE_CLAIMS.every((claim) => claims[claim] !== undefined);
  if (complete || custom || !url || typeof claims.sub !== "string") return { ...claims } as Profile;
  // The ID token's claims win where both speak: they are signed, and they name the sign-in.
  return { ...(await userinfoFor(source, url, claims.sub)), ...claims } as Profile;
}

export async function fetchProfile(source: ProfileSource): Promise<Profile> {
  const { provider, server, tokens, idTokenClaims } = source;
  if (provider.type === "oidc" && provider.idToken !== false && idTokenClaims) {
    return idTokenProfile(source, idTokenClaims);
  }
  const option = typeof provider.userinfo === "object" ? provider.userinfo : undefined;
  if (option?.request) return option.request({ tokens, provider });
  const url = userinfoUrl(provider, server);
  if (!url) {
    throw new InvalidConfig(`Provider "${provider.id}" names no userinfo endpoint; set \`userinfo\`.`);
  }
  if (provider.type === "oidc" && idTokenClaims?.sub) return userinfoFor(source, url, idTokenClaims.sub);
  return bearerGet(provider, url, tokens.access_token as string);
}
