/**
 * sendWebResponse streaming a body to a client that reads slowly or leaves: it waits for the
 * socket, stops when the client is gone, and leaves nothing behind on the response.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendWebResponse, toWebRequest } from "../../src/node/index.js";
import { eventually, startServer, type TestServer } from "./server.js";

let server: TestServer | undefined;
let plain: Server | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
  plain?.closeAllConnections();
  await new Promise<void>((resolve) => (plain ? plain.close(() => resolve()) : resolve()));
  plain = undefined;
});

const CHUNK = 64 * 1024;

/** A body of `chunks` chunks (endless without), recording how far it got. */
function countedBody(chunks = Number.POSITIVE_INFINITY) {
  const state = { produced: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.produced === chunks) return controller.close();
        state.produced++;
        controller.enqueue(new Uint8Array(CHUNK).fill(97));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { state, stream };
}

async function startPlain(handler: Parameters<typeof createServer>[1]): Promise<number> {
  plain = createServer(handler);
  await new Promise<void>((resolve) => plain!.listen(0, "127.0.0.1", resolve));
  return (plain.address() as AddressInfo).port;
}

describe("sendWebResponse streaming", () => {
  it("resolves when the client leaves while the body waits for the socket to drain", async () => {
    const { state, stream } = countedBody();
    let settled = false;
    const port = await startPlain(async (_req, res) => {
      await sendWebResponse(res, new Response(stream));
      settled = true;
    });
    const client = httpRequest({ host: "127.0.0.1", port, path: "/endless" });
    client.on("error", () => {});
    const response = await new Promise<IncomingMessage>((resolve) => {
      client.on("response", resolve);
      client.end();
    });
    response.pause();
    // The socket's buffers fill and the stream stops producing: the server waits for `drain`.
    let seen = -1;
    await eventually(() => {
      const stalled = seen === state.produced;
      seen = state.produced;
      return stalled && seen > 0;
    });
    client.destroy();
    await eventually(() => state.cancelled);
    await eventually(() => settled);
  });

  it("leaves no listener of its own on the response after streaming with backpressure", async () => {
    const counts: Record<string, number[]> = {};
    const events = ["drain", "close", "finish", "error"] as const;
    const port = await startPlain(async (req, res) => {
      const count = () => events.map((event) => res.listenerCount(event));
      toWebRequest(req, { res });
      counts.before = count();
      await sendWebResponse(res, new Response(countedBody(256).stream));
      counts.after = count();
    });
    // 16 MiB, more than the socket takes at once: the server waits for `drain` many times.
    const bytes = await (await fetch(`http://127.0.0.1:${port}/large`)).arrayBuffer();
    expect(bytes.byteLength).toBe(256 * CHUNK);
    await eventually(() => counts.after !== undefined);
    expect(counts.after).toEqual(counts.before);
  });

  it("does not log a body that fails because the client left", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    let failed = false;
    server = await startServer(
      (request) =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode("first part"));
              // A body fed from an upstream that follows the request's signal, as a proxied
              // fetch(url, { signal: request.signal }) does: it fails when the client leaves.
              request.signal.addEventListener("abort", () => {
                failed = true;
                controller.error(request.signal.reason);
              });
            },
          }),
        ),
    );
    const controller = new AbortController();
    const response = await fetch(`${server.origin}/proxied`, { signal: controller.signal });
    await response.body!.getReader().read();
    controller.abort();
    await eventually(() => failed);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logged).not.toHaveBeenCalled();
  });
});
