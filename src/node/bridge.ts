/**
 * The one bridge between Node's `http` module and the Web `Request`/`Response` the auth core speaks.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { attachSocketAddress } from "../core/origin.js";
import { keepForwardedIfTrusted } from "../framework/trusted-proxy.js";
import { deferredRequest } from "./deferred-request.js";
import { type ParsedBodyRequest, serializeParsedBody, wasBodyParsed } from "./parsed-body.js";
import { requestBodyStream, requestHasBody } from "./request-body.js";
import { toWebHeaders } from "./request-headers.js";
import { requestUrl } from "./request-url.js";
import { sendInternalServerError, streamResponseBody, writeResponseHeaders } from "./send-response.js";

export interface ToWebRequestOptions {
  /**
   * Whether a proxy you control sets the `X-Forwarded-*` headers. On: the request's URL takes its
   * protocol and host from `X-Forwarded-Proto` / `X-Forwarded-Host`, and the headers are passed on.
   * Off (the default): they are removed before the request reaches latchkey, so a client that
   * sends them cannot make latchkey build URLs (redirects, e-mail links) on another host.
   */
  trustProxy?: boolean;
  /**
   * The response paired with `req`. With it, the request's `signal` also aborts when the client
   * disconnects after the body was read (while the handler is still working); without it, only a
   * disconnect during the upload is seen.
   */
  res?: ServerResponse;
}

export interface NodeHandlerOptions {
  /** See {@link ToWebRequestOptions.trustProxy}. Default: false. */
  trustProxy?: boolean;
}

/** A handler for `http.createServer`, and Express/Connect middleware (`app.use("/auth", handler)`). */
export type NodeHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => Promise<void>;

/** Methods a fetch `Request` refuses to carry (Fetch §4.6 forbidden methods). */
const UNREPRESENTABLE_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

type RequestInitWithDuplex = RequestInit & { duplex?: "half" };

function disconnectSignal(req: IncomingMessage, res: ServerResponse | undefined): AbortSignal {
  const controller = new AbortController();
  const abort = () => controller.abort(new DOMException("The client closed the connection", "AbortError"));
  if (res) {
    // `close` fires once per response, after `finish` or when the socket dies first; no listener leaks.
    res.once("close", () => {
      if (!res.writableFinished) abort();
    });
  } else {
    req.once("close", () => {
      if (!req.complete) abort();
    });
  }
  return controller.signal;
}

function requestBody(
  req: IncomingMessage,
  headers: Headers,
  res: ServerResponse | undefined,
): RequestInitWithDuplex["body"] | null {
  if (req.method === "GET" || req.method === "HEAD") return null;
  const parsedRequest = req as ParsedBodyRequest;
  if (wasBodyParsed(parsedRequest)) {
    const body = serializeParsedBody(parsedRequest.body, req.headers["content-type"]);
    // The original framing describes bytes that are gone; describe the rebuilt ones instead.
    headers.delete("transfer-encoding");
    headers.set("content-length", String(body === null ? 0 : Buffer.byteLength(body)));
    return body;
  }
  if (!requestHasBody(req)) return null;
  return requestBodyStream(req, () => {
    // The handler refused the body part-way (e.g. 413). Close the connection after answering instead
    // of draining a possibly huge remainder just to keep it alive.
    if (res && !res.headersSent) res.shouldKeepAlive = false;
  });
}

/**
 * Converts a Node request into a Web `Request` without reading the body up front. The socket's
 * peer address rides along on the Request object (not in a header a client could send), where
 * latchkey's rate limiter reads it. Throws a `TypeError` for `CONNECT`, `TRACE` and `TRACK`, which
 * a fetch `Request` cannot represent.
 *
 * @example
 * ```ts
 * import { createServer } from "node:http";
 * import { Auth } from "latchkey";
 * import { toWebRequest, sendWebResponse } from "latchkey/node";
 *
 * createServer(async (req, res) => {
 *   const request = toWebRequest(req, { res, trustProxy: process.env.BEHIND_PROXY === "1" });
 *   await sendWebResponse(res, await Auth(request, config));
 * }).listen(3000);
 * ```
 */
export function toWebRequest(req: IncomingMessage, options: ToWebRequestOptions = {}): Request {
  return nodeRequest(req, options, true);
}

/**
 * {@link toWebRequest}, with the abort signal optional: building a `Request` that follows a signal
 * costs more than the rest of the conversion, and a handler that never reads `request.signal`
 * (latchkey's own) has no use for it. Without a signal and without a body (a GET), the `Request`
 * itself is built only if something reads more than its URL, method and headers
 * (deferred-request.ts): latchkey's GET routes never do.
 */
