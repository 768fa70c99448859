/**
 * One HTTP server of the HTTP benchmark, in a process of its own (so the load generator and the
 * server each have a core): `node --import tsx bench/http-server.ts <variant>`. It reports its port,
 * and its memory when asked, over the IPC channel.
 *
 * Variants: latchkey behind `toNodeHandler`; latchkey behind the plain bridge below; @auth/core
 * behind the same plain bridge; and the floor, a bare node:crypto handler doing the same decrypt.
 * The plain bridge is the least a server can do to carry a Node request to a Web handler and back.
 */
import { createDecipheriv, createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Auth as authjsAuth } from "@auth/core";
import { hkdf } from "@panva/hkdf";
import { Auth, type AuthConfig } from "latchkey";
import { toNodeHandler } from "latchkey/node";

export const HTTP_SECRET = "bench-http-secret-0123456789abcdef0123456789";
export const HTTP_VARIANTS = [
  "latchkey toNodeHandler",
  "latchkey plain bridge",
  "@auth/core plain bridge",
  "floor: node:crypto handler",
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

const SESSION_COOKIE = "authjs.session-token";

/**
 * The floor: the least any server can do to answer GET /session from this cookie. node:http alone,
 * the key derived once, the cookie found by a plain search, the JWE (A256CBC-HS512, RFC 7516 and
 * RFC 7518 §5.2) opened with node:crypto, no claim checks, the answer written once.
 */
async function floorHandler(): Promise<RequestListener> {
  const key = Buffer.from(
    await hkdf(
      "sha256",
      HTTP_SECRET,
      SESSION_COOKIE,
      `Auth.js Generated Encryption Key (${SESSION_COOKIE})`,
      64,
    ),
  );
  const macKey = key.subarray(0, 32);
  const encKey = key.subarray(32);
  return (req, res) => {
    const cookie = req.headers.cookie ?? "";
    const start = cookie.indexOf(`${SESSION_COOKIE}=`) + SESSION_COOKIE.length + 1;
    const end = cookie.indexOf(";", start);
    const [header = "", , ivPart = "", ctPart = "", tagPart = ""] = cookie
      .slice(start, end === -1 ? undefined : end)
      .split(".");
    const aad = Buffer.from(header);
    const iv = Buffer.from(ivPart, "base64url");
    const ct = Buffer.from(ctPart, "base64url");
    const al = Buffer.alloc(8);
    al.writeBigUInt64BE(BigInt(aad.length * 8));
    const tag = createHmac("sha512", macKey)
      .update(aad)
      .update(iv)
      .update(ct)
      .update(al)
      .digest()
      .subarray(0, 32);
    if (!timingSafeEqual(tag, Buffer.from(tagPart, "base64url"))) {
      res.writeHead(200, { "content-type": "application/json" }).end("null");
      return;
    }
    const decipher = createDecipheriv("aes-256-cbc", encKey, iv);
    const claims = JSON.parse(Buffer.concat([decipher.update(ct), decipher.final()]).toString("utf8"));
    const session = {
      user: { name: claims.name, email: claims.email, image: claims.picture },
      expires: new Date(claims.exp * 1000).toISOString(),
    };
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(session));
  };
}

async function listenerFor(variant: HttpVariant): Promise<RequestListener> {
  switch (variant) {
    case "latchkey toNodeHandler":
      return toNodeHandler(latchkeyConfig) as RequestListener;
    case "latchkey plain bridge":
      return plainBridge((request) => Auth(request, latchkeyConfig));
    case "@auth/core plain bridge":
      return plainBridge((request) => authjsAuth(request, authjsConfig as never) as Promise<Response>);
    case "floor: node:crypto handler":
      return floorHandler();
  }
}

const variant = process.argv[2] as HttpVariant;
if (process.send && HTTP_VARIANTS.includes(variant)) {
  const server = createServer(await listenerFor(variant));
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => {
    process.send?.({ port: (server.address() as AddressInfo).port });
  });
  process.on("message", (message) => {
    if (message === "memory") process.send?.({ rss: process.memoryUsage().rss });
    if (message === "close") server.close(() => process.exit(0));
  });
}
