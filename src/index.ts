/**
 * latchkey: authentication for any server that speaks Web `Request`/`Response`.
 *
 * @example
 * ```ts
 * import { Auth } from "latchkey";
 * import Credentials from "latchkey/providers/credentials";
 *
 * const config = { providers: [Credentials({ authorize: checkPassword })], secret: process.env.AUTH_SECRET };
 * export const handler = (request: Request) => Auth(request, config);
 * ```
 * @module
 */
import type { AdapterAuthenticator } from "./adapters/types.js";
import { carrying } from "./carried-code.js";
import type { AuthConfig, Session, TwoFactorOptions } from "./config.js";
import { configuredBasePath, type EnvRecord, envValue } from "./core/env.js";
import { InvalidConfig, UnsupportedStrategy } from "./core/errors.js";
import { CARRIED_FEATURE } from "./core/feature.js";
import { forwardedOrigin } from "./core/origin.js";
import { type ResponseInternal, toWebResponse } from "./core/response.js";
import { type AccessToken, accessTokenFor } from "./flows/oauth/access-token.js";
import { deleteOwnAuthenticator, listOwnAuthenticators } from "./flows/webauthn/manage.js";
import type { JWT } from "./jwt/types.js";
import { withAdoptedSession } from "./migrate/carried.js";
import { authUrlPath, warnAboutAuthUrlPath } from "./pipeline/auth-url-path.js";
import { handleAuthRequest } from "./pipeline/handler.js";
import { resolvedConfigFor } from "./pipeline/resolve-config.js";
import { serverContext } from "./pipeline/server-context.js";
import {
  listOwnSessions,
  type OwnSession,
  revokeOwnOtherSessions,
  revokeOwnSession,
} from "./session/own-sessions.js";
import { revokeAllSessions } from "./session/revoke-all.js";
import type { ManagedSession } from "./session/types.js";
import {
  type ConfirmedTotp,
  confirmTotpForUser,
  disableTwoFactorForUser,
  enrolTotpForUser,
  regenerateRecoveryCodesForUser,
  statusOfTwoFactor,
  type TwoFactorStatus,
} from "./two-factor/account.js";
import type { TotpEnrolment } from "./two-factor/enrolment.js";
import { twoFactorFeature } from "./two-factor/feature.js";
import { type RecentAuth, type RecentAuthOptions, recentAuthentication } from "./two-factor/recent-auth.js";
import { twoFactorSettingsOf } from "./two-factor/settings.js";

export type { AdapterUser, Awaitable } from "./adapters/types.js";
export type {
  Account,
  ActiveOrganization,
  AuthConfig,
  CallbacksOptions,
  DatabaseStrategy,
  DefaultSession,
  EnvRecord,
  EventCallbacks,
  JWTCallbackParams,
  LoggerInstance,
  MigrateOptions,
  NextAuthV4Sessions,
  Organization,
  OrganizationEvents,
  OrganizationHooks,
  OrganizationInvitationMail,
  OrganizationStatements,
  OrganizationsOptions,
  PagesOptions,
  RateLimitConfig,
  RedirectCallbackParams,
  Session,
  SessionCallbackParams,
  SessionCallbackResult,
  SessionOptions,
  SessionStrategy,
  SignInCallbackParams,
  SignOutReason,
  Theme,
  TwoFactorOptions,
  TwoFactorUser,
  UpdateTrigger,
} from "./config.js";
export { raw, skipCSRFCheck } from "./config.js";
export type { CookieToSet } from "./cookie/header.js";
export type { CookieOptions, CookieRole, CookieSpec, CookiesOverrides } from "./cookie/names.js";
export type { Action as AuthAction } from "./core/context.js";
export * from "./core/errors.js";
export { attachSocketAddress } from "./core/origin.js";
export type { ResponseInternal } from "./core/response.js";
export { customFetch } from "./custom-fetch.js";
export { type ConfigFinding, checkConfig } from "./pipeline/check-config.js";
export { setEnvDefaults } from "./pipeline/env-defaults.js";
export { isAuthAction } from "./pipeline/routes.js";
export type * from "./provider-types.js";
export { databaseStrategy } from "./session/database-strategy.js";
export type {
  AccessToken,
  ConfirmedTotp,
  ManagedSession,
  OwnSession,
  RecentAuth,
  RecentAuthOptions,
  TotpEnrolment,
  TwoFactorStatus,
};

