/**
 * One HTTP server of the HTTP benchmark, in a process of its own (so the load generator and the
 * server each have a core): `node --import tsx bench/http-server.ts <variant>`. It reports its port,
 * and its memory when asked, over the IPC channel.
 *
 * Variants: latchkey behind `toNodeHandler`; latchkey behind the plain bridge below; @auth/core
 * behind the same plain bridge. The plain bridge is the least a server can do to carry a Node
 * request to a Web handler and back: a floor for `toNodeHandler`.
 */
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Auth as authjsAuth } from "@auth/core";
import { Auth, type AuthConfig } from "latchkey";
import { toNodeHandler } from "latchkey/node";

export const HTTP_SECRET = "bench-http-secret-0123456789abcdef0123456789";
export const HTTP_VARIANTS = [
  "latchkey toNodeHandler",
  "latchkey plain bridge",
  "@auth/core plain bridge",
] as const;
export type HttpVariant = (typeof HTTP_VARIANTS)[number];

const oauthProvider = {
  id: "github",
  name: "GitHub",
  type: "oauth" as const,
  clientId: "id",
  clientSecret: "secret",
  authorization: "https://github.test/authorize",
  token: "https://github.test/token",
  userinfo: "https://github.test/user",
};

const latchkeyConfig: AuthConfig = { secret: HTTP_SECRET, trustHost: true, providers: [oauthProvider] };
const authjsConfig = { secret: HTTP_SECRET, trustHost: true, basePath: "/auth", providers: [oauthProvider] };

/** The plain bridge: headers copied, body buffered, response buffered and written once. */
function plainBridge(handler: (request: Request) => Promise<Response>): RequestListener {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2)
      headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    const chunks: Buffer[] = [];
    if (req.method !== "GET" && req.method !== "HEAD")
      for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const response = await handler(
      new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body }),
    );
    res.statusCode = response.status;
    for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) res.setHeader("set-cookie", cookies);
    res.end(Buffer.from(await response.arrayBuffer()));
  };
}

function listenerFor(variant: HttpVariant): RequestListener {
  switch (variant) {
    case "latchkey toNodeHandler":
      return toNodeHandler(latchkeyConfig) as RequestListener;
    case "latchkey plain bridge":
      return plainBridge((request) => Auth(request, latchkeyConfig));
    case "@auth/core plain bridge":
      return plainBridge((request) => authjsAuth(request, authjsConfig as never) as Promise<Response>);
  }
}

const variant = process.argv[2] as HttpVariant;
if (process.send && HTTP_VARIANTS.includes(variant)) {
  const server = createServer(listenerFor(variant));
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => {
    process.send?.({ port: (server.address() as AddressInfo).port });
  });
  process.on("message", (message) => {
    if (message === "memory") process.send?.({ rss: process.memoryUsage().rss });
    if (message === "close") server.close(() => process.exit(0));
  });
}
