/**
 * `auth` as a Next.js proxy (`proxy.ts`, formerly middleware) or around a route handler: read the
 * session, ask the `authorized` callback, then answer, let the request on, or run the app's function
 * with `req.auth` set. A re-issued session cookie goes out on whatever response leaves.
 */
import type { NextRequest } from "next/server";
import { NextResponse } from "next/server";
import type { NextConfigs } from "./config.js";
import { withCookies } from "./cookies.js";
import { actionUrl } from "./internal-request.js";
import { readSession } from "./session.js";
import type { NextAuthHandler, NextAuthRequest } from "./types.js";

/**
 * Where the browser goes when `authorized` says no: the sign-in page, with the page it asked for as
 * `callbackUrl` so it comes back after signing in. Null on the sign-in page itself (no loop). Both
 * URLs are on the origin the browser used (AUTH_URL, else the Host and forwarded headers, as the
 * handler reads them): Next.js's `nextUrl` names the host it listens on, `localhost`.
 */
function signInRedirect(request: NextRequest, configs: NextConfigs): Response | null {
  const origin = actionUrl(request.headers, configs.handler, "signin", request.url).origin;
  const signInUrl = new URL(configs.signInPage, origin);
  if (signInUrl.pathname === request.nextUrl.pathname) return null;
  signInUrl.searchParams.set("callbackUrl", `${origin}${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.redirect(signInUrl);
}

/**
 * Runs `auth` for one request in a proxy or route handler. `handler` is the app's function, when
 * `auth` wraps one.
 *
 * Any falsy answer of `authorized` (false, and also nothing, undefined or null, as next-auth v5 reads
 * it) redirects to sign-in: a callback that forgets to answer for a path keeps it closed. That
 * redirect happens also when a function is wrapped:
 * next-auth v5 then runs the function anyway, which leaves every page the callback refused open
 * unless the function checks `req.auth` again (docs/migrating.md lists this difference).
 */
export async function runProxy<Context>(
  request: NextRequest,
  context: Context,
  configs: NextConfigs,
  handler?: NextAuthHandler<Context>,
): Promise<Response> {
  const { session, cookies } = await readSession(request.headers, configs.handler, request.url);
  const verdict = configs.authorized ? await configs.authorized({ request, auth: session }) : true;

  let response: Response;
  if (verdict instanceof Response) {
    response = verdict;
  } else if (!verdict) {
    response = signInRedirect(request, configs) ?? NextResponse.next();
  } else if (handler) {
    const withSession = request as NextAuthRequest;
    withSession.auth = session;
    response = (await handler(withSession, context)) ?? NextResponse.next();
  } else {
    response = NextResponse.next();
  }
  return withCookies(response, cookies);
}
