/**
 * `latchkey/express`: latchkey on Express 4 and 5, with the shapes of `@auth/express`. Mount the
 * routes with {@link LatchkeyExpress}, read the session with {@link getSession} or
 * {@link authSession}, and guard routes with {@link requireAuth} (signed in) or
 * {@link requirePermission} (a role in the active organization). See docs/express.md.
 *
 * @example
 * ```ts
 * import express from "express";
 * import { authSession, LatchkeyExpress, requireAuth } from "latchkey/express";
 *
 * const app = express();
 * app.use("/auth", LatchkeyExpress(config));
 * app.use(authSession(config));
 * app.get("/me", requireAuth(config), (_req, res) => {
 *   res.json({ name: res.locals.session?.user?.name });
 * });
 * ```
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { isAuthPath } from "../framework/auth-path.js";
import { mountedAt, withItsDefaultStore } from "../framework/config-copies.js";
import { permissionRefusal } from "../framework/permission.js";
import { notSignedInResponse } from "../framework/protected-route.js";
import {
  type AuthConfig,
  getSession as getRequestSession,
  type OrganizationStatements,
  type Session,
} from "../index.js";
import { headersOnlyRequest } from "../node/bridge.js";
import { toNodeHandler } from "../node/index.js";

// The names `@auth/express` exports beside `ExpressAuth`, so that its imports switch as they are.
export type { Account, DefaultSession, Profile, Session, User } from "../index.js";
export { AuthError, CredentialsSignin, customFetch } from "../index.js";

/**
 * The configuration {@link LatchkeyExpress} and {@link getSession} take: `@auth/express`'s name for
 * it. `raw` is left out, as there: the middleware always answers with a response.
 */
export type ExpressAuthConfig = Omit<AuthConfig, "raw">;

/** What {@link getSession} returns: `@auth/express`'s name for it. */
export type GetSessionResult = Promise<Session | null>;

declare global {
  namespace Express {
    /** Set by {@link authSession} and {@link requireAuth}: the signed-in session, or null. */
    interface Locals {
      session?: Session | null;
    }
  }
}

/**
 * The parts of Express's request this module reads, so that it types against Express 4 and 5
 * without depending on `@types/express`.
 */
export interface ExpressRequestLike extends IncomingMessage {
  /** The path the router was mounted at (`/auth` for `app.use("/auth", …)`). */
  baseUrl?: string;
  originalUrl?: string;
  /**
   * What the mount path's parameters and wildcards captured, decoded: strings, and on Express 5 a
   * named wildcard's segments as an array (`{ tenant: "acme", splat: ["session"] }`).
   */
  params?: Record<string, unknown>;
  /** The application: its `trust proxy` setting decides whether `X-Forwarded-*` count. */
  app?: { get(setting: string): unknown };
}

/** The parts of Express's response this module writes. */
export interface ExpressResponseLike extends ServerResponse {
  locals: Record<string, unknown>;
}

/** Express middleware, as `app.use` and route methods take it. */
export type ExpressMiddleware = (
  req: ExpressRequestLike,
  res: ExpressResponseLike,
  next: (error?: unknown) => void,
) => Promise<void>;

/**
 * Whether Express trusts the proxy this request came through, by the app's `trust proxy` setting
 * (Express compiles it into the `trust proxy fn` setting; its `req.protocol` asks the same way).
 * Only then may `X-Forwarded-Host`/`-Proto` reach latchkey; otherwise any client could set them.
 */
function trustsProxy(req: ExpressRequestLike): boolean {
  const trust = req.app?.get("trust proxy fn");
  return typeof trust === "function" && trust(req.socket?.remoteAddress, 0) === true;
}

/**
 * latchkey's routes as Express middleware, for `app.use("/auth", LatchkeyExpress(config))` on
 * Express 4 or 5 (the `ExpressAuth` of `@auth/express`). It reads request bodies itself, with
 * latchkey's size limit, or takes them from `express.json()`/`express.urlencoded()` when those ran
 * first. The mount path is the base path unless `config.basePath` names one. `X-Forwarded-*`
 * headers count only when Express's `trust proxy` setting trusts the peer; then latchkey's own rule
 * applies (AUTH_URL, else `trustHost`). Paths under the mount point that are not latchkey's routes
 * go on to the next handler.
 *
 * @example
 * ```ts
 * import express from "express";
 * import { LatchkeyExpress } from "latchkey/express";
 *
 * const app = express();
 * app.set("trust proxy", 1); // behind one proxy you run; leave out otherwise
 * app.use("/api/auth", LatchkeyExpress(config));
 * ```
 */
export function LatchkeyExpress(config: AuthConfig): ExpressMiddleware {
  withItsDefaultStore(config);
  return async (req, res, next) => {
    const mount = mountOf(req);
    if (mount === undefined) return next();
    const basePath = config.basePath ?? mount;
    await toNodeHandler(mountedAt(config, basePath), { trustProxy: trustsProxy(req) })(req, res);
  };
}

/**
 * Where Express mounted latchkey, when the request is for one of latchkey's routes. Mounted at a
 * path, `req.baseUrl` is the mount and `req.url` the route below it. Mounted at a wildcard, as
 * `@auth/express`'s docs write it for Express 4 (`app.use("/auth/*", …)`, `"/auth/*splat"` on
 * Express 5), Express counts the whole path as the mount (`req.baseUrl` "/auth/signin", `req.url`
 * "/"): the mount is then the part of `req.baseUrl` before the route the wildcard captured.
 */
