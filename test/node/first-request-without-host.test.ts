/**
 * The very first request a process serves, sent without Host (HTTP/1.0 allows that): no usable
 * host has been seen yet, and the bridge remembers the last one it found usable. The URLs latchkey
 * builds must still fall back to localhost.
 */
import { Buffer } from "node:buffer";
import { createServer } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { credentialsConfig } from "../support/framework-http.js";

beforeAll(() => {
  // The rule under test is the Host one: no AUTH_URL may pin the origin.
  vi.stubEnv("AUTH_URL", undefined);
});
afterAll(() => {
  vi.unstubAllEnvs();
});

it("builds its URLs on localhost for a first request without Host", async () => {
  // A fresh latchkey/node, as a new process has: nothing seen before this request.
  vi.resetModules();
  const { toNodeHandler } = await import("../../src/node/index.js");
  const server = createServer(toNodeHandler(credentialsConfig()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const socket = connect((server.address() as AddressInfo).port, "127.0.0.1");
    socket.end("GET /auth/providers HTTP/1.0\r\n\r\n");
    const chunks: Buffer[] = [];
    for await (const chunk of socket) chunks.push(chunk as Buffer);
    const answer = Buffer.concat(chunks).toString("utf8");
    expect(answer.startsWith("HTTP/1.1 200 ")).toBe(true);
    const listed = JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)) as {
      credentials: { signinUrl: string };
    };
    expect(listed.credentials.signinUrl).toBe("http://localhost/auth/signin/credentials");
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
