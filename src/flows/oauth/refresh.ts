/**
 * The refresh token grant (RFC 6749 §6): new tokens for an expired access token. A refreshed ID
 * token is verified like the first one (OpenID Connect Core §12.2). A refused refresh token
 * (`invalid_grant`, RFC 6749 §5.2) means the user must sign in again; any other failure leaves the
 * stored refresh token usable for a later try.
 */
import * as oauth from "oauth4webapi";
import { InvalidConfig, RefreshTokenRejected, TokenRefreshError } from "../../core/errors.js";
import type { OAuthConfig, TokenSet } from "../../provider-types.js";
import { clientAuthentication, oauthClient } from "./client.js";
import { verifyIdToken } from "./id-token.js";
import { authorizationServer, transportOptions } from "./server-metadata.js";
import { expectedIssuer } from "./tenant-issuer.js";

/**
 * Redeems `refreshToken` at the provider's token endpoint; resolves to the token response.
 */
export async function refreshTokens(provider: OAuthConfig, refreshToken: string): Promise<TokenSet> {
  try {
    const server = await authorizationServer(provider);
    const client = oauthClient(provider);
    const tokenOption = typeof provider.token === "object" ? provider.token : undefined;
    let response = await oauth.refreshTokenGrantRequest(
      server,
      client,
      clientAuthentication(provider),
      refreshToken,
      transportOptions(server.token_endpoint),
    );
    if (tokenOption?.conform) response = await tokenOption.conform(response);
    const processed = await oauth.processRefreshTokenResponse(server, client, response);
    if (typeof processed.id_token === "string") {
      const issuer = expectedIssuer(provider, server.issuer, processed.id_token);
      await verifyIdToken(provider, { ...server, issuer }, processed.id_token, { issuer, nonce: "any" });
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