function mountOf(req: ExpressRequestLike): string | undefined {
  const baseUrl = req.baseUrl ?? "";
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  if (isAuthPath(path, "")) return baseUrl;
  if (path !== "/" || baseUrl === "") return undefined;
  const captured = Object.values(req.params ?? {}).map(capturedPath);
  const segments = baseUrl.split("/");
  // The path alone is ambiguous: "/signin/auth/session" reads as the signin route under "" and as
  // the session route under "/signin/auth" (a tenant named "signin"), and "/auth/callback/signin" as
  // a provider named "signin" or the signin route under "/auth/callback". The wildcard's capture
  // says which: a capture that holds the route of a reading settles it. One that holds a tail
  // starting below the shortest reading's mount puts the mount there, where no route of latchkey's
  // follows: the path is the app's. Captures that hold no tail, or one starting at or above that
  // mount (a regular expression without groups, or whose group holds the tenant or the whole path),
  // say nothing, and the shortest reading is taken.
  let shortest: number | undefined;
  let deepestCapture = 0;
  for (let cut = 1; cut < segments.length; cut++) {
    const mount = segments.slice(0, cut).join("/");
    const tail = decodedPath(baseUrl.slice(mount.length + 1));
    const captures = captured.some((path) => path === tail);
    if (captures) deepestCapture = cut;
    if (!isAuthPath(baseUrl, mount)) continue;
    if (captures) return mount;
    shortest ??= cut;
  }
  if (shortest === undefined || deepestCapture > shortest) return undefined;
  return segments.slice(0, shortest).join("/");
}

/** A captured parameter as a path: Express 5 hands a wildcard's segments as an array. */
function capturedPath(value: unknown): string {
  return Array.isArray(value) ? value.join("/") : String(value);
}

/** `path` decoded as Express decodes what it captures; undefined when it is not valid percent-encoding. */
function decodedPath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/**
 * The session of an Express request, or null (`getSession` of `@auth/express`). Reads only the
 * cookies (or `Authorization` header), never the body, so it can run before or after body parsers.
 *
 * @example
 * ```ts
 * app.get("/api/me", async (req, res) => {
 *   const session = await getSession(req, config);
 *   res.json({ signedIn: session !== null });
 * });
 * ```
 */
export function getSession(req: ExpressRequestLike, config: AuthConfig): Promise<Session | null> {
  return getRequestSession(headersOnlyRequest(req, trustsProxy(req)), config);
}

/** The session on `res.locals`, read at most once per request. */
async function sessionOnLocals(
  req: ExpressRequestLike,
  res: ExpressResponseLike,
  config: AuthConfig,
): Promise<Session | null> {
  const known = res.locals.session as Session | null | undefined;
  if (known !== undefined) return known;
  const session = await getSession(req, config);
  res.locals.session = session;
  return session;
}

/**
 * Middleware that puts the session (or null) on `res.locals.session` for the handlers and views
 * after it (the `authSession` middleware `@auth/express` documents).
 *
 * @example
 * ```ts
 * app.use(authSession(config));
 * app.get("/", (_req, res) => {
 *   res.send(res.locals.session ? `Hello ${res.locals.session.user?.name}` : "Hello stranger");
 * });
 * ```
 */
export function authSession(config: AuthConfig): ExpressMiddleware {
  return async (req, res, next) => {
    try {
      await sessionOnLocals(req, res, config);
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Guards a route: with a session it is put on `res.locals.session` and the route runs; without one,
 * a page request (one that accepts `text/html`) is redirected to the sign-in page with a
 * `callbackUrl` back to it, and an API request gets 401 with `{ error: "Unauthorized", message }`.
 *
 * @example
 * ```ts
 * app.get("/dashboard", requireAuth(config), (_req, res) => {
 *   res.send(`Welcome back, ${res.locals.session?.user?.name}`);
 * });
 * ```
 */
export function requireAuth(config: AuthConfig): ExpressMiddleware {
  return guarded(config, () => true);
}

/**
 * Guards a route with the organizations feature's permissions: it runs when the session's role in
 * its active organization allows every action `statements` lists (judged from the session alone,
 * no database call). Signed out, it answers as {@link requireAuth}; signed in without the
 * permission, or with no active organization, 403 with `{ error: "OrganizationRefused", code,
 * message }` (`code` `forbidden` or `notMember`). See docs/organizations.md.
 *
 * @example
 * ```ts
 * app.post("/projects", requirePermission(config, { project: ["create"] }), (_req, res) => {
 *   res.json({ organization: res.locals.session?.activeOrganization?.id });
 * });
 * ```
 */
export function requirePermission(config: AuthConfig, statements: OrganizationStatements): ExpressMiddleware {
  return guarded(config, (session, res) => {
    const refusal = permissionRefusal(config, session.activeOrganization, statements);
    if (refusal === null) return true;
    res.statusCode = 403;
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify(refusal));
    return false;
  });
}

/** Reads the session onto `res.locals`; without one answers 401 or the sign-in redirect, else asks `admit`. */
function guarded(
  config: AuthConfig,
  admit: (session: Session, res: ExpressResponseLike) => boolean,
): ExpressMiddleware {
  return async (req, res, next) => {
    let session: Session | null;
    try {
      session = await sessionOnLocals(req, res, config);
    } catch (error) {
      return next(error);
    }
    if (session) {
      if (admit(session, res)) next();
      return;
    }
    const answer = notSignedInResponse(config, req.headers.accept, req.originalUrl ?? req.url ?? "/");
    res.statusCode = answer.status;
    if (answer.status === 303) {
      res.setHeader("Location", answer.location);
      res.end();
      return;
    }
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify(answer.json));
  };
}
