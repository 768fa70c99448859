/**
 * `latchkey/next/middleware`: next-auth v4's `next-auth/middleware` for a Next.js proxy (or
 * `middleware.ts`). `export { default } from "latchkey/next/middleware"` sends every visitor
 * without a valid session token to the sign-in page; `withAuth(fn, options)` runs `fn` for the
 * visitors its `authorized` callback lets through, with the token on `req.nextauth.token`.
 *
 * As in v4, it reads the JWT session cookie only (no adapter runs in a proxy), with the secret of
 * `options.secret`, else AUTH_SECRET (NEXTAUTH_SECRET, v4's name, while it is unset).
 * With `migrate: { nextAuthV4: true }` a next-auth v4 session cookie not yet replaced counts too.
 *
 * @example
 * ```ts
 * // middleware.ts
 * export { default } from "latchkey/next/middleware";
 * export const config = { matcher: ["/dashboard/:path*"] };
 * ```
 * @module
 */

import type { NextFetchEvent, NextRequest } from "next/server";
import { NextResponse } from "next/server";
import { runtime } from "#crypto";
import { readChunkedCookie } from "../cookie/chunks.js";
import { parseCookieHeader } from "../cookie/header.js";
import { readProcessEnv, secretsFromEnv } from "../core/env.js";
import { getToken, type JWT } from "../jwt/index.js";
import { decodeNextAuthV4Token } from "../jwt/next-auth-v4.js";

type Awaitable<T> = T | PromiseLike<T>;

/** The request a wrapped middleware sees: the token `authorized` was given. */
export interface NextRequestWithAuth extends NextRequest {
  nextauth: { token: JWT | null };
}

export type NextMiddlewareWithAuth = (
  request: NextRequestWithAuth,
  event: NextFetchEvent,
) => Awaitable<Response | null | undefined>;

export interface NextAuthMiddlewareOptions {
  /** Where to send a visitor `authorized` refuses: `signIn` (default `/api/auth/signin`); `error` on a missing secret. */
  pages?: { signIn?: string; error?: string };
  callbacks?: {
    /** Whether the visitor may go on; default: a valid token is present. */
    authorized?: (params: { token: JWT | null; req: NextRequest }) => Awaitable<boolean>;
  };
  /** The session cookie's secret; default AUTH_SECRET (NEXTAUTH_SECRET while it is unset). */
  secret?: string | string[];
  /** Also accept a next-auth v4 session cookie, as `migrate: { nextAuthV4: true }` does in the handler. */
  migrate?: { nextAuthV4?: boolean };
}

const V4_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

function secretsOf(options: NextAuthMiddlewareOptions): string[] {
  const given = options.secret;
  if (given !== undefined) return (Array.isArray(given) ? given : [given]).filter(Boolean);
  return (secretsFromEnv(readProcessEnv()) ?? []).filter((secret): secret is string => Boolean(secret));
}

/** The token of the request's latchkey (Auth.js) session cookie, else of a v4 one when asked to. */
async function tokenOf(request: NextRequest, options: NextAuthMiddlewareOptions, secrets: string[]) {
  const token = await getToken({
    req: request,
    secret: secrets,
    secureCookie: request.nextUrl.protocol === "https:",
  });
  if (token || !options.migrate?.nextAuthV4) return token;
  const cookies = parseCookieHeader(request.headers.get("cookie"));
  for (const name of V4_COOKIES) {
    const v4Token = readChunkedCookie(cookies, name);
    if (v4Token) return decodeNextAuthV4Token(runtime, v4Token, secrets);
  }
  return null;
}

async function runMiddleware(
  request: NextRequest,
  event: NextFetchEvent | undefined,
  middleware: NextMiddlewareWithAuth | undefined,
  options: NextAuthMiddlewareOptions,
): Promise<Response> {
  const signInPage = options.pages?.signIn ?? "/api/auth/signin";
  const errorPage = options.pages?.error ?? "/api/auth/error";
  const { pathname, search } = request.nextUrl;
  // The pages a refused visitor is sent to stay open, or the redirect would loop.
  if (pathname === signInPage || pathname === errorPage || pathname.startsWith("/api/auth/")) {
    return NextResponse.next();
  }
  const secrets = secretsOf(options);
  if (secrets.length === 0) {
    console.error(
      "[latchkey][error] MissingSecret: the middleware reads the session cookie with AUTH_SECRET (or its `secret` option); neither is set.",
    );
    const errorUrl = new URL(errorPage, request.nextUrl.origin);
    errorUrl.searchParams.set("error", "Configuration");
    return NextResponse.redirect(errorUrl);
  }
  const token = await tokenOf(request, options, secrets);
  const authorized = options.callbacks?.authorized ?? (({ token }) => Boolean(token));
  if (!(await authorized({ token, req: request }))) {
    const signInUrl = new URL(signInPage, request.nextUrl.origin);
    signInUrl.searchParams.set("callbackUrl", `${pathname}${search}`);
    return NextResponse.redirect(signInUrl);
  }
  if (!middleware) return NextResponse.next();
  const withToken = request as NextRequestWithAuth;
  withToken.nextauth = { token };
  return (await middleware(withToken, event as NextFetchEvent)) ?? NextResponse.next();
}

/**
 * next-auth v4's `withAuth`, in each of its forms: `withAuth(request)` as the middleware itself,
 * `withAuth(options)` and `withAuth(fn, options)` returning one.
 */
export function withAuth(request: NextRequest, event?: NextFetchEvent): Promise<Response>;
export function withAuth(
  options: NextAuthMiddlewareOptions,
): (request: NextRequest, event: NextFetchEvent) => Promise<Response>;
export function withAuth(
  middleware: NextMiddlewareWithAuth,
  options?: NextAuthMiddlewareOptions,
): (request: NextRequest, event: NextFetchEvent) => Promise<Response>;
export function withAuth(
  first?: NextRequest | NextAuthMiddlewareOptions | NextMiddlewareWithAuth,
  second?: NextFetchEvent | NextAuthMiddlewareOptions,
): Promise<Response> | ((request: NextRequest, event: NextFetchEvent) => Promise<Response>) {
  if (first instanceof Request) {
    return runMiddleware(first as NextRequest, second as NextFetchEvent | undefined, undefined, {});
  }
  if (typeof first === "function") {
    const options = (second as NextAuthMiddlewareOptions | undefined) ?? {};
    return (request, event) => runMiddleware(request, event, first, options);
  }
  const options = first ?? {};
  return (request, event) => runMiddleware(request, event, undefined, options);
}

export default withAuth;
