/**
 * Requests whose body middleware (Express's `json()`/`urlencoded()`, body-parser, a raw-body
 * logger) already read from the socket before the bridge saw them.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { toNodeHandler } from "../../src/node/index.js";
import Credentials from "../../src/providers/credentials.js";
import { echo, rawRequest, startServer, type TestServer } from "./server.js";

let server: TestServer | undefined;
let plain: Server | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await new Promise<void>((resolve) => (plain ? plain.close(() => resolve()) : resolve()));
  plain = undefined;
});

type ParsedRequest = IncomingMessage & { body?: unknown };

async function readAll(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** A JSON parser as body-parser's: it reads any request that declares a body, GET and HEAD included. */
async function parseJson(req: IncomingMessage): Promise<void> {
  const text = await readAll(req);
  if (text !== "") (req as ParsedRequest).body = JSON.parse(text);
}

/** One raw HTTP/1.1 request, for what node:http's client will not send (a body on GET or HEAD). */
async function rawExchange(port: number, head: string, body: string): Promise<string> {
  const socket = connect(port, "127.0.0.1");
  socket.end(`${head}\r\nHost: app.test\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

describe("a body middleware already parsed", () => {
  it("answers a GET or HEAD that carried one as a request without a body", async () => {
    server = await startServer(echo, { before: parseJson });
    const body = JSON.stringify({ query: "in the body" });
    // Fetch refuses a body on GET and HEAD; a request built with the parsed one would throw.
    const get = await rawExchange(
      server.port,
      "GET /auth/session HTTP/1.1\r\nContent-Type: application/json\r\nConnection: close",
      body,
    );
    expect(get).toMatch(/^HTTP\/1\.1 200 /);
    expect(JSON.parse(get.slice(get.indexOf("{"), get.lastIndexOf("}") + 1))).toMatchObject({
      method: "GET",
      body: null,
    });
    const head = await rawExchange(
      server.port,
      "HEAD /auth/session HTTP/1.1\r\nContent-Type: application/json\r\nConnection: close",
      body,
    );
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
  });

  it("rebuilds JSON whose media type has whitespace before its parameters", async () => {
    server = await startServer(echo, { before: parseJson });
    const payload = { csrfToken: "abc", email: "ada@example.test" };
    // RFC 9110 §5.6.6 allows whitespace around the ";" of a parameter; body-parser accepts it.
    const raw = await rawRequest(server.port, {
      method: "POST",
      path: "/auth/signin/email",
      headers: { "content-type": "application/json ; charset=utf-8" },
      body: JSON.stringify(payload),
    });
    expect(JSON.parse((JSON.parse(raw.body) as { body: string }).body)).toEqual(payload);
  });

  it("leaves out a form field the parser left undefined instead of sending the text undefined", async () => {
    server = await startServer(echo, {
      before: async (req) => {
        await readAll(req);
        // A sanitizing middleware that blanks a field by setting it to undefined.
        (req as ParsedRequest).body = { csrfToken: "abc", note: undefined, tags: ["a", undefined] };
      },
    });
    const raw = await rawRequest(server.port, {
      method: "POST",
      path: "/auth/signin/email",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "csrfToken=abc&note=secret&tags=a&tags=b",
    });
    expect((JSON.parse(raw.body) as { body: string }).body).toBe("csrfToken=abc&tags=a");
  });

  it("refuses a body over the limit with 413 even when middleware drained it without parsing", async () => {
    const handler = toNodeHandler({
      secret: "parsed-body-test-secret-0123456789abcdef",
      trustHost: true,
      maxBodyBytes: 1024,
      providers: [Credentials({ authorize: () => null })],
    });
    let drain = false;
    plain = createServer(async (req, res) => {
      // A logger that reads the raw bytes for itself and leaves req.body unset.
      if (drain) await readAll(req);
      await handler(req, res);
    });
    await new Promise<void>((resolve) => plain!.listen(0, "127.0.0.1", resolve));
    const port = (plain.address() as AddressInfo).port;
    const post = () =>
      rawRequest(port, {
        method: "POST",
        path: "/auth/callback/credentials",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `csrfToken=abc&username=${"x".repeat(4096)}`,
      });
    expect((await post()).status).toBe(413);
    drain = true;
    expect((await post()).status).toBe(413);
  });
});
