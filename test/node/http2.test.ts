/**
 * The Node bridge behind node:http2's compatibility API, whose request and response stand in for
 * node:http's: HTTP/2 frames bodies itself (Content-Length is optional, RFC 9113 §8.1.1) and a
 * client ends a stream with RST_STREAM instead of closing its connection.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type ClientHttp2Session,
  type ClientHttp2Stream,
  connect,
  constants,
  createServer,
  type Http2Server,
  type OutgoingHttpHeaders,
} from "node:http2";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createNodeHandler } from "../../src/node/index.js";
import { echo, eventually } from "./server.js";

let server: Http2Server | undefined;
let client: ClientHttp2Session | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  client?.close();
  client = undefined;
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** An HTTP/2 server whose requests (and CONNECT requests, which skip `request`) go to `handler`. */
async function startHttp2(handler: (request: Request) => Response | Promise<Response>): Promise<void> {
  const nodeHandler = createNodeHandler(handler);
  const asNode = (req: unknown, res: unknown) => nodeHandler(req as IncomingMessage, res as ServerResponse);
  server = createServer(asNode);
  server.on("connect", asNode);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  client = connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

async function answer(stream: ClientHttp2Stream): Promise<{ status: number; type: unknown; body: string }> {
  const headers = await new Promise<Record<string, unknown>>((resolve) => stream.once("response", resolve));
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return {
    status: Number(headers[":status"]),
    type: headers["content-type"],
    body: Buffer.concat(chunks).toString("utf8"),
  };
}

/** A POST that declares 100000 bytes of body; the test writes parts of it and cancels it. */
function upload(): ClientHttp2Stream {
  const stream = client!.request({
    ":method": "POST",
    ":path": "/upload",
    "content-type": "text/plain",
    "content-length": "100000",
  });
  stream.on("error", () => {});
  return stream;
}

describe("the Node bridge over HTTP/2", () => {
  it("takes the body of a POST that names no Content-Length", async () => {
    await startHttp2(echo);
    const stream = client!.request({ ":method": "POST", ":path": "/auth/x", "content-type": "text/plain" });
    stream.end("hello over h2");
    const seen = JSON.parse((await answer(stream)).body) as { body: string; headers: Record<string, string> };
    expect(seen.headers["content-length"]).toBeUndefined();
    expect(seen.body).toBe("hello over h2");
  });

  it("gives a POST whose HEADERS frame ended the stream no body", async () => {
    const bodies: Array<ReadableStream | null> = [];
    await startHttp2((request) => {
      bodies.push(request.body);
      return new Response("ok");
    });
    const stream = client!.request({ ":method": "POST", ":path": "/x" }, { endStream: true });
    expect((await answer(stream)).body).toBe("ok");
    expect(bodies).toEqual([null]);
  });

  it("fails the body of an upload the client cancels while the handler waits for more", async () => {
    let failure: unknown;
    let reading = false;
    await startHttp2(async (request) => {
      reading = true;
      try {
        await request.text();
      } catch (error) {
        failure = error;
      }
      return new Response("unseen");
    });
    const stream = upload();
    stream.write("a".repeat(1000));
    await eventually(() => reading);
    stream.close(constants.NGHTTP2_CANCEL);
    await eventually(() => failure !== undefined);
    expect(String(failure)).toMatch(/client closed the connection before the body ended/);
  });

  it("fails the body of an upload the client cancels between two reads, instead of ending it cut short", async () => {
    const outcome: { read?: number; failure?: unknown } = {};
    let firstRead = false;
    let cancelled = false;
    await startHttp2(async (request) => {
      const reader = request.body!.getReader();
      let read = 0;
      try {
        read += (await reader.read()).value?.byteLength ?? 0;
        firstRead = true;
        // The handler is busy (a database call) while the client gives up.
        await eventually(() => cancelled);
        await new Promise((resolve) => setTimeout(resolve, 50));
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
          read += chunk.value.byteLength;
        outcome.read = read;
      } catch (error) {
        outcome.failure = error;
      }
      return new Response("unseen");
    });
    const stream = upload();
    stream.write("a".repeat(1000));
    await eventually(() => firstRead);
    // More arrives while the handler is busy, then the client cancels: 2000 of the 100000 bytes.
    stream.write("b".repeat(1000));
    await new Promise((resolve) => setTimeout(resolve, 50));
    stream.close(constants.NGHTTP2_CANCEL);
    cancelled = true;
    await eventually(() => "read" in outcome || "failure" in outcome);
    expect(outcome.read).toBeUndefined();
    expect(String(outcome.failure)).toMatch(/client closed the connection before the body ended/);
  });

  it("answers TRACK and CONNECT, which fetch cannot represent, with 501 instead of a logged 500", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await startHttp2(echo);
    // HTTP/1.1's parser refuses TRACK and hands CONNECT to the `connect` event without a response;
    // over HTTP/2 both reach the handler, CONNECT through the server's `connect` event.
    const requests: OutgoingHttpHeaders[] = [
      { ":method": "TRACK", ":path": "/auth/session" },
      { ":method": "CONNECT", ":authority": "app.example.test:443" },
    ];
    for (const headers of requests) {
      const stream = client!.request(headers, { endStream: false });
      stream.end();
      expect(await answer(stream)).toEqual({
        status: 501,
        type: "text/plain; charset=utf-8",
        body: "Not Implemented",
      });
    }
    expect(logged).not.toHaveBeenCalled();
  });
});