function nodeRequest(req: IncomingMessage, options: ToWebRequestOptions, withSignal: boolean): Request {
  const headers = receivedHeaders(req, options.trustProxy === true);
  const body = requestBody(req, headers, options.res);
  const method = req.method ?? "GET";
  const init: RequestInitWithDuplex = { method, headers };
  if (withSignal) init.signal = disconnectSignal(req, options.res);
  if (body !== null) {
    init.body = body;
    // Required by fetch for a streamed body: the request may still be uploading while we respond.
    init.duplex = "half";
  }
  const url = requestUrl(req, options.trustProxy === true);
  const request =
    withSignal || body !== null
      ? new Request(url, init)
      : deferredRequest({ url, method, headers, build: () => new Request(url, init) });
  // The peer's address goes on the Request object, where the rate limiter finds it (core/origin.ts).
  return attachSocketAddress(request, req.socket?.remoteAddress);
}

/** The request's headers, without the forwarded ones unless the peer is a trusted proxy. */
function receivedHeaders(req: IncomingMessage, trustProxy: boolean): Headers {
  return keepForwardedIfTrusted(toWebHeaders(req.rawHeaders), trustProxy);
}

/**
 * A GET view of `req`: its URL and headers only, for reading the session (which comes from the
 * cookies or the Authorization header). The body stays on `req` for the app's own parsers, and no
 * abort signal is built; the `Request` itself is built only if something reads more.
 */
export function headersOnlyRequest(req: IncomingMessage, trustProxy: boolean): Request {
  const headers = receivedHeaders(req, trustProxy);
  const url = requestUrl(req, trustProxy);
  const request = deferredRequest({
    url,
    method: "GET",
    headers,
    build: () => new Request(url, { headers }),
  });
  return attachSocketAddress(request, req.socket?.remoteAddress);
}

/**
 * Writes a Web `Response` to a Node response: status, all headers (each `Set-Cookie` separately) and
 * the body, streamed with backpressure. Stops reading the body if the client disconnects; if the body
 * fails mid-stream the connection is cut instead of the process crashing. Resolves when done.
 *
 * @example
 * ```ts
 * await sendWebResponse(res, new Response("hello", { headers: { "content-type": "text/plain" } }));
 * ```
 */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  writeResponseHeaders(res, response.headers);
  const body = response.body;
  if (body === null || res.req?.method === "HEAD") {
    await body?.cancel().catch(() => {});
    res.end();
    return;
  }
  await streamResponseBody(res, body);
}

/**
 * Wraps a Web handler as a Node one. A handler that throws becomes a plain 500 (the error goes to
 * `console.error`, never to the client). `next` is accepted so the result mounts as Express
 * middleware; every request that reaches it is answered.
 *
 * @example
 * ```ts
 * import { createServer } from "node:http";
 * import { Auth } from "latchkey";
 * import { createNodeHandler } from "latchkey/node";
 *
 * const handler = createNodeHandler((request) => Auth(request, config));
 * createServer(handler).listen(3000);
 * // Express: app.use("/auth", handler);
 * ```
 */
export function createNodeHandler(
  handler: (request: Request) => Response | Promise<Response>,
  options: NodeHandlerOptions = {},
): NodeHandler {
  return serveNode(options, true, async (request, res) => sendWebResponse(res, await handler(request)));
}

/** Whether the client is gone: its connection closed before the answer was written. */
const clientGone = (req: IncomingMessage, res: ServerResponse) =>
  res.destroyed || req.socket?.destroyed === true;

/**
 * The Node side every handler shares: requests a fetch `Request` cannot represent are refused, the
 * request is converted (with a disconnect signal when `withSignal`), and `respond` answers it. A
 * failure becomes a plain 500, or nothing at all when the client has already gone.
 */
export function serveNode(
  options: NodeHandlerOptions,
  withSignal: boolean,
  respond: (request: Request, res: ServerResponse) => Promise<void>,
): NodeHandler {
  return async (req, res) => {
    if (UNREPRESENTABLE_METHODS.has(req.method?.toUpperCase() ?? "")) {
      // The client's choice of method, not a server fault: refuse it without logging an error.
      res.statusCode = 501;
      res.setHeader("content-type", "text/plain; charset=utf-8");
      res.end("Not Implemented");
      return;
    }
    let request: Request | undefined;
    try {
      request = nodeRequest(req, { res, trustProxy: options.trustProxy === true }, withSignal);
      await respond(request, res);
    } catch (error) {
      if (request?.signal.aborted || clientGone(req, res)) {
        // The client is gone; there is no one to answer and nothing went wrong on our side.
        res.destroy();
        return;
      }
      console.error("latchkey: the request handler failed", error);
      sendInternalServerError(res);
    }
  };
}
