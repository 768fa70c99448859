/**
 * The context of a request outside the router, for `getSession` and the other server-side helpers:
 * the same resolved config, origin rule and cookie names as `Auth()`, without a route.
 */
import type { AuthConfig } from "../config.js";
import { createServerContext, type ServerContext } from "../core/context.js";
import { resolvedConfigFor } from "./resolve-config.js";

export function serverContext(request: Request, config: AuthConfig): ServerContext {
  const resolved = resolvedConfigFor(config);
  return createServerContext(resolved, request);
}
