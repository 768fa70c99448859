/**
 * `GET|POST /callback/:id`: the authorization response (RFC 6749 §4.1.2) turned into a proven
 * identity, one protocol step after another: relay (redirect proxy), check cookies, the response's
 * `state`/`iss`/`error` (RFC 9207), the token request, the ID token, the profile. State, PKCE and
 * nonce are all settled before the token endpoint hears of the code.
 */
import * as oauth from "oauth4webapi";
import type { AuthContext } from "../../core/context.js";
import { countRequest } from "../../core/count-request.js";
import {
  AuthError,
  CallbackRouteError,
  OAuthCallbackError,
  OAuthProfileParseError,
} from "../../core/errors.js";
import { oauthUserResolver } from "../../login/index.js";
import type { OAuthConfig, Profile, User } from "../../provider-types.js";
import type { CallbackResult } from "../types.js";
import { accountFor, defaultProfile, vouchesForAddress } from "./account.js";
import { activeChecks, carriesCheckCookies, clearChecks, expectedChecks } from "./checks.js";
import { oauthClient } from "./client.js";
import { redirectUriFor, relayTarget } from "./redirect-proxy.js";
import { authorizationServer } from "./server-metadata.js";
import { exchangeCode } from "./token-request.js";
import { fetchProfile } from "./userinfo.js";

/** The authorization response's parameters: the query, or a `form_post` body (OAuth 2.0 Form Post Response Mode). */
function responseParams(ctx: AuthContext): Record<string, string> {
  if (ctx.req.method === "GET") return { ...ctx.req.query };
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(ctx.req.body)) {
    if (typeof value === "string") params[name] = value;
  }
  return params;
}

/** The callback URL with `params` as its query: where a relayed or re-sent response goes. */
function callbackWithQuery(ctx: AuthContext, provider: OAuthConfig, params: Record<string, string>): string {
  const url = new URL(ctx.actionUrl("callback", provider.id));
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
}

/**
 * Apple (`form_post`) sends the user's name, on the first authorization only, as a `user` field
 * beside the code. It is the browser's to send, so it only ever fills the name: never the e-mail.
 */
function withFirstLoginUser(profile: Profile, params: Record<string, string>): Profile {
  if (params.user === undefined || profile.user !== undefined) return profile;
  try {
    const user: unknown = JSON.parse(params.user);
    return typeof user === "object" && user !== null ? { ...profile, user } : profile;
  } catch {
    return profile;
  }
}

/** Errors of the protocol steps, as the browser sees them: the provider answered badly. */
function callbackFailure(provider: OAuthConfig, step: string, error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  const reason =
    error instanceof oauth.AuthorizationResponseError ? `${error.error}` : (error as Error)?.message;
  return new OAuthCallbackError(`The ${step} of provider "${provider.id}" failed: ${reason}`, {
    cause: error,
  });
}

export async function oauthCallback(ctx: AuthContext, provider: OAuthConfig): Promise<CallbackResult> {
  const params = responseParams(ctx);
  const checks = activeChecks(provider);

  const relay = await relayTarget(ctx, provider, params);
  if (relay) return { kind: "response", response: { redirect: relay, cookies: clearChecks(ctx) } };
  // A cross-site `form_post` carries no SameSite=Lax cookies; the same parameters on a top-level
  // GET to ourselves do (RFC 6265bis §5.5.7.1), so the browser is sent round once.
  if (ctx.req.method === "POST" && checks.length > 0 && !carriesCheckCookies(ctx, checks)) {
    return { kind: "response", response: { redirect: callbackWithQuery(ctx, provider, params) } };
  }

  const expected = await expectedChecks(ctx, provider, checks);
  const server = await authorizationServer(provider);
  const client = oauthClient(provider);
  let validated: URLSearchParams;
  try {
    validated = oauth.validateAuthResponse(
      server,
      client,
      new URLSearchParams(params),
      expected.state ?? oauth.expectNoState,
    );
  } catch (error) {
    throw callbackFailure(provider, "authorization response", error);
  }

  const redirectUri = redirectUriFor(ctx, provider);
  let exchanged: Awaited<ReturnType<typeof exchangeCode>>;
  try {
    exchanged = await exchangeCode({
      provider,
      server,
      client,
      params: validated,
      redirectUri,
      checks: expected,
    });
  } catch (error) {
    // A token endpoint error, a response that does not conform, an ID token that fails a check.
    throw callbackFailure(provider, "token request", error);
  }

  const { tokens, idTokenClaims } = exchanged;
  let profile: Profile;
  try {
    profile = withFirstLoginUser(
      await fetchProfile({ provider, server, client, tokens, idTokenClaims }),
      params,
    );
  } catch (error) {
    throw callbackFailure(provider, "userinfo request", error);
  }

  let user: User;
  try {
    user = await (provider.profile ?? defaultProfile)(profile, tokens);
  } catch (error) {
    throw new OAuthProfileParseError(
      `The \`profile\` function of provider "${provider.id}" threw on the provider's profile.`,
      { cause: error },
    );
  }
  if (!user || user.id === undefined || user.id === null || String(user.id) === "") {
    throw new CallbackRouteError(
      `The profile of provider "${provider.id}" gave the user no id; its \`profile\` must return one (the provider's account id).`,
    );
  }
  const providerAccountId = String(user.id);
  // Only now is the account known: each completed sign-in counts against it, so that one account
  // cannot sign in over and over (each sign-in in a browser holding a session ends that session
  // and writes its revocation marker).
  await countRequest(ctx, "oauthSignIn", [`oauth:${provider.id}:${providerAccountId}`]);
  const email = typeof user.email === "string" ? user.email.toLowerCase() : user.email;
  return {
    kind: "signedIn",
    identity: {
      // Like Auth.js, the id is the stored user's once there is one; until then a fresh one.
      user: { ...user, id: ctx.runtime.randomUUID(), email },
      account: accountFor(provider, providerAccountId, tokens),
      profile,
      resolveUser: oauthUserResolver({
        emailVerified: vouchesForAddress(provider, profile, email),
        allowDangerousEmailAccountLinking: provider.allowDangerousEmailAccountLinking === true,
      }),
    },
    cookies: clearChecks(ctx),
  };
}