/**
 * Handles every route under `basePath` (default `/auth`): sign-in, callbacks, sign-out, session,
 * CSRF, providers and the default pages. Always resolves to a Response (never rejects, whatever the
 * client sends or an app callback throws); never mutates `config`.
 *
 * The app's origin (for every URL it builds) is AUTH_URL when set; otherwise the request's URL, with
 * `X-Forwarded-Host`/`-Proto` honoured only when `trustHost` is on. Behind your own proxy, set
 * `trustHost: true` (and on Node, `toNodeHandler(config, { trustProxy: true })`).
 *
 * @example
 * ```ts
 * export const GET = (request: Request) => Auth(request, config);
 * export const POST = GET;
 * ```
 */
export async function Auth(request: Request, config: AuthConfig & { raw: symbol }): Promise<ResponseInternal>;
export async function Auth(request: Request, config: AuthConfig): Promise<Response>;
export async function Auth(request: Request, config: AuthConfig): Promise<Response | ResponseInternal> {
  const { result, redirectAsJson, raw } = await handleAuthRequest(request, config);
  if (raw) return result;
  return toWebResponse(result, redirectAsJson);
}

/**
 * The session of a request, for server code (route handlers, middleware). Same result as
 * `GET /session`, without an HTTP round trip; a due database-session extension is written, but
 * cookies are not re-issued (they are on the next `GET /session`).
 *
 * @example
 * ```ts
 * const session = await getSession(request, config);
 * if (!session) return Response.redirect(new URL("/auth/signin", request.url));
 * ```
 */
export async function getSession(request: Request, config: AuthConfig): Promise<Session | null> {
  const ctx = serverContext(request, config);
  return (await withAdoptedSession(ctx, (c) => c.sessions.read(c))).session;
}

/**
 * The claims of the request's JWT session cookie, for middleware that needs the token rather than
 * the session: null when there is none, it does not verify, or the session has ended before its
 * expiry — revoked (a sign-out, "sign out everywhere else", an admin's `revokeUserSessions`: the
 * markers in `config.store`) or issued before its user's address was proven. `getToken` from
 * `latchkey/jwt` checks none of that: it has no config, so a revoked token's claims still verify
 * there. Runs no callback and writes nothing; JWT sessions only (`getSession` reads either kind).
 *
 * @example
 * ```ts
 * const token = await getSessionToken(request, config);
 * if (!token) return Response.redirect(new URL("/auth/signin", request.url));
 * ```
 */
export async function getSessionToken(request: Request, config: AuthConfig): Promise<JWT | null> {
  const ctx = serverContext(assertRequest(request, "getSessionToken"), config);
  if (ctx.config.session.strategy !== "jwt") {
    throw new UnsupportedStrategy(
      'getSessionToken reads JWT sessions; with session.strategy "database" use getSession.',
    );
  }
  return (await ctx.sessions.current(ctx))?.claims ?? null;
}

/**
 * A valid access token for the signed-in user's account at an OAuth/OIDC provider, to call the
 * provider's API. When it expires within 60 seconds it is first refreshed with the refresh token,
 * one refresh per account at a time across every app instance sharing `config.store`, and the
 * rotated tokens are stored (the account row with database sessions; the session token with JWT
 * sessions, whose new cookies are in `cookies`: set them on your response).
 *
 * Rejects with `NotSignedIn`, `NoProviderAccount` (no account or no refresh token for that
 * provider), `RefreshTokenRejected` (`invalid_grant`: the user must sign in again) or
 * `TokenRefreshError` (the provider failed; the refresh token is kept for a later try).
 *
 * @example
 * ```ts
 * const { accessToken, cookies } = await getAccessToken(request, config, "github");
 * const repos = await fetch("https://api.github.com/user/repos", {
 *   headers: { Authorization: `Bearer ${accessToken}` },
 * });
 * // JWT sessions: a refresh re-issued the session cookie; set each of `cookies` on your response.
 * console.log(repos.status, cookies.length);
 * ```
 */
export function getAccessToken(
  request: Request,
  config: AuthConfig,
  providerId: string,
): Promise<AccessToken> {
  return accessTokenFor(serverContext(request, config), providerId);
}

