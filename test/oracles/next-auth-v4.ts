/**
 * next-auth v4 from npm, the oracle for reading v4 sessions: its `next-auth/jwt` mints v4 session
 * tokens, its `SessionStore` chunks them as v4 does, its core handler (`next-auth/core`) signs a
 * user in with database sessions through its own Prisma adapter (`@next-auth/prisma-adapter`).
 * They live in test/oracles/next-auth-v4/ with a lockfile of their own, because next-auth v4's peer
 * ranges clash with the root package's; `.ci/run` installs them with `npm ci` there.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const ORACLE = fileURLToPath(new URL("./next-auth-v4/", import.meta.url));

/** `next-auth/jwt` as v4 types it, the part the tests call. */
export interface NextAuthV4Jwt {
  encode(params: { token: Record<string, unknown>; secret: string; maxAge?: number }): Promise<string>;
  decode(params: { token: string; secret: string }): Promise<Record<string, unknown> | null>;
}

export interface V4Cookie {
  name: string;
  value: string;
  options: Record<string, unknown>;
}

/** v4's cookie chunker (`next-auth/core/lib/cookie`): splits a value as v4 writes its session cookie. */
export interface NextAuthV4SessionStore {
  chunk(value: string, options: Record<string, unknown>): V4Cookie[];
}

export interface V4ResponseInternal {
  status?: number;
  body?: unknown;
  redirect?: string;
  cookies?: V4Cookie[];
}

export interface NextAuthV4 {
  version: string;
  jwt: NextAuthV4Jwt;
  SessionStore: new (
    option: { name: string; options: Record<string, unknown> },
    req: { cookies: Record<string, string> },
    logger: { debug(...args: unknown[]): void },
  ) => NextAuthV4SessionStore;
  AuthHandler(params: { req: Request; options: Record<string, unknown> }): Promise<V4ResponseInternal>;
  PrismaAdapter(prisma: unknown): Record<string, unknown>;
}

/** Loads the oracle, or fails with what to run when test/oracles/next-auth-v4 was never installed. */
export function loadNextAuthV4(): NextAuthV4 {
  if (!existsSync(`${ORACLE}node_modules/next-auth/package.json`)) {
    throw new Error(
      "next-auth v4 (the oracle for v4 sessions) is not installed: run `npm ci` in test/oracles/next-auth-v4 (.ci/run does).",
    );
  }
  const require = createRequire(`${ORACLE}package.json`);
  // The core and its cookie chunker are not in next-auth's "exports": they are loaded by file.
  const nextAuth = `${ORACLE}node_modules/next-auth/`;
  return {
    version: (JSON.parse(readFileSync(`${nextAuth}package.json`, "utf8")) as { version: string }).version,
    jwt: require("next-auth/jwt") as NextAuthV4Jwt,
    SessionStore: (require(`${nextAuth}core/lib/cookie.js`) as { SessionStore: NextAuthV4["SessionStore"] })
      .SessionStore,
    AuthHandler: (require(`${nextAuth}core/index.js`) as Pick<NextAuthV4, "AuthHandler">).AuthHandler,
    PrismaAdapter: (require("@next-auth/prisma-adapter") as Pick<NextAuthV4, "PrismaAdapter">).PrismaAdapter,
  };
}
