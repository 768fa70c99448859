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
import { toWireResponse } from "../core/response.js";
import { handleAuthRequest } from "../pipeline/handler.js";
import { type NodeHandler, type NodeHandlerOptions, serveNode } from "./bridge.js";
import { sendWireResponse } from "./send-response.js";

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
export function toNodeHandler(config: AuthConfig, options: NodeHandlerOptions = {}): NodeHandler {
  // latchkey's answers are always complete text, so they go to the socket as they are, without a
  // Web Response. Its requests carry no abort signal: nothing in latchkey waits on one, and a client
  // that disconnects is still seen (an upload cut short fails its body; a gone client gets nothing).
  return serveNode(options, false, async (request, res) => {
    const { result, redirectAsJson } = await handleAuthRequest(request, config);
    sendWireResponse(res, toWireResponse(result, redirectAsJson));
  });
}
