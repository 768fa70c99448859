/**
 * latchkey: authentication for any server that speaks Web `Request`/`Response`.
 *
 * @example
 * ```ts
 * import { Auth } from "latchkey";
 * import Credentials from "latchkey/providers/credentials";
 *
 * const config = { providers: [Credentials({ authorize: checkPassword })], secret: process.env.AUTH_SECRET };
 * export const handler = (request: Request) => Auth(request, config);
 * ```
 * @module
 */
import { type AuthConfig, basePathFromEnv, type EnvRecord, type Session } from "./config.js";
import { createContext } from "./core/context.js";
import { InvalidConfig } from "./core/errors.js";
import { handleAuthRequest } from "./core/handler.js";
import { parseAuthRequest } from "./core/request.js";
import { resolvedConfigFor } from "./core/resolve-config.js";
import { type ResponseInternal, toWebResponse } from "./core/response.js";
import { sessionStrategies } from "./session/index.js";

export type {
  Account,
  AuthConfig,
  CallbacksOptions,
  EnvRecord,
  EventCallbacks,
  LoggerInstance,
  PagesOptions,
  Session,
  SessionOptions,
  SessionStrategy,
  Theme,
  UpdateTrigger,
} from "./config.js";
export { raw, setEnvDefaults, skipCSRFCheck } from "./config.js";
export type { CookieToSet } from "./cookie/header.js";
export type { CookieOptions, CookieRole, CookieSpec, CookiesOverrides } from "./cookie/names.js";
export * from "./core/errors.js";
export type { ResponseInternal } from "./core/response.js";
export type * from "./providers/types.js";
export { listSessions, revokeSession, revokeUserSessions } from "./session/manage.js";

/**
 * Handles every route under `basePath` (default `/auth`): sign-in, callbacks, sign-out, session,
 * CSRF, providers and the default pages. Never throws for anything the client sends; never mutates
 * `config`.
 *
 * @example
 * ```ts
 * export const GET = (request: Request) => Auth(request, config);
 * export const POST = GET;
 * ```
 */
export async function Auth(request: Request, config: AuthConfig & { raw: symbol }): Promise<ResponseInternal>;
export async function Auth(request: Request, config: AuthConfig): Promise<Response>;
export async function Auth(request: Request, config: AuthConfig): Promise<Response | ResponseInternal> {
  const { result, redirectAsJson, raw } = await handleAuthRequest(request, config);
  if (raw) return result;
  return toWebResponse(result, redirectAsJson);
}

/**
 * The session of a request, for server code (route handlers, middleware). Same result as
 * `GET /session`, without an HTTP round trip; a due database-session extension is written, but
 * cookies are not re-issued (they are on the next `GET /session`).
 *
 * @example
 * ```ts
 * const session = await getSession(request, config);
 * if (!session) return Response.redirect(new URL("/auth/signin", request.url));
 * ```
 */
export async function getSession(request: Request, config: AuthConfig): Promise<Session | null> {
  const resolved = resolvedConfigFor(config);
  const origin = new URL(request.url).origin;
  const sessionRequest = new Request(`${origin}${resolved.basePath}/session`, { headers: request.headers });
  const ctx = createContext(
    resolved,
    await parseAuthRequest(sessionRequest, resolved.basePath, resolved.maxBodyBytes),
  );
  return (await sessionStrategies[resolved.session.strategy].read(ctx)).session;
}

/**
 * The absolute URL of an action (`signin`, `session`, …), built the way the handler builds its own:
 * from AUTH_URL when set (its path is the base path), otherwise from the request's
 * `X-Forwarded-Host`/`Host` and `X-Forwarded-Proto`, under `config.basePath` (default `/auth`).
 * Same signature as Auth.js v5, so framework glue written for it keeps working.
 *
 * @example
 * ```ts
 * const url = createActionURL("signin", "https", request.headers, process.env, { basePath: "/auth" });
 * // https://app.example.com/auth/signin
 * ```
 */
export function createActionURL(
  action: string,
  protocol: string,
  headers: Headers,
  envObject: EnvRecord,
  config: Pick<AuthConfig, "basePath" | "logger">,
): URL {
  const basePath = (config.basePath ?? basePathFromEnv(envObject) ?? "/auth").replace(/\/+$/, "");
  if (envObject.AUTH_URL) return new URL(`${basePath}/${action}`, new URL(envObject.AUTH_URL).origin);
  const host = headers.get("x-forwarded-host") ?? headers.get("host");
  const scheme = (headers.get("x-forwarded-proto") ?? protocol).replace(/:$/, "");
  if (!host) throw new InvalidConfig("createActionURL needs a Host header, or AUTH_URL set.");
  return new URL(`${scheme}://${host}${basePath}/${action}`);
}
