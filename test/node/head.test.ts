/**
 * Answers to HEAD carry no body (RFC 9110 §9.3.2). node:http drops a body written to a HEAD
 * response, unless the server was created with `rejectNonStandardBodyWrites`, where the write
 * throws: the bridge must not write one at all.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createNodeHandler, type NodeHandler, toNodeHandler } from "../../src/node/index.js";
import Credentials from "../../src/providers/credentials.js";
import { rawRequest } from "./server.js";

let server: Server | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function startStrict(
  handler: NodeHandler,
  before?: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<number> {
  server = createServer({ rejectNonStandardBodyWrites: true }, async (req, res) => {
    before?.(req, res);
    await handler(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

const latchkey = toNodeHandler({
  secret: "head-test-secret-0123456789abcdef0123",
  trustHost: true,
  providers: [Credentials({ authorize: () => null })],
});

describe("HEAD on a server that rejects body writes on HEAD", () => {
  it("sendWebResponse answers with the headers only", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const port = await startStrict(
      createNodeHandler(() => new Response("the body", { headers: { "x-answer": "yes" } })),
    );
    const raw = await rawRequest(port, { method: "HEAD", path: "/" });
    expect(raw).toMatchObject({ status: 200, body: "" });
    expect(raw.headers["x-answer"]).toBe("yes");
    expect(logged).not.toHaveBeenCalled();
  });

  it("toNodeHandler answers with the status and fields GET's answer has, without a body", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const port = await startStrict(latchkey);
    // latchkey's routes take GET and POST: HEAD is answered 405, as a GET answer with a body.
    const raw = await rawRequest(port, { method: "HEAD", path: "/auth/session" });
    expect(raw).toMatchObject({ status: 405, body: "" });
    expect(raw.headers.allow).toBe("GET, POST");
    expect(raw.headers["content-type"]).toBe("application/json");
    expect(logged).not.toHaveBeenCalled();
  });

  it("toNodeHandler answers without a body after middleware set headers of its own", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const port = await startStrict(latchkey, (_req, res) => res.setHeader("x-request-id", "r-1"));
    const raw = await rawRequest(port, { method: "HEAD", path: "/auth/session" });
    expect(raw).toMatchObject({ status: 405, body: "" });
    expect(raw.headers["x-request-id"]).toBe("r-1");
    expect(raw.headers.allow).toBe("GET, POST");
    expect(logged).not.toHaveBeenCalled();
  });
});
