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
import type { AuthConfig, Session } from "./config.js";
import { createContext } from "./core/context.js";
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
 * if (!session) return Response.redirect("/auth/signin");
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
 * The URL of an action, for building links and forms in the app.
 *
 * @example
 * ```ts
 * createActionURL("signin", "https://app.example.com", "/auth") // "https://app.example.com/auth/signin"
 * ```
 */
export function createActionURL(action: string, origin: string, basePath = "/auth"): URL {
  return new URL(`${basePath.replace(/\/+$/, "")}/${action}`, origin);
}
