/**
 * The one error → response map. Client-safe error types are shown to the browser (on the sign-in page
 * or the error page); everything else is reported as "Configuration" and logged in full, so no
 * internal detail reaches a client.
 */
import { renderErrorPage } from "../pages/index.js";
import { JSON_ACTIONS } from "./actions.js";
import type { AuthContext } from "./context.js";
import { AuthError, CredentialsSignin, type ErrorType } from "./errors.js";
import { safeRedirect } from "./redirect.js";
import { MethodNotAllowed } from "./request.js";
import { jsonError, type ResponseInternal } from "./response.js";

/** Error types a browser may see by name; the same set Auth.js v5 exposes. */
const CLIENT_SAFE_TYPES: ReadonlySet<string> = new Set<string>([
  "CredentialsSignin",
  "OAuthAccountNotLinked",
  "OAuthCallbackError",
  "AccessDenied",
  "Verification",
  "MissingCSRF",
  "AccountNotLinked",
  "WebAuthnVerificationError",
]);

/** Errors about the request itself: answered directly with a 4xx and the reason. */
const REQUEST_ERROR_STATUS: Partial<Record<ErrorType, number>> = {
  InvalidRequest: 400,
  UnknownAction: 400,
  InvalidProvider: 400,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
};

const CONFIGURATION_MESSAGE =
  "There is a problem with the server configuration. Check the server logs for more information.";

export function requestErrorResponse(error: unknown): ResponseInternal | undefined {
  if (error instanceof MethodNotAllowed) {
    return {
      ...jsonError(405, "MethodNotAllowed", error.message),
      headers: { Allow: error.allowed.join(", ") },
    };
  }
  if (error instanceof AuthError) {
    const status = REQUEST_ERROR_STATUS[error.type];
    if (status !== undefined) return jsonError(status, error.type, error.message);
  }
  return undefined;
}

/** A configuration fault before a context exists: JSON on API routes, the error page elsewhere. */
export function configurationErrorResponse(isJsonRoute: boolean): ResponseInternal {
  if (isJsonRoute) return { status: 500, body: { message: CONFIGURATION_MESSAGE } };
  const page = renderErrorPage({ error: "Configuration", signinUrl: "/", theme: undefined });
  return { status: page.status, body: page.html };
}

/** The response for an error thrown while an action ran. */
export function actionErrorResponse(ctx: AuthContext, error: unknown): ResponseInternal {
  const direct = requestErrorResponse(error);
  if (direct) return direct;

  const type = error instanceof AuthError && CLIENT_SAFE_TYPES.has(error.type) ? error.type : "Configuration";
  if (type === "Configuration") {
    ctx.config.logger.error(error instanceof Error ? error : new Error(String(error)));
  }

  if (JSON_ACTIONS.has(ctx.req.action)) {
    return type === "Configuration"
      ? { status: 500, body: { message: CONFIGURATION_MESSAGE } }
      : jsonError(type === "MissingCSRF" ? 403 : 400, type, (error as Error).message);
  }
  // The error page reporting its own failure must not redirect to itself.
  if (ctx.req.action === "error") return configurationErrorResponse(false);

  const params = new URLSearchParams({ error: type });
  if (error instanceof CredentialsSignin) params.set("code", error.code);
  const kind = error instanceof AuthError && CLIENT_SAFE_TYPES.has(error.type) ? error.kind : "error";
  const page =
    kind === "signIn"
      ? (ctx.config.pages.signIn ?? `${ctx.config.basePath}/signin`)
      : (ctx.config.pages.error ?? `${ctx.config.basePath}/error`);
  const target = safeRedirect(page, ctx.origin, `${ctx.origin}${ctx.config.basePath}/error`);
  const url = new URL(target);
  for (const [key, value] of params) url.searchParams.set(key, value);
  return { redirect: url.href };
}
