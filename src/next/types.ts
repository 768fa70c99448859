/**
 * The types of `latchkey/next`, with next-auth v5's names and shapes so that an app's `auth.ts`
 * and the files importing from it compile after switching the import.
 */
import type { NextFetchEvent, NextRequest } from "next/server";
import type { AuthConfig, CallbacksOptions, Session } from "../index.js";
import type { NodeRequestLike, NodeResponseLike } from "./pages/node-session.js";

type Awaitable<T> = T | PromiseLike<T>;

/** What the `authorized` callback receives: the request the proxy is deciding on, and its session. */
export interface AuthorizedCallbackParams {
  request: NextRequest;
  auth: Session | null;
}

/**
 * The callbacks of {@link NextAuthConfig}: latchkey's, plus `authorized`, which `auth` asks when it
 * runs as the proxy (middleware) or wraps a route handler.
 */
export interface NextAuthCallbacks extends Partial<CallbacksOptions> {
  /**
   * Whether the request may go on. `true` lets it through; `false`, or nothing (`undefined`,
   * `null`), redirects to the sign-in page with `callbackUrl` set to the page asked for, as in
   * next-auth v5; a `Response` (a redirect, a 403) is sent as it is.
   *
   * @example
   * ```ts
   * import type { NextAuthConfig } from "latchkey/next";
   *
   * export const callbacks: NextAuthConfig["callbacks"] = {
   *   authorized: ({ auth, request }) => !request.nextUrl.pathname.startsWith("/admin") || Boolean(auth),
   * };
   * ```
   */
  authorized?(params: AuthorizedCallbackParams): Awaitable<boolean | Response | undefined | null>;
}

/**
 * The configuration `NextAuth()` takes: latchkey's `AuthConfig` (without `raw`, which the helpers
 * set themselves) and the `authorized` callback. `basePath` defaults to `/api/auth`, where the
 * route handler lives in a Next.js app.
 */
export interface NextAuthConfig extends Omit<AuthConfig, "raw" | "callbacks"> {
  callbacks?: NextAuthCallbacks;
}

/** A request seen by a function that `auth` wraps: the Next.js request with its session. */
export interface NextAuthRequest extends NextRequest {
  auth: Session | null;
}

/** What a wrapped proxy or route handler may return: a response, or nothing to let the request on. */
// biome-ignore lint/suspicious/noConfusingVoidType: a proxy typed as Next.js's `NextProxy` returns `void` when it lets the request on.
export type NextAuthHandlerResult = Response | null | undefined | void;

/**
 * A proxy (middleware) or route handler that `auth` wraps. Its second argument is what Next.js
 * passes: the `NextFetchEvent` in a proxy, `{ params }` in a route handler.
 */
export type NextAuthHandler<Context> = (
  request: NextAuthRequest,
  context: Context,
) => Awaitable<NextAuthHandlerResult>;

/** The route handlers to export from `app/api/auth/[...nextauth]/route.ts`. */
export interface AppRouteHandlers {
  GET(request: NextRequest): Promise<Response>;
  POST(request: NextRequest): Promise<Response>;
}

/**
 * `auth`, in each of the places a Next.js app calls it:
 * - `await auth()` in a server component, route handler or server action: the session or null;
 * - `auth((req) => …)`: a proxy or route handler that sees `req.auth`, the `authorized` callback asked first;
 * - `auth` itself as the proxy (`export { auth as proxy }`): only the `authorized` callback decides;
 * - `auth(context)` in `getServerSideProps`, `auth(req, res)` in a Pages Router API route: the session or null.
 */
export interface NextAuthFunction {
  (): Promise<Session | null>;
  <Context>(handler: NextAuthHandler<Context>): (request: NextRequest, context: Context) => Promise<Response>;
  (request: NextRequest, event?: NextFetchEvent): Promise<Response>;
  /** The Pages Router: `auth(context)` in `getServerSideProps`; a re-issued cookie goes on `context.res`. */
  (context: { req: NodeRequestLike; res: NodeResponseLike }): Promise<Session | null>;
  /** The Pages Router: `auth(req, res)` in an API route; a re-issued cookie goes on `res`. */
  (req: NodeRequestLike, res: NodeResponseLike): Promise<Session | null>;
}

/** Options of the server-action `signIn`; other fields (a username, a password) go to the provider. */
export type SignInOptions<Redirect extends boolean = true> = {
  /** Where to go after signing in. Default: the page the action was called from (`Referer`), else `/`. */
  redirectTo?: string;
  /** `false` returns the URL instead of redirecting to it. */
  redirect?: Redirect;
} & Record<string, unknown>;

/** What `signIn` may pass on to an OAuth provider's authorization endpoint. */
export type SignInAuthorizationParams = string[][] | Record<string, string> | string | URLSearchParams;

/** Options of the server-action `signOut`. */
export interface SignOutOptions<Redirect extends boolean = true> {
  /** Where to go after signing out. Default: the page the action was called from (`Referer`), else `/`. */
  redirectTo?: string;
  /** `false` returns `{ redirect }` instead of redirecting. */
  redirect?: Redirect;
}

/** The data `unstable_update` passes to the `jwt` and `session` callbacks (`trigger: "update"`). */
export type SessionUpdate = Partial<Session | { user: Partial<NonNullable<Session["user"]>> }>;

/** What `NextAuth()` returns. */
export interface NextAuthResult {
  /**
   * The route handlers: `export const { GET, POST } = handlers` in
   * `app/api/auth/[...nextauth]/route.ts`.
   */
  handlers: AppRouteHandlers;
  /** The session for server code, and the proxy (middleware) wrapper. */
  auth: NextAuthFunction;
  /**
   * Signs in from a server action: credentials and e-mail sign in (or send the link) on the
   * server; OAuth providers redirect to the provider. Cookies are set through `next/headers`, then
   * it redirects with `next/navigation`'s `redirect`. A refused sign-in throws the `AuthError`
   * (`CredentialsSignin` for a wrong password), which the action may catch.
   */
  signIn<Redirect extends boolean = true>(
    provider?: string,
    options?: FormData | SignInOptions<Redirect>,
    authorizationParams?: SignInAuthorizationParams,
  ): Promise<Redirect extends false ? string : never>;
  /** Signs out from a server action: clears the session and redirects. */
  signOut<Redirect extends boolean = true>(
    options?: SignOutOptions<Redirect>,
  ): Promise<Redirect extends false ? { redirect: string } : never>;
  /**
   * Updates the session from a server action, as the client's `update()` does: the `jwt` callback
   * (or `session`, with database sessions) runs with `trigger: "update"` and this data.
   */
  unstable_update(data: SessionUpdate): Promise<Session | null>;
}

/** `NextAuth`'s argument: a config, or a function making one per request (`undefined` outside a proxy or route). */
export type NextAuthConfigInput =
  | NextAuthConfig
  | ((request: NextRequest | undefined) => Awaitable<NextAuthConfig>);

export type { NextFetchEvent };
