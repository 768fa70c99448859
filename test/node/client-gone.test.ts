/**
 * A client that leaves before its answer: the request's signal says so (with `res`, whenever it
 * happens; without, during the upload), and a handler that fails because of it is not logged.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
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

async function startPlain(handler: Parameters<typeof createServer>[1]): Promise<number> {
  plain = createServer(handler);
  await new Promise<void>((resolve) => plain!.listen(0, "127.0.0.1", resolve));
  return (plain.address() as AddressInfo).port;
}

function requestFrom(port: number, options: { method?: string; headers?: Record<string, string> } = {}) {
  const client = httpRequest({ host: "127.0.0.1", port, path: "/work", ...options });
  client.on("error", () => {});
  return client;
}

describe("a client that leaves", () => {
  it("aborts the signal of toWebRequest(req, { res }) with an AbortError while the handler works", async () => {
    let signal: AbortSignal | undefined;
    const port = await startPlain((req, res) => {
      signal = toWebRequest(req, { res }).signal;
    });
    const client = requestFrom(port);
    client.end();
    await eventually(() => signal !== undefined);
    expect(signal!.aborted).toBe(false);
    client.destroy();
    await eventually(() => signal!.aborted);
    // What fetch(url, { signal: request.signal }) rejects with, and what handlers test for.
    expect(signal!.reason).toBeInstanceOf(DOMException);
    expect((signal!.reason as DOMException).name).toBe("AbortError");
    expect((signal!.reason as DOMException).message).toMatch(/client closed the connection/);
  });

  it("aborts the signal of toWebRequest(req) when the client leaves during the upload", async () => {
    let signal: AbortSignal | undefined;
    let bodyFailed = false;
    const port = await startPlain(async (req) => {
      const request = toWebRequest(req);
      signal = request.signal;
      await request.text().catch(() => {
        bodyFailed = true;
      });
    });
    const client = requestFrom(port, { method: "POST", headers: { "content-length": "100000" } });
    client.write("a".repeat(1000));
    await eventually(() => signal !== undefined);
    client.destroy();
    await eventually(() => bodyFailed);
    await eventually(() => signal!.aborted);
    expect((signal!.reason as DOMException).name).toBe("AbortError");
  });

  it("leaves the signal of toWebRequest(req) alone for a request that completed", async () => {
    let signal: AbortSignal | undefined;
    let closed = false;
    const port = await startPlain(async (req, res) => {
      const request = toWebRequest(req);
      signal = request.signal;
      req.once("close", () => {
        closed = true;
      });
      await sendWebResponse(res, new Response(`got ${await request.text()}`));
    });
    const response = await fetch(`http://127.0.0.1:${port}/work`, { method: "POST", body: "all of it" });
    expect(await response.text()).toBe("got all of it");
    await eventually(() => closed);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(signal!.aborted).toBe(false);
  });

  it("does not log a pipelined request that fails after its client left", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const requests = new Map<string, IncomingMessage>();
    const failed = new Set<string>();
    server = await startServer(
      async (request) => {
        const path = new URL(request.url).pathname;
        // Each handler waits on an upstream that gives up once the client's connection is gone.
        await eventually(() => requests.get(path)!.socket.destroyed);
        failed.add(path);
        throw new Error("the upstream call was cancelled");
      },
      {
        before: async (req) => {
          requests.set(req.url!, req);
        },
      },
    );
    // Two requests on one connection (HTTP/1.1 pipelining): the second one's response waits in
    // node:http's queue behind the first, without a socket of its own.
    const socket = connect(server.port, "127.0.0.1");
    socket.on("error", () => {});
    socket.write(
      "GET /first HTTP/1.1\r\nHost: app.test\r\n\r\nGET /second HTTP/1.1\r\nHost: app.test\r\n\r\n",
    );
    await eventually(() => requests.size === 2);
    socket.destroy();
    await eventually(() => failed.size === 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logged).not.toHaveBeenCalled();
  });
});
