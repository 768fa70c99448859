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
 * raw mode. Mount it on the routes under `basePath` (default `/auth`).
 *
 * @example
 * ```ts
 * import express from "express";
 * import { toNodeHandler } from "latchkey/node";
 * const app = express();
 * app.all("/auth/*", toNodeHandler(config));
 * ```
 */
export function toNodeHandler(config: AuthConfig, options?: NodeHandlerOptions): NodeHandler {
  return createNodeHandler((request) => Auth(request, config), options);
}