/**
 * The sessions of the user signed in on `request`, for a "your devices" page; null when nobody is
 * signed in. Each has a non-secret `id` (never the session token), its expiry and, when the schema
 * has the columns, when it was created and last seen, its User-Agent and client address; the
 * session of this request has `current: true`. Needs database sessions and the adapter's
 * `listSessionsByUserId`, or JWT sessions with a shared `store`, which records each session issued
 * (without one it rejects with `UnsupportedStrategy`).
 *
 * @example
 * ```ts
 * const sessions = await listSessions(request, config);
 * if (sessions === null) return Response.redirect(new URL("/auth/signin", request.url));
 * const rows = sessions.map((s) => `${s.userAgent ?? "Unknown device"}${s.current ? " (this device)" : ""}`);
 * ```
 */
export function listSessions(request: Request, config: AuthConfig): Promise<OwnSession[] | null> {
  return listOwnSessions(serverContext(assertRequest(request, "listSessions"), config));
}

/**
 * Ends one session of the user signed in on `request`, by the `id` `listSessions` gave; resolves to
 * false when nobody is signed in or the id is not one of that user's sessions (another user's
 * session cannot be ended this way). The browser holding it is signed out on its next request
 * (JWT sessions: by a revocation marker in the shared `store`, which they need for this).
 * Call it from a POST your app protects against CSRF.
 *
 * @example
 * ```ts
 * const form = await request.formData();
 * const revoked = await revokeSession(request, config, String(form.get("id")));
 * return new Response(null, { status: revoked ? 303 : 404, headers: { Location: "/account/devices" } });
 * ```
 */
export function revokeSession(request: Request, config: AuthConfig, id: string): Promise<boolean> {
  return revokeOwnSession(serverContext(assertRequest(request, "revokeSession"), config), id);
}

/**
 * Ends every session of the user signed in on `request` except the request's own ("sign out
 * everywhere else"); resolves to how many ended, or null when nobody is signed in. With JWT
 * sessions (which need the shared `store` for it) sessions the store never listed end too; the
 * count is of the listed ones. Call it from a POST your app protects against CSRF.
 *
 * @example
 * ```ts
 * const ended = await revokeOtherSessions(request, config);
 * if (ended === null) return Response.redirect(new URL("/auth/signin", request.url));
 * ```
 */
export function revokeOtherSessions(request: Request, config: AuthConfig): Promise<number | null> {
  return revokeOwnOtherSessions(serverContext(assertRequest(request, "revokeOtherSessions"), config));
}

/**
 * Admin: the live sessions of any user, by user id (metadata and ids, never tokens). For the
 * signed-in user's own sessions use {@link listSessions}, which needs no user id.
 *
 * @example
 * ```ts
 * const sessions = await listUserSessions(config, "user-1");
 * ```
 */
export function listUserSessions(config: AuthConfig, userId: string): Promise<ManagedSession[]> {
  const resolved = resolvedConfigFor(config);
  return resolved.sessions.list(resolved, userId);
}

/**
 * Admin: ends one session of a user, by user id and session id; resolves to false when that user
 * has no such session.
 *
 * @example
 * ```ts
 * await revokeUserSession(config, "user-1", sessionId);
 * ```
 */
export async function revokeUserSession(config: AuthConfig, userId: string, id: string): Promise<boolean> {
  const resolved = resolvedConfigFor(config);
  return (await resolved.sessions.revoke(resolved, userId, { session: id }, "revokedByAdmin")) > 0;
}

/**
 * Admin: ends every session of a user, optionally keeping one by its session id, e.g. after a
 * password reset. Resolves to how many ended. JWT sessions can be ended only with a shared `store`:
 * without one it throws `UnsupportedStrategy`, as `revokeSession` does, rather than end nothing. With two-factor sign-in, the browsers the user
 * trusted to skip the second factor (`twoFactor.trustDevice`) must pass it again.
 *
 * @example
 * ```ts
 * await revokeUserSessions(config, "user-1", { except: currentSessionId });
 * ```
 */
export async function revokeUserSessions(
  config: AuthConfig,
  userId: string,
  options: { except?: string } = {},
): Promise<number> {
  const resolved = resolvedConfigFor(config);
  return revokeAllSessions(resolved, userId, options.except, "revokedByAdmin");
}

/**
 * The `twoFactor` option with two-factor sign-in's code attached, for edge runtimes, where `Auth`
 * brings no feature itself (as provider factories carry their flows). On Node a plain
 * `twoFactor: { … }` works as well.
 *
 * @example
 * ```ts
 * import { TwoFactor, type AuthConfig } from "latchkey";
 *
 * const config: AuthConfig = { providers, adapter, twoFactor: TwoFactor({ methods: ["totp"] }) };
 * ```
 */
