/**
 * A small HTTP/1.1 load generator for loopback benchmarks: `concurrency` keep-alive connections,
 * each sending one pre-serialised request after another for a fixed time. It parses only what it
 * needs to find the end of each response (Content-Length, or the last chunk), so the client costs
 * far less than the servers it measures and the ratios between servers stay honest.
 */
import { connect, type Socket } from "node:net";

export interface LoadResult {
  /** Responses received in full within the time. */
  responses: number;
  /** Responses whose status was not the expected one. */
  unexpected: number;
  elapsedMs: number;
}

const HEADER_END = Buffer.from("\r\n\r\n");
const LAST_CHUNK = Buffer.from("\r\n0\r\n\r\n");

/** How many bytes of `buffer` the first complete response takes, or 0 when it is not all there yet. */
function completeResponseLength(buffer: Buffer): number {
  const headerEnd = buffer.indexOf(HEADER_END);
  if (headerEnd === -1) return 0;
  const head = buffer.toString("latin1", 0, headerEnd).toLowerCase();
  const length = /\r\ncontent-length:\s*(\d+)/.exec(head);
  if (length) {
    const total = headerEnd + 4 + Number(length[1]);
    return buffer.length >= total ? total : 0;
  }
  if (head.includes("transfer-encoding: chunked")) {
    // An empty chunked body is just "0\r\n\r\n" right after the head.
    if (buffer.indexOf("0\r\n\r\n", headerEnd + 4) === headerEnd + 4) return headerEnd + 9;
    const end = buffer.indexOf(LAST_CHUNK, headerEnd + 4);
    return end === -1 ? 0 : end + LAST_CHUNK.length;
  }
  return headerEnd + 4; // no body (e.g. 204, 304)
}

function openConnection(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port, noDelay: true }, () => resolve(socket));
    socket.once("error", reject);
  });
}

/**
 * Sends `request` (complete HTTP/1.1 bytes, keep-alive) on `concurrency` connections for
 * `durationMs`, one request in flight per connection.
 */
export async function runLoad(options: {
  port: number;
  request: Buffer;
  concurrency: number;
  durationMs: number;
  expectedStatus: number;
}): Promise<LoadResult> {
  const { port, request, concurrency, durationMs, expectedStatus } = options;
  const statusPrefix = Buffer.from(`HTTP/1.1 ${expectedStatus} `);
  const sockets = await Promise.all(Array.from({ length: concurrency }, () => openConnection(port)));
  let responses = 0;
  let unexpected = 0;
  const start = performance.now();
  const deadline = start + durationMs;

  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve, reject) => {
          let pending: Buffer = Buffer.alloc(0);
          socket.on("data", (chunk: Buffer) => {
            pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
            for (;;) {
              const length = completeResponseLength(pending);
              if (length === 0) return;
              if (pending.subarray(0, statusPrefix.length).compare(statusPrefix) !== 0) unexpected++;
              responses++;
              pending = pending.subarray(length);
              if (performance.now() >= deadline) {
                socket.removeAllListeners("data");
                resolve();
                return;
              }
              socket.write(request);
            }
          });
          socket.once("error", reject);
          socket.once("close", () => resolve());
          socket.write(request);
        }),
    ),
  );
  const elapsedMs = performance.now() - start;
  for (const socket of sockets) socket.destroy();
  return { responses, unexpected, elapsedMs };
}
