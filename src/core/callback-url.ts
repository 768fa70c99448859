/**
 * Choosing where to send the browser after a sign-in or sign-out. The candidate comes from the body,
 * the query or the callback-url cookie; it is validated, offered to the `redirect` callback, and the
 * callback's answer is validated again.
 */
import type { CookieToSet } from "../cookie/header.js";
import type { AuthContext } from "./context.js";
import { safeRedirect } from "./redirect.js";

/** The callbackUrl the client asked for, if any: body first, then query. */
export function requestedCallbackUrl(ctx: AuthContext): string | undefined {
  const value = ctx.req.body.callbackUrl ?? ctx.req.query.callbackUrl;
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** Runs a candidate through validation, the app's `redirect` callback, and validation again. */
export async function approvedRedirect(ctx: AuthContext, candidate: string | undefined): Promise<string> {
  const first = safeRedirect(candidate, ctx.origin);
  const chosen = await ctx.config.callbacks.redirect({ url: first, baseUrl: ctx.origin });
  return safeRedirect(chosen, ctx.origin);
}

/** Where this request should end up: the requested URL, else the remembered one, else the app's origin. */
export async function resolveCallbackUrl(ctx: AuthContext): Promise<string> {
  const remembered = ctx.req.cookies[ctx.cookies.callbackUrl.name];
  return approvedRedirect(ctx, requestedCallbackUrl(ctx) ?? remembered);
}

/** Remembers the requested callbackUrl across the provider round trip (only ever a validated one). */
export function rememberCallbackUrl(ctx: AuthContext, url: string): CookieToSet {
  return { name: ctx.cookies.callbackUrl.name, value: url, options: ctx.cookies.callbackUrl.options };
}