export function TwoFactor(options: TwoFactorOptions): TwoFactorOptions {
  return carrying(options, CARRIED_FEATURE, twoFactorFeature);
}

/**
 * The two-factor state of the user signed in on `request` (whether sign-in asks them for a second
 * factor, recovery codes left), or null when nobody is signed in.
 *
 * @example
 * ```ts
 * const status = await twoFactorStatus(request, config);
 * if (status && !status.enabled) console.log("Offer to set up an authenticator app");
 * ```
 */
export async function twoFactorStatus(request: Request, config: AuthConfig): Promise<TwoFactorStatus | null> {
  const ctx = serverContext(assertRequest(request, "twoFactorStatus"), config);
  return statusOfTwoFactor(ctx, twoFactorSettingsOf(config.twoFactor));
}

/**
 * Starts enrolling an authenticator app for the user signed in on `request`: the secret (base32,
 * for typing by hand), the `otpauth://` URI and the URI as a QR code (SVG markup, drawn locally).
 * The secret is stored sealed and unconfirmed; {@link confirmTotp} turns it on. Calling it again
 * before confirming returns the same secret. Rejects with `NotSignedIn`; `StepUpRequired` when the
 * user signed in longer ago than `twoFactor.recentAuthMaxAge` (a stolen session cookie must not
 * enrol its thief's phone: ask them to sign in again); `InvalidRequest` when an authenticator is
 * already on.
 *
 * @example
 * ```ts
 * const { qrSvg, secret } = await enrollTotp(request, config);
 * const html = `${qrSvg}<p>Or type this key: <code>${secret}</code></p>`;
 * ```
 */
export async function enrollTotp(request: Request, config: AuthConfig): Promise<TotpEnrolment> {
  const ctx = serverContext(assertRequest(request, "enrollTotp"), config);
  return enrolTotpForUser(ctx, twoFactorSettingsOf(config.twoFactor));
}

/**
 * Confirms the authenticator `enrollTotp` started with the first valid `code`: two-factor sign-in
 * is on from now, the user's other sessions end (they proved only what was asked before; JWT
 * sessions only with a `store`), and the 10 recovery codes are returned, to show the user once.
 * `cookies` record the second factor just proven on the session: set them on your response. Null
 * when the code is wrong (or was used already).
 *
 * @example
 * ```ts
 * const confirmed = await confirmTotp(request, config, code);
 * if (confirmed === null) return new Response("Wrong code, try again", { status: 400 });
 * console.log(confirmed.recoveryCodes.join("\n"));
 * ```
 */
export async function confirmTotp(
  request: Request,
  config: AuthConfig,
  code: string,
): Promise<ConfirmedTotp | null> {
  const ctx = serverContext(assertRequest(request, "confirmTotp"), config);
  return confirmTotpForUser(ctx, twoFactorSettingsOf(config.twoFactor), code);
}

/**
 * New recovery codes for the user signed in on `request`, voiding every earlier one; returns them
 * to show once. Needs a second factor proven recently (`twoFactor.recentAuthMaxAge`, 5 minutes by
 * default): otherwise rejects with `StepUpRequired` (send the user to `<basePath>/two-factor`).
 *
 * @example
 * ```ts
 * const codes = await regenerateRecoveryCodes(request, config);
 * ```
 */
export async function regenerateRecoveryCodes(request: Request, config: AuthConfig): Promise<string[]> {
  const ctx = serverContext(assertRequest(request, "regenerateRecoveryCodes"), config);
  return regenerateRecoveryCodesForUser(ctx, twoFactorSettingsOf(config.twoFactor));
}

/**
 * Turns two-factor sign-in off for the user signed in on `request`: the authenticator and every
 * recovery code are deleted. Needs a recent second factor, as {@link regenerateRecoveryCodes}.
 *
 * @example
 * ```ts
 * await disableTwoFactor(request, config);
 * ```
 */
export async function disableTwoFactor(request: Request, config: AuthConfig): Promise<void> {
  const ctx = serverContext(assertRequest(request, "disableTwoFactor"), config);
  return disableTwoFactorForUser(ctx, twoFactorSettingsOf(config.twoFactor));
}

/**
 * Whether the user signed in on `request` proved who they are within `maxAge` seconds (default
 * 300), with the RFC 8176 `factors` asked for (e.g. `["mfa"]`), judged from the session's `amr`
 * and `auth_time`. When not, `stepUpUrl` is where to send them: the page that asks for the second
 * factor again (or the sign-in page when nobody is signed in); it returns to `callbackUrl`.
 *
 * @example
 * ```ts
 * const recent = await requireRecentAuth(request, config, { maxAge: 300, factors: ["mfa"], callbackUrl: "/settings" });
 * if (!recent.ok) return Response.redirect(recent.stepUpUrl, 303);
 * ```
 */
