/**
 * The refresh token grant behind `getAccessToken`, against a scripted issuer: a refreshed ID token
 * must name the issuer and subject of the sign-in's (OpenID Connect Core §12.2). With a multi-tenant
 * issuer each token's expected issuer comes from its own tenant claim, so only this comparison keeps
 * a refresh from handing out another tenant's tokens as the signed-in user's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthConfig, getAccessToken, TokenRefreshError } from "../../../src/index.js";
import { encode } from "../../../src/jwt/index.js";
import { HTTP_APP, SECRET } from "../../core/helpers.js";
import { idTokenClaims, oidcProvider, type ScriptedIssuer, startScriptedIssuer } from "./scripted-issuer.js";

let issuer: ScriptedIssuer;
beforeAll(async () => {
  issuer = await startScriptedIssuer();
});
afterAll(() => issuer.close());

const tenantIssuer = (tenant: string) => `${issuer.origin}/${tenant}/v2.0`;

/** An Entra-style provider: the `{tenantid}` template, filled from each ID token's `tid`. */
function config(): AuthConfig {
  const provider = oidcProvider(issuer, {
    issuer: `${issuer.origin}/{tenantid}/v2.0`,
    issuerTenantClaim: "tid",
    authorization: `${issuer.origin}/authorize`,
    token: `${issuer.origin}/token`,
    jwks_endpoint: `${issuer.origin}/jwks`,
  });
  return { providers: [provider], secret: SECRET, trustHost: true };
}

/** A JWT session signed in at tenant-a as alice, whose access token is due. */
async function sessionRequest(): Promise<Request> {
  const token = await encode({
    token: {
      sub: "user-1",
      providerTokens: {
        scripted: {
          providerAccountId: "alice",
          access_token: "old-access-token",
          refresh_token: "refresh-token",
          expires_at: Math.floor(Date.now() / 1000) - 10,
          id_token_iss: tenantIssuer("tenant-a"),
          id_token_sub: "alice",
        },
      },
    },
    secret: SECRET,
    salt: "authjs.session-token",
  });
  return new Request(`${HTTP_APP}/api/mail`, { headers: { cookie: `authjs.session-token=${token}` } });
}

/** The token endpoint answers a refresh with an ID token of `tenant` for `sub`. */
function refreshAnswers(tenant: string, sub = "alice") {
  issuer.routes.set("/token", async () => ({
    body: {
      access_token: "new-access-token",
      token_type: "Bearer",
      expires_in: 3600,
      id_token: await issuer.sign(idTokenClaims(issuer, { iss: tenantIssuer(tenant), tid: tenant, sub })),
    },
  }));
}

describe("a refreshed ID token of a multi-tenant issuer", () => {
  it("is accepted from the sign-in's tenant, for the sign-in's subject (the control)", async () => {
    refreshAnswers("tenant-a");
    const result = await getAccessToken(await sessionRequest(), config(), "scripted");
    expect(result.accessToken).toBe("new-access-token");
  });

  it("is refused from another tenant, though validly signed for it: its access token is not handed out", async () => {
    refreshAnswers("tenant-b");
    const refused = getAccessToken(await sessionRequest(), config(), "scripted");
    await expect(refused).rejects.toBeInstanceOf(TokenRefreshError);
    await expect(refused).rejects.toMatchObject({
      cause: {
        message: `the refreshed ID token names ${tenantIssuer("tenant-b")} / alice, not the signed-in ${tenantIssuer("tenant-a")} / alice`,
      },
    });
  });

  it("is refused for another subject at the same tenant", async () => {
    refreshAnswers("tenant-a", "mallory");
    await expect(getAccessToken(await sessionRequest(), config(), "scripted")).rejects.toBeInstanceOf(
      TokenRefreshError,
    );
  });
});
