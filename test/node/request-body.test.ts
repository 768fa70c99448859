/**
 * The request body the bridge hands over: a stream that reads from the socket only when the
 * handler asks for more, and that ends or fails as the upload does.
 */
import { Agent, createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { sendWebResponse, toWebRequest } from "../../src/node/index.js";
import { eventually, pumpUpload, rawRequest, startServer, type TestServer } from "./server.js";

let server: TestServer | undefined;
let plain: Server | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  plain?.closeAllConnections();
  await new Promise<void>((resolve) => (plain ? plain.close(() => resolve()) : resolve()));
  plain = undefined;
});

/** A node:http server that hands `req` itself to the test along with its Web request. */
async function startPlain(
  respond: (req: IncomingMessage, request: Request) => Promise<Response>,
): Promise<number> {
  plain = createServer(async (req, res) => {
    const request = toWebRequest(req, { res });
    await sendWebResponse(res, await respond(req, request));
  });
  await new Promise<void>((resolve) => plain!.listen(0, "127.0.0.1", resolve));
  return (plain.address() as AddressInfo).port;
}

/** A POST that declares 100000 bytes, sends 1000 and then waits. */
function stalledUpload(port: number) {
  const client = httpRequest({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: "/upload",
    headers: { "content-type": "text/plain", "content-length": "100000" },
  });
  client.on("error", () => {});
  client.write("a".repeat(1000));
  return client;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("request bodies over node:http", () => {
  it("reads nothing of a large upload ahead of the handler, which holds its pace", async () => {
    let socketOfUpload: Socket | undefined;
    let firstChunk = false;
    let release = false;
    const port = await startPlain(async (req, request) => {
      socketOfUpload = req.socket;
      const reader = request.body!.getReader();
      await reader.read();
      firstChunk = true;
      await eventually(() => release, 10_000);
      await reader.cancel();
      return new Response("enough", { status: 413 });
    });
    const total = 64 * 1024 * 1024;
    const client = pumpUpload(port, total);
    await eventually(() => firstChunk);
    await pause(300);
    // What the server took off the socket while the handler waited: the socket buffers' worth at
    // most, never the upload.
    expect(socketOfUpload!.bytesRead).toBeLessThan(16 * 1024 * 1024);
    release = true;
    client.destroy();
  });

  it("leaves the body on req until the Request's body is read", async () => {
    const port = await startPlain(async (req, request) => {
      // The app looks at the headers, then reads the body itself (its own parser, a proxy).
      if (request.headers.get("content-type") !== "text/plain") return new Response(null, { status: 415 });
      await pause(50);
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      return new Response(Buffer.concat(chunks).toString("utf8"));
    });
    const raw = await rawRequest(port, {
      method: "POST",
      path: "/own-parser",
      headers: { "content-type": "text/plain" },
      body: "the whole body, first bytes included",
    });
    expect(raw.body).toBe("the whole body, first bytes included");
  });

  it("ends the body for a handler that reads it slowly", async () => {
    server = await startServer(async (request) => {
      const reader = request.body!.getReader();
      const parts: string[] = [];
      for (;;) {
        await pause(30);
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(new TextDecoder().decode(value));
      }
      return new Response(parts.join(""));
    });
    const raw = await rawRequest(server.port, { method: "POST", path: "/slow", body: "short body" });
    expect(raw.body).toBe("short body");
  });

  it("leaves no listener on req once the body has been read", async () => {
    const listening: Record<string, number[]> = {};
    const events = ["readable", "end", "error", "close"] as const;
    const port = await startPlain(async (req, request) => {
      const count = () => events.map((event) => req.listenerCount(event));
      listening.before = count();
      const reader = request.body!.getReader();
      let read = 0;
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        read += chunk.value.byteLength;
      listening.after = count();
      return new Response(String(read));
    });
    const size = 4 * 1024 * 1024;
    const response = await fetch(`http://127.0.0.1:${port}/upload`, {
      method: "POST",
      body: new Uint8Array(size),
    });
    expect(await response.text()).toBe(String(size));
    expect(listening.after).toEqual(listening.before);
  });

  it("fails the body when the client disconnects while the handler is busy between two reads", async () => {
    let failure: unknown;
    let firstChunk = false;
    const port = await startPlain(async (req, request) => {
      const reader = request.body!.getReader();
      try {
        await reader.read();
        firstChunk = true;
        await eventually(() => req.destroyed);
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read());
      } catch (error) {
        failure = error;
      }
      return new Response("unseen");
    });
    const client = stalledUpload(port);
    await eventually(() => firstChunk);
    client.destroy();
    await eventually(() => failure !== undefined);
    expect(String(failure)).toMatch(/client closed the connection before the body ended/);
  });

  it("fails the body when the app destroys the request while the handler waits for it", async () => {
    let failure: unknown;
    const port = await startPlain(async (req, request) => {
      // An app's own upload timeout, as `req.setTimeout(ms, () => req.destroy())` would do.
      setTimeout(() => req.destroy(), 100);
      try {
        await request.text();
      } catch (error) {
        failure = error;
      }
      return new Response("unseen");
    });
    const client = stalledUpload(port);
    await eventually(() => failure !== undefined);
    expect(String(failure)).toMatch(/client closed the connection before the body ended/);
    client.destroy();
  });

  it("gives a POST without Content-Length or Transfer-Encoding no body (RFC 9112 §6.3)", async () => {
    const bodies: Array<ReadableStream | null> = [];
    server = await startServer((request) => {
      bodies.push(request.body);
      return new Response("ok");
    });
    const socket = connect(server.port, "127.0.0.1");
    socket.end("POST /x HTTP/1.1\r\nHost: app.test\r\nConnection: close\r\n\r\n");
    for await (const _ of socket);
    expect(bodies).toEqual([null]);
  });

  it("keeps the connection alive when a handler cancels a body that has fully arrived", async () => {
    const sockets = new Set<Socket>();
    server = await startServer(async (request) => {
      const reader = request.body!.getReader();
      // The whole body is one chunk; the handler stops without waiting for the stream to say so.
      const { value } = await reader.read();
      await pause(20);
      await reader.cancel();
      return new Response(`read ${value?.byteLength}`);
    });
    server.server.on("connection", (socket) => sockets.add(socket));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let index = 0; index < 2; index++) {
        const raw = await rawRequest(server.port, { method: "POST", path: "/x", body: "12345", agent });
        expect(raw.body).toBe("read 5");
        expect(raw.headers.connection).toBe("keep-alive");
      }
    } finally {
      agent.destroy();
    }
    expect(sockets.size).toBe(1);
  });
});
