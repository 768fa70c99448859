/**
 * `latchkey/hono`: latchkey in a Hono app on any runtime Hono runs on, with the shapes of
 * `@hono/auth-js`: {@link initAuthConfig} names the config, {@link authHandler} serves the routes,
 * {@link authSession} and {@link verifyAuth} put the session on `c.get("session")`. Uses only Web
 * APIs. See docs/hono.md.
 *
 * @example
 * ```ts
 * import { Hono } from "hono";
 * import { authHandler, initAuthConfig, verifyAuth } from "latchkey/hono";
 *
 * const app = new Hono();
 * app.use("*", initAuthConfig(config));
 * app.use("/auth/*", authHandler());
 * app.get("/api/me", verifyAuth(), (c) => c.json({ name: c.get("session")?.user?.name }));
 * ```
 *
 * @module
 */
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { type ConfigSource, configPerRequest, mountedAt } from "../framework/config-copies.js";
import { permissionRefusal } from "../framework/permission.js";
import { notSignedInResponse } from "../framework/protected-route.js";
import { requestUnderProxyRule, sessionRequestUnderProxyRule } from "../framework/trusted-proxy.js";
import {
  Auth,
  type AuthConfig,
  attachSocketAddress,
  getSession as getRequestSession,
  type OrganizationStatements,
  type Session,
} from "../index.js";

declare module "hono" {
  interface ContextVariableMap {
    /** Set by {@link initAuthConfig}: the config for this request. */
    authConfig: AuthConfig;
    /** Set by {@link authSession} and {@link verifyAuth}: the signed-in session, or null. */
    session: Session | null;
  }
}

/** `initAuthConfig`'s argument: a config, or a function of the request's context returning one. */
export type HonoAuthConfig = ConfigSource<Context>;

/** How the app reaches the network, beside the config (`initAuthConfig`'s second argument). */
export interface HonoAuthOptions {
  /**
   * Whether a proxy you run sets `X-Forwarded-*` (and `Forwarded`) in front of the app. Off (the
   * default): those headers are removed before latchkey sees them, so a client that sends them
   * cannot choose the host of the URLs latchkey builds (the link in a sign-in e-mail) nor the
   * address the rate limiter counts. The request's own URL is used, which `@hono/node-server`
   * builds from the `Host` header and a serverless platform from the URL the browser asked for.
   */
  trustProxy?: boolean;
}

/** The requests whose app said a proxy it runs sets the forwarded headers (by their context). */
const behindTrustedProxy = new WeakSet<Context>();

/**
 * Middleware that makes `config` this request's config, for the handlers and middleware below it
 * (`initAuthConfig` of `@hono/auth-js`). A function is called once per request with the context,
 * for configs that read `c.env` (Cloudflare Workers bindings); return the same object when nothing
 * changed, since latchkey prepares a config once per object. `X-Forwarded-*` headers reach
 * latchkey only with `options.trustProxy` (see {@link HonoAuthOptions}).
 *
 * @example
 * ```ts
 * type Bindings = { AUTH_SECRET: string };
 * const app = new Hono<{ Bindings: Bindings }>();
 * app.use("*", initAuthConfig((c) => ({ secret: c.env.AUTH_SECRET, providers })));
 * // Behind a proxy you run, which sets X-Forwarded-Host and -Proto:
 * // app.use("*", initAuthConfig(config, { trustProxy: true }));
 * ```
 */
export function initAuthConfig(config: HonoAuthConfig, options: HonoAuthOptions = {}): MiddlewareHandler {
  const configFor = configPerRequest(config);
  const trustProxy = options.trustProxy === true;
  return async (c, next) => {
    if (trustProxy) behindTrustedProxy.add(c);
    c.set("authConfig", await configFor(c));
    await next();
  };
}

/** The config {@link initAuthConfig} set, or an error saying what is missing. */
function configOf(c: Context): AuthConfig {
  const config = c.get("authConfig");
  if (config === undefined) {
    throw new Error(
      'latchkey/hono: no config for this request. Add app.use("*", initAuthConfig(config)) first.',
    );
  }
  return config;
}

/** The path `app.use("/auth/*", authHandler())` mounted the handler at: `/auth`. */
function mountPath(c: Context): string | undefined {
  const path = routePath(c);
  return path.endsWith("/*") && !/[:*]/.test(path.slice(0, -2)) ? path.slice(0, -2) : undefined;
}

