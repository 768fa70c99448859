/**
 * The pipeline: parse → resolve config and provider → check → run the action → response. Nothing
 * calls back up this chain; each step's failure has exactly one response shape (error-response.ts).
 */
import { actions } from "../actions/index.js";
import { type AuthConfig, basePathFromEnv, readProcessEnv } from "../config.js";
import { isAction, JSON_ACTIONS } from "./actions.js";
import { createContext } from "./context.js";
import { actionErrorResponse, configurationErrorResponse, requestErrorResponse } from "./error-response.js";
import { AuthError } from "./errors.js";
import { assertWellFormedCallbackUrl } from "./redirect.js";
import { parseAuthRequest } from "./request.js";
import { type ResolvedConfig, resolvedConfigFor } from "./resolve-config.js";
import type { ResponseInternal } from "./response.js";

export interface HandledRequest {
  result: ResponseInternal;
  /** `X-Auth-Return-Redirect: 1`: answer a redirect with 200 `{url}` so fetch callers can read it. */
  redirectAsJson: boolean;
  /** The config asked for the internal result (`raw`) instead of a Response. */
  raw: boolean;
}

/** Whether a path that failed before routing would have been a JSON route, to answer in kind. */
function looksLikeJsonRoute(request: Request, basePath: string): boolean {
  try {
    // The raw config's basePath may still carry a trailing slash ("/api/auth/"): normalise as resolve-config does.
    const prefix = `${basePath.replace(/\/+$/, "")}/`;
    const pathname = new URL(request.url).pathname;
    if (!pathname.startsWith(prefix)) return false;
    const action = pathname.slice(prefix.length).split("/")[0] ?? "";
    return isAction(action) && JSON_ACTIONS.has(action);
  } catch {
    return false;
  }
}

/** The basePath of a config that failed to resolve: as given, else AUTH_URL's path, else the default. */
function unresolvedBasePath(config: AuthConfig): string {
  return config.basePath ?? basePathFromEnv(readProcessEnv()) ?? "/auth";
}

function logConfigurationError(config: AuthConfig, resolved: ResolvedConfig | undefined, error: unknown) {
  const report = error instanceof Error ? error : new Error(String(error));
  if (resolved) resolved.logger.error(report);
  else if (config.logger?.error) config.logger.error(report);
  else console.error(`[latchkey][error] ${report.name}: ${report.message}`);
}

export async function handleAuthRequest(request: Request, config: AuthConfig): Promise<HandledRequest> {
  const redirectAsJson = request.headers.get("x-auth-return-redirect") === "1";
  let resolved: ResolvedConfig;
  try {
    resolved = resolvedConfigFor(config);
  } catch (error) {
    logConfigurationError(config, undefined, error);
    return {
      result: configurationErrorResponse(looksLikeJsonRoute(request, unresolvedBasePath(config))),
      redirectAsJson,
      raw: false,
    };
  }

  let parsed: Awaited<ReturnType<typeof parseAuthRequest>>;
  try {
    parsed = await parseAuthRequest(request, resolved.basePath, resolved.maxBodyBytes);
  } catch (error) {
    const response = requestErrorResponse(error);
    if (response) return { result: response, redirectAsJson: false, raw: resolved.raw };
    logConfigurationError(config, resolved, error);
    return {
      result: configurationErrorResponse(looksLikeJsonRoute(request, resolved.basePath)),
      redirectAsJson,
      raw: resolved.raw,
    };
  }

  let ctx: ReturnType<typeof createContext>;
  try {
    ctx = createContext(resolved, parsed);
  } catch (error) {
    logConfigurationError(config, resolved, error);
    return {
      result: configurationErrorResponse(JSON_ACTIONS.has(parsed.action)),
      redirectAsJson,
      raw: resolved.raw,
    };
  }

  let result: ResponseInternal;
  try {
    // A callbackUrl that is not a URL at all is the client's mistake (400); a foreign one merely falls back.
    assertWellFormedCallbackUrl(parsed.body.callbackUrl, ctx.origin);
    assertWellFormedCallbackUrl(parsed.query.callbackUrl, ctx.origin);
    result = await actions[parsed.action](ctx);
  } catch (error) {
    if (!(error instanceof AuthError)) resolved.logger.debug("action failed", error);
    result = actionErrorResponse(ctx, error);
  }
  if (ctx.outgoingCookies.length > 0) result.cookies = [...ctx.outgoingCookies, ...(result.cookies ?? [])];
  return { result, redirectAsJson, raw: resolved.raw };
}
