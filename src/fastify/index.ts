/**
 * `latchkey/fastify`: latchkey as a Fastify plugin, {@link latchkeyFastify}, registered under the
 * base path as its prefix, and {@link getSession} for route handlers. See docs/fastify.md.
 *
 * @example
 * ```ts
 * import Fastify from "fastify";
 * import { getSession, latchkeyFastify } from "latchkey/fastify";
 *
 * const app = Fastify();
 * await app.register(latchkeyFastify, { prefix: "/auth", ...config });
 * app.get("/me", async (request) => ({ session: await getSession(request, config) }));
 * ```
 *
 * @module
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { permissionRefusal } from "../framework/permission.js";
import { notSignedInResponse } from "../framework/protected-route.js";
import {
  Auth,
  type AuthConfig,
  getSession as getRequestSession,
  type OrganizationStatements,
  type Session,
} from "../index.js";
import { headersOnlyRequest } from "../node/bridge.js";
import { toWebRequest } from "../node/index.js";

/** latchkey's config, and how this app reaches the network. */
export interface LatchkeyFastifyConfig extends AuthConfig {
  /**
   * Whether a proxy you run sets `X-Forwarded-*` (as Fastify's own `trustProxy`). Off (the default),
   * those headers are removed before latchkey sees them, so a client cannot choose the host of the
   * URLs latchkey builds. Pass the same config to {@link getSession}, so both agree on the origin.
   */
  trustProxy?: boolean;
}

/** The plugin's options: the config, plus Fastify's own `prefix`, which becomes the base path. */
export interface LatchkeyFastifyOptions extends LatchkeyFastifyConfig {
  prefix?: string;
  /** Fastify's per-plugin log level; not part of the config. */
  logLevel?: string;
}

/** Methods latchkey answers; Fastify adds HEAD for GET routes itself. */
const METHODS = ["GET", "POST"] as const;

/** A Web Response as a Fastify reply, through the reply so that the app's hooks see it. */
async function sendResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  return reply.send(response.body === null ? undefined : await response.text());
}

/** The config latchkey gets: the options without Fastify's own keys. */
function configFrom(options: LatchkeyFastifyOptions, prefix: string): LatchkeyFastifyConfig {
  const { prefix: _prefix, logLevel: _logLevel, ...config } = options;
  return { ...config, basePath: config.basePath ?? prefix };
}

/**
 * The plugin: `app.register(latchkeyFastify, { prefix: "/auth", ...config })` serves latchkey's
 * routes under the prefix, which is the base path unless the config names one. Request bodies
 * under the prefix are read by latchkey itself (its size limit, its 400/413/415 answers): the
 * plugin's scope replaces the content-type parsers with one that leaves the body unread, and, as
 * Fastify encapsulates plugins, the app's own parsers stay as they are everywhere else. Responses go
 * through `reply`, so the app's hooks (`onSend`, logging) see them.
 *
 * @example
 * ```ts
 * const app = Fastify({ trustProxy: true });
 * await app.register(latchkeyFastify, { prefix: "/api/auth", trustProxy: true, ...config });
 * ```
 */
export async function latchkeyFastify(
  fastify: FastifyInstance,
  options: LatchkeyFastifyOptions,
): Promise<void> {
  const config = configFrom(options, fastify.prefix);
  const trustProxy = config.trustProxy === true;
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser("*", (_request, _payload, done) => done(null));
  fastify.route({
    method: [...METHODS],
    url: "/*",
    handler: async (request, reply) =>
      sendResponse(reply, await Auth(toWebRequest(request.raw, { res: reply.raw, trustProxy }), config)),
  });
}

/**
 * The session of a Fastify request, or null. Reads only headers (cookies, `Authorization`).
 *
 * @example
 * ```ts
 * app.get("/api/me", async (request, reply) => {
 *   const session = await getSession(request, config);
 *   return session ?? reply.code(401).send({ error: "Unauthorized" });
 * });
 * ```
 */
export function getSession(request: FastifyRequest, config: LatchkeyFastifyConfig): Promise<Session | null> {
  return getRequestSession(headersOnlyRequest(request.raw, config.trustProxy === true), config);
}

/**
 * A `preHandler` hook guarding a route: without a session, a page request (one that accepts
 * `text/html`) is redirected to the sign-in page with a `callbackUrl` back, anything else gets 401
 * with `{ error: "Unauthorized", message }`. The session is on `request.auth` for the handler (named
as next-auth names it on requests, and clear of `@fastify/session`'s `request.session`).
 *
 * @example
 * ```ts
 * app.get("/dashboard", { preHandler: requireAuth(config) }, async (request) => {
 *   return `Welcome back, ${request.auth?.user?.name}`;
 * });
 * ```
 */
export function requireAuth(config: LatchkeyFastifyConfig) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const session = await getSession(request, config);
    request.auth = session;
    if (session) return;
    const answer = notSignedInResponse(config, request.headers.accept, request.url);
    if (answer.status === 303) {
      await reply.redirect(answer.location, 303);
      return;
    }
    await reply.code(401).send(answer.json);
  };
}

/**
 * A `preHandler` hook guarding a route with the organizations feature's permissions: the route runs
 * when the session's role in its active organization allows every action `statements` lists
 * (judged from the session alone, no database call). Signed out, it answers as {@link requireAuth};
 * signed in without the permission, or with no active organization, 403 with
 * `{ error: "OrganizationRefused", code, message }` (`code` `forbidden` or `notMember`). The
 * session is on `request.auth`. See docs/organizations.md.
 *
 * @example
 * ```ts
 * app.post("/projects", { preHandler: requirePermission(config, { project: ["create"] }) }, async (request) => {
 *   return { organization: request.auth?.activeOrganization?.id };
 * });
 * ```
 */
export function requirePermission(config: LatchkeyFastifyConfig, statements: OrganizationStatements) {
  const signedIn = requireAuth(config);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await signedIn(request, reply);
    if (!request.auth) return;
    const refusal = permissionRefusal(config, request.auth.activeOrganization, statements);
    if (refusal !== null) await reply.code(403).send(refusal);
  };
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by {@link requireAuth} and {@link requirePermission}: the signed-in session. */
    auth?: Session | null;
  }
}