/**
 * Hono's Node adapter (`@hono/node-server`) hands over the Node request as `c.env.incoming`; its
 * socket's peer address is what the rate limiter counts. Elsewhere there is none to hand over.
 */
function peerAddress(c: Context): string | undefined {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: unknown } } } | undefined)?.incoming;
  const address = incoming?.socket?.remoteAddress;
  return typeof address === "string" ? address : undefined;
}

/**
 * Serves latchkey's routes (`authHandler` of `@hono/auth-js`): mount it at the base path with a
 * wildcard, `app.use("/auth/*", authHandler())`; the mount path is the base path unless the config
 * names one. Needs {@link initAuthConfig} before it.
 *
 * @example
 * ```ts
 * app.use("*", initAuthConfig(config));
 * app.use("/api/auth/*", authHandler());
 * ```
 */
export function authHandler(): MiddlewareHandler {
  return async (c) => {
    const config = configOf(c);
    const basePath = config.basePath ?? mountPath(c);
    const request = attachSocketAddress(
      requestUnderProxyRule(c.req.raw, behindTrustedProxy.has(c)),
      peerAddress(c),
    );
    return Auth(request, basePath === undefined ? config : mountedAt(config, basePath));
  };
}

/**
 * The session of the request, or null, read once per request and kept on `c.get("session")`
 * (`getAuthUser` of `@hono/auth-js`, which returns `{ session }`). Needs {@link initAuthConfig}.
 *
 * @example
 * ```ts
 * app.get("/", async (c) => {
 *   const session = await getSession(c);
 *   return c.text(session ? `Hello ${session.user?.name}` : "Hello stranger");
 * });
 * ```
 */
export async function getSession(c: Context): Promise<Session | null> {
  const known = c.get("session");
  if (known !== undefined) return known;
  const request = sessionRequestUnderProxyRule(c.req.raw, behindTrustedProxy.has(c));
  const session = await getRequestSession(request, configOf(c));
  c.set("session", session);
  return session;
}

/**
 * Middleware that puts the session (or null) on `c.get("session")` for what follows it.
 *
 * @example
 * ```ts
 * app.use("*", authSession());
 * app.get("/", (c) => c.text(c.get("session") ? "signed in" : "signed out"));
 * ```
 */
export function authSession(): MiddlewareHandler {
  return async (c, next) => {
    await getSession(c);
    await next();
  };
}

/**
 * Guards what follows it (`verifyAuth` of `@hono/auth-js`): with a session, it is on
 * `c.get("session")`; without one, a page request (one that accepts `text/html`) is redirected to
 * the sign-in page with a `callbackUrl` back, and anything else gets 401 with
 * `{ error: "Unauthorized", message }`.
 *
 * @example
 * ```ts
 * app.use("/api/*", verifyAuth());
 * app.get("/api/me", (c) => c.json(c.get("session")));
 * ```
 */
export function verifyAuth(): MiddlewareHandler {
  return async (c, next) => {
    if (await getSession(c)) return next();
    return notSignedIn(c);
  };
}

/**
 * Guards what follows it with the organizations feature's permissions: it runs when the session's
 * role in its active organization allows every action `statements` lists (judged from the session
 * alone, no database call). Signed out, it answers as {@link verifyAuth}; signed in without the
 * permission, or with no active organization, 403 with `{ error: "OrganizationRefused", code,
 * message }` (`code` `forbidden` or `notMember`). Needs {@link initAuthConfig}. See docs/organizations.md.
 *
 * @example
 * ```ts
 * app.post("/api/projects", requirePermission({ project: ["create"] }), (c) =>
 *   c.json({ organization: c.get("session")?.activeOrganization?.id }),
 * );
 * ```
 */
export function requirePermission(statements: OrganizationStatements): MiddlewareHandler {
  return async (c, next) => {
    const session = await getSession(c);
    if (!session) return notSignedIn(c);
    const refusal = permissionRefusal(configOf(c), session.activeOrganization, statements);
    return refusal === null ? next() : c.json(refusal, 403);
  };
}

/** A page request is sent to sign in and back; anything else gets 401 with the reason. */
function notSignedIn(c: Context) {
  const url = new URL(c.req.url);
  const answer = notSignedInResponse(configOf(c), c.req.header("accept"), url.pathname + url.search);
  return answer.status === 303 ? c.redirect(answer.location, 303) : c.json(answer.json, 401);
}
