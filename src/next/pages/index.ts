/**
 * `latchkey/next/pages`: next-auth v4's API for the Next.js Pages Router. An app that imported
 * `next-auth` and `next-auth/next` in `pages/` imports this instead: the default export serves
 * `pages/api/auth/[...nextauth].ts`, and `getServerSession(req, res, authOptions)` reads the
 * session in API routes and `getServerSideProps`. Nothing here imports the App Router's
 * `next/headers` or `next/navigation`, so it compiles into Pages Router bundles.
 *
 * @example
 * ```ts
 * // pages/api/auth/[...nextauth].ts
 * import NextAuth, { type NextAuthOptions } from "latchkey/next/pages";
 * import Credentials from "latchkey/providers/credentials";
 *
 * export const authOptions: NextAuthOptions = {
 *   providers: [Credentials({ authorize: ({ username }) => (username ? { id: String(username) } : null) })],
 * };
 *
 * export default NextAuth(authOptions);
 * ```
 * @module
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Auth, type AuthConfig, type Session } from "../../index.js";
import { sendWebResponse, toWebRequest } from "../../node/bridge.js";
import { configSource } from "../config.js";
import { type NodeRequestLike, type NodeResponseLike, nodeRequestSession } from "./node-session.js";

export type { Account, DefaultSession, Profile, Session, User } from "../../index.js";
export { AuthError, CredentialsSignin } from "../../index.js";

/**
 * The options `NextAuth()` and `getServerSession()` take: latchkey's `AuthConfig` (next-auth v4
 * calls it `NextAuthOptions`, or `AuthOptions`). `basePath` defaults to `/api/auth`, where
 * `pages/api/auth/[...nextauth].ts` serves.
 */
export type NextAuthOptions = Omit<AuthConfig, "raw">;
/** next-auth v4's other name for {@link NextAuthOptions}. */
export type AuthOptions = NextAuthOptions;

export type { NodeRequestLike, NodeResponseLike };
/** An API route's handler, as `pages/api/*` default-exports it (with Next.js's `NextApiRequest`, `NextApiResponse`). */
export type PagesApiHandler = (req: NodeRequestLike, res: NodeResponseLike) => Promise<void>;

/** The config with the Pages Router's defaults (`/api/auth`), made once per options object. */
const configs = new WeakMap<NextAuthOptions, Promise<AuthConfig>>();
function configOf(options: NextAuthOptions): Promise<AuthConfig> {
  let config = configs.get(options);
  if (!config) {
    const source = configSource(options);
    config = source().then((resolved) => resolved.handler);
    configs.set(options, config);
  }
  return config;
}

async function serve(req: NodeRequestLike, res: NodeResponseLike, options: NextAuthOptions): Promise<void> {
  // Next.js hands API routes Node's own request and response (typed structurally above).
  const nodeReq = req as IncomingMessage;
  const nodeRes = res as unknown as ServerResponse;
  // Next.js has already parsed the body onto `req.body` (its API routes' bodyParser): the request
  // is rebuilt from it. Forwarded headers are left out unless `trustHost`, as the handler does.
  const request = toWebRequest(nodeReq, { res: nodeRes, trustProxy: options.trustHost === true });
  await sendWebResponse(nodeRes, await Auth(request, await configOf(options)));
}

function assertOptions(options: unknown, call: string): asserts options is NextAuthOptions {
  if (typeof options !== "object" || options === null || !Array.isArray((options as AuthConfig).providers)) {
    throw new TypeError(
      `${call} needs next-auth's options object (with \`providers\`) as its last argument. See docs/migrating.md, "From next-auth v4 on the Pages Router".`,
    );
  }
}

/**
 * next-auth v4's `NextAuth`: `NextAuth(authOptions)` returns the handler that
 * `pages/api/auth/[...nextauth].ts` default-exports; `NextAuth(req, res, authOptions)` answers one
 * request (for an API route that does more around it).
 */
function NextAuth(options: NextAuthOptions): PagesApiHandler;
function NextAuth(req: NodeRequestLike, res: NodeResponseLike, options: NextAuthOptions): Promise<void>;
function NextAuth(...args: unknown[]): PagesApiHandler | Promise<void> {
  if (args.length === 1) {
    const [options] = args;
    assertOptions(options, "NextAuth(authOptions)");
    return (req, res) => serve(req, res, options);
  }
  const [req, res, options] = args;
  assertOptions(options, "NextAuth(req, res, authOptions)");
  return serve(req as NodeRequestLike, res as NodeResponseLike, options);
}

export default NextAuth;
export { NextAuth };

/**
 * next-auth v4's `getServerSession`: the session of an API route's or `getServerSideProps`'
 * request, or null. A re-issued session cookie is set on `res`. In the App Router, `auth()` from
 * `latchkey/next` reads the session instead.
 *
 * @example
 * ```ts
 * import type { GetServerSidePropsContext } from "next";
 * import { getServerSession, type NextAuthOptions } from "latchkey/next/pages";
 *
 * declare const authOptions: NextAuthOptions;
 * export async function getServerSideProps(context: GetServerSidePropsContext) {
 *   const session = await getServerSession(context.req, context.res, authOptions);
 *   return session ? { props: { email: session.user?.email ?? null } } : { redirect: { destination: "/api/auth/signin", permanent: false } };
 * }
 * ```
 */
export function getServerSession(
  req: NodeRequestLike,
  res: NodeResponseLike,
  options: NextAuthOptions,
): Promise<Session | null>;
export async function getServerSession(...args: unknown[]): Promise<Session | null> {
  const options = args.at(-1);
  assertOptions(options, "getServerSession");
  const config = await configOf(options);
  if (args.length === 3) {
    return nodeRequestSession(args[0] as NodeRequestLike, args[1] as NodeResponseLike, config);
  }
  throw new TypeError(
    "getServerSession takes (req, res, authOptions) in the Pages Router (context.req and context.res in getServerSideProps); in the App Router, call auth() from latchkey/next.",
  );
}
