/**
 * The request body as a Web stream that reads from the socket only as fast as the consumer pulls,
 * so the auth core's size limit applies before a large upload is buffered in memory.
 */
import type { IncomingMessage } from "node:http";

/**
 * Whether the request can carry a body. RFC 9112 §6.3: without `Content-Length` or
 * `Transfer-Encoding` a request has none, so no stream is needed.
 */
export function requestHasBody(req: IncomingMessage): boolean {
  if (req.method === "GET" || req.method === "HEAD") return false;
  if (req.headers["transfer-encoding"] !== undefined) return true;
  const length = req.headers["content-length"];
  return length !== undefined && length !== "0";
}

/**
 * A pull-based `ReadableStream` over `req`. Cancelling it (for example when the core refuses a body
 * that is too large) discards the rest of the upload instead of destroying the socket, so the
 * refusal can still be sent; `onAbandon` runs when that happens before the body ended.
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
          if (req.destroyed) return onClose();
          req.on("readable", onReadable);
          req.on("end", onEnd);
          req.on("error", onError);
          req.on("close", onClose);
          onReadable();
        });
      },
      cancel() {
        stopWaiting?.();
        if (!req.readableEnded) onAbandon?.();
        req.resume();
      },
    },
    // Read nothing ahead: the socket's own buffer is enough, and the consumer decides when to stop.
    { highWaterMark: 0 },
  );
}
