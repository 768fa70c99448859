/**
 * `latchkey/next`: latchkey in a Next.js (App Router) app, with next-auth v5's API. An app that
 * imported `next-auth` imports `latchkey/next` instead; docs/next.md has the full import map.
 *
 * @example
 * ```ts
 * import NextAuth from "latchkey/next";
 * import Credentials from "latchkey/providers/credentials";
 *
 * export const { handlers, auth, signIn, signOut } = NextAuth({
 *   providers: [Credentials({ authorize: ({ username }) => (username ? { id: String(username) } : null) })],
 * });
 * ```
 * @module
 */
import { headers } from "next/headers";
import type { NextRequest } from "next/server";
import { Auth, getSession, type Session } from "../index.js";
import { signIn, signOut, updateSession } from "./actions.js";
import { configSource } from "./config.js";
import { internalRequest } from "./internal-request.js";
import { isNodeRequest, isPagesContext, nodeRequestSession } from "./pages/node-session.js";
import { runProxy } from "./proxy.js";
import type {
  AppRouteHandlers,
  NextAuthConfigInput,
  NextAuthFunction,
  NextAuthHandler,
  NextAuthResult,
  NextFetchEvent,
} from "./types.js";

export type { Account, DefaultSession, Profile, Session, User } from "../index.js";
// The error classes, as `latchkey` exports them: `next-auth` exports AuthError and CredentialsSignin,
// and apps catch the others (AccessDenied, OAuthAccountNotLinked, ...) around `signIn`.
export {
  AccessDenied,
  AccountNotLinked,
  AdapterError,
  AuthError,
  CallbackRouteError,
  CredentialsSignin,
  customFetch,
  DuplicateConditionalUI,
  EmailSignInError,
  ErrorPageLoop,
  type ErrorType,
  EventError,
  ExperimentalFeatureNotEnabled,
  InvalidCallbackUrl,
  InvalidCheck,
  InvalidConfig,
  InvalidEndpoints,
  InvalidProvider,
  InvalidRequest,
  isClientError,
  JWTSessionError,
  LockTimeout,
  MethodNotAllowed,
  MissingAdapter,
  MissingAdapterMethods,
  MissingAuthorize,
  MissingCSRF,
  MissingSecret,
  MissingWebAuthnAutocomplete,
  NoProviderAccount,
  NotSignedIn,
  OAuthAccountNotLinked,
  OAuthCallbackError,
  OAuthProfileParseError,
  OAuthSignInError,
  PayloadTooLarge,
  RateLimited,
  RateLimitStoreError,
  RefreshTokenRejected,
  RequestError,
  SessionTokenError,
  SignInError,
  SignOutError,
  StoreUnavailable,
  TokenRefreshError,
  UnknownAction,
  UnsupportedMediaType,
  UnsupportedStrategy,
  UntrustedHost,
  Verification,
  WebAuthnVerificationError,
} from "../index.js";
export type * from "./types.js";

/**
 * Sets latchkey up for a Next.js app: the route handlers, `auth` for server code and the proxy,
 * and the server-action `signIn`, `signOut` and `unstable_update`. Call it once, in `auth.ts`,
 * and export what it returns. The config may be a function of the request (`undefined` in server
 * components and actions), for settings read per request.
 *
 * The route handler is mounted at `/api/auth` unless `basePath` (or AUTH_URL's path) says otherwise.
 *
 * @example
 * ```ts
 * import NextAuth from "latchkey/next";
 * import GitHub from "latchkey/providers/github";
 *
 * export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth({ providers: [GitHub] });
 * ```
 */
export default function NextAuth(input: NextAuthConfigInput): NextAuthResult {
  const configsFor = configSource(input);

  const handle = async (request: NextRequest): Promise<Response> =>
    Auth(request, (await configsFor(request)).handler);
  const handlers: AppRouteHandlers = { GET: handle, POST: handle };

  // Not async: wrapping a function must return the wrapped function itself, not a promise of it.
  function auth(...args: unknown[]): unknown {
    const [first, second] = args;
    if (typeof first === "function") {
      const handler = first as NextAuthHandler<unknown>;
      return async (request: NextRequest, context: unknown) =>
        runProxy(request, context, await configsFor(request), handler);
    }
    if (first instanceof Request) {
      const request = first as NextRequest;
      return configsFor(request).then((configs) =>
        runProxy(request, second as NextFetchEvent | undefined, configs),
      );
    }
    // The Pages Router: `auth(context)` in getServerSideProps, `auth(req, res)` in an API route.
    if (isPagesContext(first)) {
      return configsFor().then(({ handler }) => nodeRequestSession(first.req, first.res, handler));
    }
    if (isNodeRequest(first)) {
      const res = second as Parameters<typeof nodeRequestSession>[1];
      return configsFor().then(({ handler }) => nodeRequestSession(first, res, handler));
    }
    return sessionOfThisRequest();
  }

  // A server component, route handler or server action: the request is only in `next/headers`;
  // getSession gives what `GET /session` would, without serializing it to JSON and back.
  // A re-issued cookie is not sent from here: server components cannot set cookies, and the
  // browser's next `/session` call or a proxy re-issues it.
  async function sessionOfThisRequest(): Promise<Session | null> {
    const { handler } = await configsFor();
    return getSession(internalRequest(new Headers(await headers()), handler, "session"), handler);
  }

  return {
    handlers,
    auth: auth as NextAuthFunction,
    signIn: (async (provider, options, authorizationParams) =>
      signIn(await configsFor(), provider, options, authorizationParams)) as NextAuthResult["signIn"],
    signOut: (async (options) => signOut(await configsFor(), options)) as NextAuthResult["signOut"],
    unstable_update: async (data) => updateSession(await configsFor(), data),
  };
}

export { NextAuth };
