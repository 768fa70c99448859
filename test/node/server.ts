/** A real node:http server on 127.0.0.1 with an ephemeral port, running a Web handler through the bridge. */
import {
  type Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { createNodeHandler, type NodeHandlerOptions } from "../../src/node/index.js";

export interface TestServer {
  server: Server;
  origin: string;
  port: number;
  close(): Promise<void>;
}

export async function startServer(
  handler: (request: Request) => Response | Promise<Response>,
  options: NodeHandlerOptions & {
    before?: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  } = {},
): Promise<TestServer> {
  const nodeHandler = createNodeHandler(handler, options);
  const server = createServer(async (req, res) => {
    await options.before?.(req, res);
    await nodeHandler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RawResponse {
  status: number;
  statusMessage: string;
  headers: IncomingMessage["headers"];
  rawHeaders: string[];
  body: string;
}

/** One request with `node:http`, for what fetch will not send (a custom Host, repeated fields, odd targets). */
export function rawRequest(
  port: number,
  options: {
    method?: string;
    path?: string;
    headers?: Record<string, string | string[]>;
    body?: string | undefined;
    agent?: Agent;
  },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "GET",
        path: options.path ?? "/",
        headers: options.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            statusMessage: res.statusMessage ?? "",
            headers: res.headers,
            rawHeaders: res.rawHeaders,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** Resolves when `predicate` holds, polling; fails the test after `timeoutMs`. */
export async function eventually(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The echo handler: what the Web side saw, as JSON. */
export async function echo(request: Request): Promise<Response> {
  const url = new URL(request.url);
  return Response.json({
    method: request.method,
    url: request.url,
    host: url.host,
    protocol: url.protocol,
    headers: Object.fromEntries(request.headers),
    body: request.method === "GET" || request.method === "HEAD" ? null : await request.text(),
  });
}

/**
 * Plain node:http servers for a suite's tests that drive `req` and `res` themselves (no latchkey
 * handler in front): `start` listens on 127.0.0.1 and resolves to the port; `closeAll`, for
 * `afterEach`, drops their connections and closes them.
 */
export function plainServers(): {
  start(handler: Parameters<typeof createServer>[1]): Promise<number>;
  closeAll(): Promise<void>;
} {
  const open: Server[] = [];
  return {
    async start(handler) {
      const server = createServer(handler);
      open.push(server);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return (server.address() as AddressInfo).port;
    },
    async closeAll() {
      for (const server of open.splice(0)) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}

/**
 * Starts a POST that declares `total` bytes and writes as fast as the server takes them. Its errors
 * are ignored: the server closing the connection mid-upload is what the tests look at.
 */
export function pumpUpload(port: number, total: number) {
  const client = httpRequest({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: "/upload",
    headers: { "content-type": "application/octet-stream", "content-length": String(total) },
  });
  client.on("error", () => {});
  const chunk = Buffer.alloc(64 * 1024, 1);
  let sent = 0;
  const pump = () => {
    while (sent < total && !client.destroyed) {
      sent += chunk.length;
      if (!client.write(chunk)) return void client.once("drain", pump);
    }
  };
  pump();
  return client;
}
