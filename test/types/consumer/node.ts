/** An application on Node.js: `latchkey/node` needs Node's types, and gets them here. */
import { createServer } from "node:http";
import type { AuthConfig } from "latchkey";
import { toNodeHandler, toWebRequest } from "latchkey/node";

declare const config: AuthConfig;

export const server = createServer(toNodeHandler(config));
export const asWebRequest = toWebRequest;
