/**
 * The one error → response map, derived from the error classes (`core/errors.ts`): a request
 * error is answered at once with its status and reason; a client-safe error is shown by type on the
 * page its `kind` names (or as JSON on JSON routes) and logged at warn; anything else is logged in
 * full and shown as "Configuration", so no internal detail reaches a client.
 */
import type { LoggerInstance } from "../config.js";
import type { AuthContext } from "../core/context.js";
import { CONFIGURATION_ERROR, errorDocsAnchor, errorPageStatus } from "../core/error-traits.js";
import { AuthError, CredentialsSignin, MethodNotAllowed, RateLimited, RequestError } from "../core/errors.js";
import { OneTimeCodeRefused } from "../core/one-time-code-refused.js";
import { safeRedirect } from "../core/redirect.js";
import { jsonError, type ResponseInternal, returnsRedirectAsJson } from "../core/response.js";
import { asError } from "../core/thrown.js";
import type { Language } from "../locales/messages.js";
import { errorCopy, renderErrorPage, type Theme } from "../pages/index.js";

// The body Auth.js answers a configuration error with, word for word: clients of either library see the same.
const CONFIGURATION_MESSAGE =
  "There was a problem with the server configuration. Check the server logs for more information.";

/** Logs an error the client is not told about, with where the docs explain it. */
export function logServerError(logger: LoggerInstance, error: unknown): void {
  const report = asError(error);
  if (error instanceof AuthError) report.message = `${report.message} (see ${errorDocsAnchor(error.type)})`;
  logger.error(report);
}

/**
 * Whether the request asks for a page: a browser that followed a link or an old bookmark. Fetch
 * callers and API clients do not list text/html, and get JSON.
 */
export function wantsPage(request: Request): boolean {
  return /\btext\/html\b/i.test(request.headers.get("accept") ?? "");
}

/**
 * A request error answered directly, with its status: JSON with the type and the reason, or, for a
 * browser (`pageFor`), the error page in words for a person, with a link to the sign-in page.
 */
export function requestErrorResponse(
  error: unknown,
  pageFor?: { signinUrl: string; theme: Theme | undefined; language?: Language },
): ResponseInternal | undefined {
  if (!(error instanceof RequestError)) return undefined;
  const headers = error instanceof MethodNotAllowed ? { Allow: error.allowed.join(", ") } : undefined;
  if (pageFor) {
    const page = renderErrorPage({ error: error.type, status: error.status, ...pageFor });
    return { status: page.status, body: page.html, ...(headers ? { headers } : {}) };
  }
  const response = jsonError(error.status, error.type, error.message);
  if (headers) response.headers = headers;
  return response;
}

/** A configuration fault: JSON on API routes, the error page elsewhere. */
export function configurationErrorResponse(answersJson: boolean): ResponseInternal {
  if (answersJson) return { status: 500, body: { message: CONFIGURATION_MESSAGE } };
  const page = renderErrorPage({ error: CONFIGURATION_ERROR, signinUrl: "/", status: 500 });
  return { status: page.status, body: page.html };
}

/**
 * A rate-limited request, answered at once with 429 and `Retry-After` (RFC 6585 §4): a redirect
 * would lose the status. Browsers get the error page; JSON routes and fetch callers
 * (`X-Auth-Return-Redirect: 1`) get JSON, with the `url` such callers read the error from.
 */
function rateLimitedResponse(ctx: AuthContext, answersJson: boolean, error: RateLimited): ResponseInternal {
  ctx.config.logger.warn(error.type, `${error.message} (see ${errorDocsAnchor(error.type)})`);
  const headers = { "Retry-After": String(error.retryAfterSeconds) };
  if (answersJson || returnsRedirectAsJson(ctx.req.request)) {
    const url = new URL(ctx.actionUrl("signin"));
    url.searchParams.set("error", error.type);
    return {
      status: error.status,
      headers,
      body: { error: error.type, message: error.message, url: url.href },
    };
  }
  const page = renderErrorPage({
    error: error.type,
    signinUrl: ctx.actionUrl("signin"),
    status: error.status,
    theme: ctx.config.theme,
    language: ctx.language,
  });
  return { status: page.status, headers, body: page.html };
}

