/**
 * `latchkey/node`: run latchkey on `node:http`, Express, Connect and other `(req, res)` servers.
 */
export {
  createNodeHandler,
  type NodeHandler,
  type NodeHandlerOptions,
  sendWebResponse,
  type ToWebRequestOptions,
  toWebRequest,
} from "./bridge.js";

import type { AuthConfig } from "../config.js";
import { Auth } from "../index.js";
import { createNodeHandler, type NodeHandler, type NodeHandlerOptions } from "./bridge.js";

/**
 * A `(req, res)` handler that serves latchkey's routes on node:http, Express, Connect or Fastify's
 * raw mode. Mount it at `basePath` (default `/auth`): it reads the full path from Express's
 * `originalUrl`, so `app.use("/auth", …)` works. (Express 5 refuses the bare `*` of
 * `app.all("/auth/*", …)`; a named wildcard such as `"/auth/*path"` also works.)
 *
 * @example
 * ```ts
 * import express from "express";
 * import { toNodeHandler } from "latchkey/node";
 *
 * const app = express();
 * app.use("/auth", toNodeHandler(config));
 * ```
 */
export function toNodeHandler(config: AuthConfig, options?: NodeHandlerOptions): NodeHandler {
  return createNodeHandler((request) => Auth(request, config), options);
}
