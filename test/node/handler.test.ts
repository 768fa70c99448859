import { Agent, request as httpRequest, type IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { echo, eventually, pumpUpload, rawRequest, startServer, type TestServer } from "./server.js";

let server: TestServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
});

/** Reads the whole body the way body-parser does, then leaves the parsed value on `req.body`. */
async function parseBodyLikeExpress(req: IncomingMessage): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  const type = req.headers["content-type"] ?? "";
  const parsed = req as IncomingMessage & { body?: unknown };
  if (type.startsWith("application/json")) parsed.body = JSON.parse(text);
  else if (type.startsWith("application/x-www-form-urlencoded")) {
    const form: Record<string, string | string[]> = {};
    for (const [key, value] of new URLSearchParams(text)) {
      const previous = form[key];
      form[key] = previous === undefined ? value : [...[previous].flat(), value];
    }
    parsed.body = form;
  }
}

describe("createNodeHandler", () => {
  it("answers a throwing handler with a plain 500, logging the error but not sending it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    server = await startServer(() => {
      throw new Error("secret: db password is hunter2");
    });
    const raw = await rawRequest(server.port, { path: "/auth/session" });
    expect(raw.status).toBe(500);
    expect(raw.headers["content-type"]).toBe("text/plain; charset=utf-8");
    // An error answer no cache may keep and serve to the next visitor.
    expect(raw.headers["cache-control"]).toBe("no-store");
    expect(raw.body).toBe("Internal Server Error");
    expect(raw.body).not.toMatch(/hunter2|Error:|\bat\b/);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0]?.[0]).toBe("latchkey: the request handler failed");
    expect(String(logged.mock.calls[0]?.[1])).toContain("hunter2");
  });

  it("answers a rejected promise the same way and keeps serving", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    server = await startServer(async (request) => {
      if (new URL(request.url).pathname === "/fail") throw new TypeError("boom");
      return new Response("ok");
    });
    expect((await fetch(`${server.origin}/fail`)).status).toBe(500);
    expect(await (await fetch(`${server.origin}/ok`)).text()).toBe("ok");
  });

  it("answers methods fetch cannot represent with 501 instead of a logged 500", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    server = await startServer(echo);
    // TRACK and CONNECT never reach a request listener: Node's parser or its `connect` event takes them.
    expect((await rawRequest(server.port, { method: "TRACE", path: "/auth/session" })).status).toBe(501);
    expect(logged).not.toHaveBeenCalled();
  });

  it("re-serializes a JSON body that Express already parsed", async () => {
    server = await startServer(echo, { before: parseBodyLikeExpress });
    const payload = { csrfToken: "abc", data: { theme: "dark" } };
    const response = await fetch(`${server.origin}/auth/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload),
    });
    const seen = (await response.json()) as { body: string; headers: Record<string, string> };
    expect(JSON.parse(seen.body)).toEqual(payload);
    expect(seen.headers["content-length"]).toBe(String(Buffer.byteLength(seen.body)));
  });

  it("re-serializes a urlencoded body that Express already parsed, repeated fields included", async () => {
    server = await startServer(echo, { before: parseBodyLikeExpress });
    const sent = "csrfToken=abc&email=ada%2Bx%40example.test&callbackUrl=%2Fa%3Fb%3Dc&role=a&role=b";
    const response = await fetch(`${server.origin}/auth/signin/email`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: sent,
    });
    const seen = (await response.json()) as { body: string };
    expect([...new URLSearchParams(seen.body)]).toEqual([...new URLSearchParams(sent)]);
  });

  it("streams the body when middleware set req.body without reading the stream", async () => {
    server = await startServer(echo, {
      before: async (req) => {
        (req as IncomingMessage & { body?: unknown }).body = {}; // body-parser does this for types it skips
      },
    });
    const response = await fetch(`${server.origin}/x`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "raw text",
    });
    expect(((await response.json()) as { body: string }).body).toBe("raw text");
  });

  it("aborts the request signal when the client goes away while the handler works", async () => {
    let aborted = false;
    let started = false;
    server = await startServer(
      (request) =>
        new Promise<Response>((resolve) => {
          started = true;
          request.signal.addEventListener("abort", () => {
            aborted = true;
            resolve(new Response("too late"));
          });
        }),
    );
    const client = httpRequest({ host: "127.0.0.1", port: server.port, path: "/slow" });
    client.on("error", () => {});
    client.end();
    await eventually(() => started);
    client.destroy();
    await eventually(() => aborted);
  });

  it("does not abort the signal of a request that completed normally", async () => {
    let signal: AbortSignal | undefined;
    server = await startServer((request) => {
      signal = request.signal;
      return new Response("done");
    });
    await (await fetch(`${server.origin}/`)).text();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signal?.aborted).toBe(false);
  });

  it("adds no lasting listeners to a kept-alive socket", async () => {
    const sockets = new Set<Socket>();
    server = await startServer(async (request) => new Response(`${request.method} ${await request.text()}`));
    server.server.on("connection", (socket) => sockets.add(socket));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let index = 0; index < 25; index++) {
        const method = index % 2 ? "POST" : "GET";
        const raw = await rawRequest(server.port, {
          method,
          path: "/",
          body: index % 2 ? "x" : undefined,
          agent,
        });
        expect(raw.body).toBe(index % 2 ? "POST x" : "GET ");
      }
    } finally {
      agent.destroy();
    }
    expect(sockets.size).toBe(1);
    const [socket] = sockets;
    expect(socket!.listenerCount("close")).toBeLessThan(5);
  });

  it("survives a client that disconnects halfway through its upload, without logging", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    let failure: unknown;
    let reading = false;
    server = await startServer(async (request) => {
      if (request.method === "GET") return new Response("alive");
      reading = true;
      try {
        await request.text();
      } catch (error) {
        failure = error;
        throw error;
      }
      return new Response("complete");
    });
    const client = httpRequest({
      host: "127.0.0.1",
      port: server.port,
      method: "POST",
      path: "/upload",
      headers: { "content-type": "application/json", "content-length": "1000000" },
    });
    client.on("error", () => {});
    client.write("x".repeat(1000));
    await eventually(() => reading);
    client.destroy();
    await eventually(() => failure !== undefined);
    expect(await (await fetch(`${server.origin}/`)).text()).toBe("alive");
    expect(logged).not.toHaveBeenCalled();
  });

  it("can refuse a large upload after reading part of it, and closes that connection", async () => {
    let read = 0;
    server = await startServer(async (request) => {
      const reader = request.body!.getReader();
      let count = 0;
      while (count < 256 * 1024) {
        const { done, value } = await reader.read();
        if (done) break;
        count += value.byteLength;
      }
      await reader.cancel();
      read = Math.max(read, count);
      return new Response("too large", { status: 413 });
    });
    const total = 64 * 1024 * 1024;
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const client = pumpUpload(server!.port, total);
      client.on("response", resolve);
      client.on("error", reject);
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers.connection).toBe("close");
    expect(read).toBeLessThan(total);
    response.socket.destroy();
    // The server is still up and answers the next upload the same way.
    expect((await fetch(`${server.origin}/`, { method: "POST", body: "small" })).status).toBe(413);
  });
});
