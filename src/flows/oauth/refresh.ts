/**
 * The refresh token grant (RFC 6749 §6): new tokens for an expired access token. A refreshed ID
 * token is verified like the first one, and must name the same issuer and subject as the ID token of
 * the sign-in (OpenID Connect Core §12.2): tokens for another person are never handed out as this
 * user's. A refused refresh token
 * (`invalid_grant`, RFC 6749 §5.2) means the user must sign in again; any other failure leaves the
 * stored refresh token usable for a later try.
 */
import * as oauth from "oauth4webapi";
import { InvalidConfig, RefreshTokenRejected, TokenRefreshError } from "../../core/errors.js";
import type { OAuthConfig, TokenSet } from "../../provider-types.js";
import { clientAuthentication, oauthClient } from "./client.js";
import { IdTokenRejected, verifyIdToken } from "./id-token.js";
import { authorizationServer, transportOptions } from "./server-metadata.js";
import { expectedIssuerOfResponse } from "./tenant-issuer.js";

/** The `iss` and `sub` of the ID token the sign-in was proven with. */
export interface IdTokenSubject {
  iss: string;
  sub: string;
}

/**
 * Redeems `refreshToken` at the provider's token endpoint; resolves to the token response. A
 * refreshed ID token must repeat `original`'s issuer and subject, when the sign-in had an ID token.
 */
export async function refreshTokens(
  provider: OAuthConfig,
  refreshToken: string,
  original: IdTokenSubject | undefined,
): Promise<TokenSet> {
  try {
    const server = await authorizationServer(provider);
    const client = oauthClient(provider);
    const tokenOption = typeof provider.token === "object" ? provider.token : undefined;
    let response = await oauth.refreshTokenGrantRequest(
      server,
      client,
      clientAuthentication(provider),
      refreshToken,
      transportOptions(provider, server.token_endpoint),
    );
    if (tokenOption?.conform) response = await tokenOption.conform(response);
    // A multi-tenant issuer's template is filled in before oauth4webapi compares the ID token's iss.
    const issuer = await expectedIssuerOfResponse(provider, server.issuer, response);
    const issuerServer = { ...server, issuer };
    const processed = await oauth.processRefreshTokenResponse(issuerServer, client, response);
    if (typeof processed.id_token === "string") {
      const claims = await verifyIdToken(provider, issuerServer, processed.id_token, {
        issuer,
        nonce: "any",
      });
      if (original && (claims.iss !== original.iss || claims.sub !== original.sub)) {
        throw new IdTokenRejected(
          `the refreshed ID token names ${claims.iss} / ${claims.sub}, not the signed-in ${original.iss} / ${original.sub}`,
        );
      }
    }
    return { ...processed };
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError && error.error === "invalid_grant") {
      throw new RefreshTokenRejected(
        `Provider "${provider.id}" refused the refresh token (invalid_grant); the user must sign in again.`,
        { cause: error },
      );
    }
    if (error instanceof InvalidConfig) throw error;
    throw new TokenRefreshError(`Refreshing the access token of provider "${provider.id}" failed.`, {
      cause: error,
    });
  }
}