export async function requireRecentAuth(
  request: Request,
  config: AuthConfig,
  options: RecentAuthOptions = {},
): Promise<RecentAuth> {
  return recentAuthentication(serverContext(assertRequest(request, "requireRecentAuth"), config), options);
}

/** The request-based functions took `(config, userId)` before; say so rather than fail obscurely. */
function assertRequest(request: Request, name: string): Request {
  if (typeof (request as Partial<Request> | null)?.headers?.get !== "function") {
    throw new TypeError(
      `${name}(request, config, ...) takes the incoming Request first; for a user id use the admin functions listUserSessions, revokeUserSession and revokeUserSessions.`,
    );
  }
  return request;
}

/**
 * The passkeys (WebAuthn authenticators) of the user signed in on `request`, for a "your passkeys"
 * page; null when nobody is signed in. Each record has the credential id, the counter, the device
 * type, whether it is backed up, and its transports.
 *
 * @example
 * ```ts
 * const passkeys = await listAuthenticators(request, config);
 * if (passkeys === null) return Response.redirect(new URL("/auth/signin", request.url));
 * const rows = passkeys.map((passkey) => `${passkey.credentialID} (${passkey.credentialDeviceType})`);
 * ```
 */
export function listAuthenticators(
  request: Request,
  config: AuthConfig,
): Promise<AdapterAuthenticator[] | null> {
  return listOwnAuthenticators(serverContext(request, config));
}

/**
 * Deletes one passkey of the user signed in on `request` and unlinks its account; resolves to
 * false when nobody is signed in or the credential is not that user's. Needs the adapter's
 * `deleteAuthenticator`. Call it from a POST your app protects against CSRF, and keep another way
 * to sign in before deleting the last one.
 *
 * @example
 * ```ts
 * const form = await request.formData();
 * const deleted = await deleteAuthenticator(request, config, String(form.get("credentialID")));
 * return new Response(null, { status: deleted ? 303 : 404, headers: { Location: "/account/passkeys" } });
 * ```
 */
export function deleteAuthenticator(
  request: Request,
  config: AuthConfig,
  credentialID: string,
): Promise<boolean> {
  return deleteOwnAuthenticator(serverContext(request, config), credentialID);
}

/**
 * The absolute URL of an action (`signin`, `session`, …), built the way the handler builds its own:
 * from AUTH_URL when set (its path is the base path), otherwise from the request's
 * `X-Forwarded-Host`/`Host` and `X-Forwarded-Proto`, under `config.basePath` (default `/auth`).
 * Same signature as Auth.js v5, so framework glue written for it keeps working; like Auth.js, it
 * trusts the forwarded headers it is given, so pass only headers your proxy sets, and a `protocol`
 * left undefined means https. An AUTH_URL path that is not `config.basePath` gives way to it, and
 * `logger.warn` is told `env-url-basepath-mismatch`.
 *
 * @example
 * ```ts
 * const url = createActionURL("signin", "https", request.headers, process.env, { basePath: "/auth" });
 * // https://app.example.com/auth/signin
 * ```
 */
export function createActionURL(
  action: string,
  protocol: string | undefined,
  headers: Headers,
  envObject: EnvRecord,
  config: Pick<AuthConfig, "basePath" | "logger">,
): URL {
  const basePath = configuredBasePath(config.basePath, envObject);
  const pathOfAuthUrl = authUrlPath(envObject);
  if (config.basePath && config.basePath !== "/" && pathOfAuthUrl && pathOfAuthUrl !== config.basePath) {
    warnAboutAuthUrlPath(config.logger, "env-url-basepath-mismatch");
  }
  const authUrl = envValue(envObject, "AUTH_URL");
  if (authUrl) return new URL(`${basePath}/${action}`, new URL(authUrl).origin);
  const host = headers.get("host");
  if (!host && !headers.get("x-forwarded-host")) {
    throw new InvalidConfig("createActionURL needs a Host header, or AUTH_URL set.");
  }
  const origin = forwardedOrigin(headers, `${(protocol ?? "https").replace(/:$/, "")}:`, host ?? "");
  return new URL(`${origin}${basePath}/${action}`);
}
