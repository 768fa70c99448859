/**
 * The pipeline: parse → resolve config and provider → check (CSRF, then the rate limit, both from
 * the route table) → run the
 * action → response. Nothing calls back up this chain; each step's failure has exactly one response
 * shape (error-response.ts), and whatever escapes is still answered: `Auth()` always resolves to a
 * Response.
 */
import type { AuthConfig } from "../config.js";
import { type AuthContext, createContext, routedProvider } from "../core/context.js";
import { assertCsrf } from "../core/csrf.js";
import { configuredBasePath, readProcessEnv } from "../core/env.js";
import { assertWellFormedCallbackUrl } from "../core/redirect.js";
import { type ResponseInternal, returnsRedirectAsJson } from "../core/response.js";
import { flowFor } from "../flows/index.js";
import {
  actionErrorResponse,
  configurationErrorResponse,
  logServerError,
  requestErrorResponse,
  wantsPage,
} from "./error-response.js";
import { enforceRateLimit } from "./rate-limit.js";
import { parseAuthRequest, type RoutedRequest } from "./request.js";
import { type RoutedConfig, resolvedConfigFor } from "./resolve-config.js";
import { ROUTES, type RouteTable, routeNamed } from "./routes.js";

export interface HandledRequest {
  result: ResponseInternal;
  /** `X-Auth-Return-Redirect: 1`: answer a redirect with 200 `{url}` so fetch callers can read it. */
  redirectAsJson: boolean;
  /** The config asked for the internal result (`raw`) instead of a Response. */
  raw: boolean;
}

/** Whether a path that failed before routing would have been a JSON route, to answer in kind. */
function looksLikeJsonRoute(request: Request, basePath: string, routes: RouteTable = ROUTES): boolean {
  try {
    const prefix = `${basePath}/`;
    const pathname = new URL(request.url).pathname;
    if (!pathname.startsWith(prefix)) return false;
    const action = pathname.slice(prefix.length).split("/")[0] ?? "";
    return routeNamed(routes, action)?.answers === "json";
  } catch {
    return false;
  }
}

/** Whether this request must prove it came from our own page, as the route table and the flow say. */
function needsCsrf(ctx: AuthContext, route: RoutedRequest["route"]): boolean {
  if (ctx.config.skipCsrfCheck || route.csrf === "none") return false;
  if (route.csrf === "required") return true;
  const provider = routedProvider(ctx);
  return flowFor(provider)?.callbackNeedsCsrf(ctx, provider) ?? true;
}

async function runRoute(ctx: AuthContext, route: RoutedRequest["route"]): Promise<ResponseInternal> {
  // A callbackUrl that is not a URL at all is the client's mistake (400); a foreign one merely falls back.
  assertWellFormedCallbackUrl(ctx.req.body.callbackUrl, ctx.origin);
  assertWellFormedCallbackUrl(ctx.req.query.callbackUrl, ctx.origin);
  if (ctx.req.providerId !== undefined) routedProvider(ctx);
  if (needsCsrf(ctx, route)) assertCsrf(ctx.runtime, await ctx.csrf(), ctx.req.body.csrfToken);
  // After the CSRF check, so that a cross-site post cannot spend a victim's attempts.
  if (route.rateLimit) await enforceRateLimit(ctx, route);
  return route.run(ctx);
}

async function handle(
  request: Request,
  config: AuthConfig,
  redirectAsJson: boolean,
): Promise<HandledRequest> {
  let resolved: RoutedConfig;
  try {
    resolved = resolvedConfigFor(config);
    if (resolved.providersReady) await resolved.providersReady;
  } catch (error) {
    logUnresolvedConfigError(config, error);
    const basePath = configuredBasePath(config?.basePath, readProcessEnv());
    return {
      result: configurationErrorResponse(looksLikeJsonRoute(request, basePath)),
      redirectAsJson,
      raw: false,
    };
  }
  const answer = (result: ResponseInternal): HandledRequest => ({
    result,
    redirectAsJson,
    raw: resolved.raw,
  });

  let parsed: RoutedRequest;
  try {
    parsed = await parseAuthRequest(request, resolved.basePath, resolved.maxBodyBytes, resolved.routes);
  } catch (error) {
    // A browser that followed a broken link gets a page; there is no context yet, so its link to
    // the sign-in page is relative to the app.
    const pageFor =
      wantsPage(request) && !looksLikeJsonRoute(request, resolved.basePath, resolved.routes)
        ? {
            signinUrl: `${resolved.basePath}/signin`,
            theme: resolved.theme,
            language: resolved.language(request),
          }
        : undefined;
    const direct = requestErrorResponse(error, pageFor);
    if (direct) return answer(direct);
    logServerError(resolved.logger, error);
    return answer(
      configurationErrorResponse(looksLikeJsonRoute(request, resolved.basePath, resolved.routes)),
    );
  }
  const answersJson = routeNamed(resolved.routes, parsed.action)?.answers === "json";

  let ctx: AuthContext;
  try {
    ctx = createContext(resolved, parsed);
  } catch (error) {
    logServerError(resolved.logger, error);
    return answer(configurationErrorResponse(answersJson));
  }

  let result: ResponseInternal;
  try {
    result = await runRoute(ctx, parsed.route);
  } catch (error) {
    result = actionErrorResponse(ctx, answersJson, error);
  }
  if (ctx.outgoingCookies.length > 0) result.cookies = [...ctx.outgoingCookies, ...(result.cookies ?? [])];
  return answer(result);
}

/** A config that failed to resolve has no logger of its own yet: use the app's if it gave one. */
function logUnresolvedConfigError(config: AuthConfig, error: unknown): void {
  logServerError(
    {
      error: (report) => {
        if (config?.logger?.error) config.logger.error(report);
        else console.error(`[latchkey][error] ${report.name}: ${report.message}`);
      },
      warn: () => undefined,
      debug: () => undefined,
    },
    error,
  );
}

export async function handleAuthRequest(request: Request, config: AuthConfig): Promise<HandledRequest> {
  let redirectAsJson = false;
  try {
    redirectAsJson = returnsRedirectAsJson(request);
    return await handle(request, config, redirectAsJson);
  } catch (error) {
    // Every step above answers its own failures; this is the net under them (a logger or an
    // error's own getters that throw), so that Auth() still answers with a Response.
    try {
      logUnresolvedConfigError(config, error);
    } catch {
      // nothing left to report with
    }
    return { result: configurationErrorResponse(false), redirectAsJson, raw: false };
  }
}
