/**
 * The request body as a Web stream that reads from the socket only as fast as the consumer pulls,
 * so the auth core's size limit applies before a large upload is buffered in memory.
 */
import type { IncomingMessage } from "node:http";
import type { Http2ServerRequest } from "node:http2";

/**
 * Whether the request can carry a body. RFC 9112 §6.3: without `Content-Length` or
 * `Transfer-Encoding` a request has none, so no stream is needed. HTTP/2 (node:http2's
 * compatibility request) frames the body itself and makes `Content-Length` optional (RFC 9113
 * §8.1.1): a request has none only when its HEADERS frame ended the stream.
 */
export function requestHasBody(req: IncomingMessage): boolean {
  if (req.method === "GET" || req.method === "HEAD") return false;
  if (req.httpVersionMajor >= 2)
    return (req as unknown as Http2ServerRequest).stream?.endAfterHeaders !== true;
  if (req.headers["transfer-encoding"] !== undefined) return true;
  const length = req.headers["content-length"];
  return length !== undefined && length !== "0";
}

/**
 * Whether the client cut the upload short. node:http destroys the request; node:http2's
 * compatibility request instead ends its stream as if the body were whole and only marks it aborted.
 */
function cutShort(req: IncomingMessage): boolean {
  return req.destroyed || (req as unknown as Http2ServerRequest).aborted;
}

/**
 * A pull-based `ReadableStream` over `req`. Cancelling it (for example when the core refuses a body
 * that is too large) discards the rest of the upload instead of destroying the socket, so the
 * refusal can still be sent; `onAbandon` runs when that happens before the whole body arrived (once
 * it has, nothing is left on the connection to drain, however much of it was read).
 *
 * @example
 * ```ts
 * // Fetch needs `duplex: "half"` for a streamed body; TypeScript's RequestInit does not list it yet.
 * const init: RequestInit & { duplex: "half" } = { method: "POST", body: requestBodyStream(req), duplex: "half" };
 * const request = new Request(url, init);
 * ```
 */
export function requestBodyStream(req: IncomingMessage, onAbandon?: () => void): ReadableStream<Uint8Array> {
  let stopWaiting: (() => void) | undefined;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        return new Promise<void>((resolve) => {
          const settle = (outcome: () => void) => {
            try {
              outcome();
            } finally {
              stopWaiting?.();
            }
          };
          const onReadable = () => {
            const chunk: Buffer | null = req.read();
            if (chunk !== null) {
              settle(() =>
                controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)),
              );
            }
          };
          const onEnd = () => settle(() => controller.close());
          const onError = (error: Error) => settle(() => controller.error(error));
          const onClose = () => {
            if (!req.readableEnded)
              onError(new Error("The client closed the connection before the body ended"));
          };
          stopWaiting = () => {
            req.off("readable", onReadable);
            req.off("end", onEnd);
            req.off("error", onError);
            req.off("close", onClose);
            stopWaiting = undefined;
            resolve();
          };
          if (req.readableEnded) return onEnd();
          if (cutShort(req)) return onClose();
          req.on("readable", onReadable);
          req.on("end", onEnd);
          req.on("error", onError);
          req.on("close", onClose);
          onReadable();
        });
      },
      cancel() {
        stopWaiting?.();
        if (!req.complete) onAbandon?.();
        req.resume();
      },
    },
    // Read nothing ahead: the socket's own buffer is enough, and the consumer decides when to stop.
    { highWaterMark: 0 },
  );
}
