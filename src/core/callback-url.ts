/**
 * Choosing where to send the browser after a sign-in or sign-out. The candidate comes from the body,
 * the query, the callback-url cookie or a configured page; it is validated, offered to the
 * `redirect` callback, and the callback's answer is validated again. A configured target that is
 * refused is logged with the reason: a silent fallback to `/` would hide a deployment mistake.
 */
import type { CookieToSet } from "../cookie/header.js";
import type { AuthContext, ServerContext } from "./context.js";
import { checkRedirect } from "./redirect.js";

/** The callbackUrl the client asked for, if any: body first, then query. */
export function requestedCallbackUrl(ctx: AuthContext): string | undefined {
  const value = ctx.req.body.callbackUrl ?? ctx.req.query.callbackUrl;
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * Where a candidate came from: `"request"` for anything the client sent (refusals are routine,
 * logged at debug), or the name of the config option it came from (refusals are warned about).
 */
export type RedirectSource = "request" | `pages.${string}`;

function reportRefusal(ctx: ServerContext, source: RedirectSource, candidate: string, reason: string): void {
  if (source === "request") {
    ctx.config.logger.debug(`callbackUrl refused: ${reason}`, { callbackUrl: candidate });
    return;
  }
  ctx.config.logger.warn(
    "RedirectRefused",
    `${source} ("${candidate}") is not used because ${reason}; latchkey redirects only within ${ctx.origin}. See docs/errors.md#redirectrefused.`,
  );
}

/** Runs a candidate through validation, the app's `redirect` callback, and validation again. */
export async function approvedRedirect(
  ctx: ServerContext,
  candidate: string | undefined,
  source: RedirectSource = "request",
): Promise<string> {
  const first = checkRedirect(candidate, ctx.origin);
  if (first.refused !== undefined && candidate !== undefined) {
    reportRefusal(ctx, source, candidate, first.refused);
  }
  const chosen = await ctx.config.callbacks.redirect({ url: first.url ?? ctx.origin, baseUrl: ctx.origin });
  const final = checkRedirect(chosen, ctx.origin);
  if (final.refused !== undefined) {
    ctx.config.logger.warn(
      "RedirectRefused",
      `callbacks.redirect returned "${String(chosen)}", which is not used because ${final.refused}; sending the browser to ${ctx.origin}. See docs/errors.md#redirectrefused.`,
    );
  }
  return final.url ?? ctx.origin;
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
