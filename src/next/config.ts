/**
 * The configs `NextAuth()` hands to latchkey: the app's own, with the defaults of a Next.js app
 * filled in, in the two forms its helpers need (the route handler's, which also reads the
 * session, and one for server actions).
 */
import type { NextRequest } from "next/server";
import { basePathFromEnv, readProcessEnv } from "../core/env.js";
import { basePathOf } from "../framework/base-path.js";
import { configPerRequest, copyOfConfig } from "../framework/config-copies.js";
import { type InProcessConfig, inProcessConfig } from "../framework/in-process.js";
import type { AuthConfig } from "../index.js";
import type { NextAuthCallbacks, NextAuthConfig, NextAuthConfigInput } from "./types.js";

/** Where a Next.js app mounts the route handler: `app/api/auth/[...nextauth]/route.ts`. */
const NEXT_BASE_PATH = "/api/auth";

/**
 * The base path: the config's, else none when AUTH_URL names one (latchkey reads it there),
 * else `/api/auth`.
 */
function basePathFor(config: NextAuthConfig): string | undefined {
  if (config.basePath !== undefined) return config.basePath;
  return basePathFromEnv(readProcessEnv()) === undefined ? NEXT_BASE_PATH : undefined;
}

/** The configs of one app, each built once so that latchkey resolves each once. */
export interface NextConfigs {
  /** For the route handler: the app's config with Next.js defaults. */
  handler: AuthConfig;
  /**
   * For server actions: the handler's, answering with latchkey's internal result (its cookies are
   * set through `next/headers`), without latchkey's CSRF token. Next.js only runs a server
   * action for a POST whose Origin is the app's own, which is the CSRF defence for that request
   * (see docs/next.md); the token would have to come from a form the action never renders.
   */
  action: InProcessConfig;
  /** The app's `authorized` callback, asked by `auth` in a proxy or around a route handler. */
  authorized: NextAuthCallbacks["authorized"];
  /** The sign-in page, where `authorized` returning false sends the browser. */
  signInPage: string;
}

function configsFor(config: NextAuthConfig): NextConfigs {
  const basePath = basePathFor(config);
  const handler: AuthConfig = copyOfConfig(config, basePath === undefined ? {} : { basePath });
  return {
    handler,
    action: inProcessConfig(handler),
    authorized: config.callbacks?.authorized,
    signInPage: config.pages?.signIn ?? `${basePathOf(handler)}/signin`,
  };
}

/** `NextAuth()`'s argument as a function from the request to the configs for it. */
export function configSource(input: NextAuthConfigInput): (request?: NextRequest) => Promise<NextConfigs> {
  // One store per NextAuth() call, so the route handler, the server actions and every config a
  // lazy initializer makes count rate limits and keep WebAuthn challenges in the same place.
  const configFor = configPerRequest<NextRequest | undefined, NextAuthConfig>(input);
  // A lazy initializer usually returns the same object each time: resolve that object once.
  const seen = new WeakMap<NextAuthConfig, NextConfigs>();
  return async (request) => {
    const config = await configFor(request);
    let configs = seen.get(config);
    if (!configs) {
      configs = configsFor(config);
      seen.set(config, configs);
    }
    return configs;
  };
}