/**
 * Where a refused one-time code sends the browser: back to the code form on the verify-request page
 * (`pages.verifyRequest` when set), with the address, `?error=Verification`, and `attemptsLeft`
 * when the code was wrong, so the page can say how many tries remain.
 */
function codeFormUrl(ctx: AuthContext, error: OneTimeCodeRefused): URL {
  const page = ctx.config.pages.verifyRequest ?? `${ctx.config.basePath}/verify-request`;
  const url = new URL(safeRedirect(page, ctx.origin, ctx.actionUrl("verify-request")));
  const providerId = ctx.req.providerId ?? "";
  url.searchParams.set("provider", providerId);
  url.searchParams.set("type", ctx.config.providersById.get(providerId)?.type ?? "email");
  url.searchParams.set("email", error.identifier);
  url.searchParams.set("error", error.type);
  if (error.attemptsLeft !== undefined) url.searchParams.set("attemptsLeft", String(error.attemptsLeft));
  return url;
}

/** The response for an error thrown while an action ran. */
export function actionErrorResponse(
  ctx: AuthContext,
  answersJson: boolean,
  error: unknown,
): ResponseInternal {
  const pageFor =
    !answersJson && wantsPage(ctx.req.request)
      ? { signinUrl: ctx.actionUrl("signin"), theme: ctx.config.theme, language: ctx.language }
      : undefined;
  const direct = requestErrorResponse(error, pageFor);
  if (direct) return direct;
  if (error instanceof RateLimited) return rateLimitedResponse(ctx, answersJson, error);

  const authError = error instanceof AuthError ? error : undefined;
  // A client-safe 5xx (the store is down) is the server's trouble, shown by type but logged in full.
  if (authError?.clientSafe && authError.status < 500) {
    // A routine refusal (a wrong password, a stale form): worth a line, never the stack or a secret.
    ctx.config.logger.warn(authError.type, `${authError.message} (see ${errorDocsAnchor(authError.type)})`);
    // What lay behind it (the provider's error body, the verifier's own reason) is for a developer
    // debugging a sign-in, so it goes to `debug`, which only logs with `debug: true`.
    if (authError.cause !== undefined)
      ctx.config.logger.debug(`${authError.type} was caused by`, authError.cause);
  } else {
    logServerError(ctx.config.logger, error);
  }
  const type = authError?.clientSafe ? authError.type : CONFIGURATION_ERROR;

  if (answersJson) {
    // The message is for whoever is signing in (the passkey script shows it): the words of the
    // sign-in page, never the error's own message, which names internals and went to the log.
    return authError?.clientSafe
      ? jsonError(authError.status, type, errorCopy(type, ctx.language).message)
      : configurationErrorResponse(true);
  }
  // The error page reporting its own failure must not redirect to itself.
  if (ctx.req.action === "error") {
    const page = renderErrorPage({
      error: type,
      signinUrl: ctx.actionUrl("signin"),
      status: errorPageStatus(type),
      language: ctx.language,
    });
    return { status: page.status, body: page.html };
  }

  if (error instanceof OneTimeCodeRefused) return { redirect: codeFormUrl(ctx, error).href };

  const kind = authError?.kind ?? "error";
  const page =
    kind === "signIn"
      ? (ctx.config.pages.signIn ?? `${ctx.config.basePath}/signin`)
      : (ctx.config.pages.error ?? `${ctx.config.basePath}/error`);
  const url = new URL(safeRedirect(page, ctx.origin, `${ctx.origin}${ctx.config.basePath}/error`));
  url.searchParams.set("error", type);
  if (error instanceof CredentialsSignin) url.searchParams.set("code", error.code);
  return { redirect: url.href };
}
