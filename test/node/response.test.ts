import { request as httpRequest } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { eventually, rawRequest, startServer, type TestServer } from "./server.js";

let server: TestServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
});

const CHUNK = 64 * 1024;

/** An endless body that records how much it produced and whether it was cancelled. */
function endlessBody() {
  const state = { produced: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        state.produced += CHUNK;
        controller.enqueue(new Uint8Array(CHUNK).fill(120));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { state, stream };
}

describe("sendWebResponse over real HTTP", () => {
  it("sends the status, headers and every Set-Cookie as its own field", async () => {
    server = await startServer(() => {
      const headers = new Headers({ "content-type": "text/plain", "x-custom": "yes" });
      headers.append("set-cookie", "authjs.session-token=abc; Path=/; HttpOnly; SameSite=Lax");
      headers.append("set-cookie", "authjs.csrf-token=def; Path=/; Expires=Wed, 21 Oct 2037 07:28:00 GMT");
      return new Response("cookies set", { status: 201, statusText: "Made", headers });
    });
    const raw = await rawRequest(server.port, { path: "/cookies" });
    expect(raw.status).toBe(201);
    expect(raw.statusMessage).toBe("Made");
    expect(raw.body).toBe("cookies set");
    expect(raw.headers["x-custom"]).toBe("yes");
    expect(raw.headers["set-cookie"]).toEqual([
      "authjs.session-token=abc; Path=/; HttpOnly; SameSite=Lax",
      "authjs.csrf-token=def; Path=/; Expires=Wed, 21 Oct 2037 07:28:00 GMT",
    ]);
    const lines = raw.rawHeaders.filter(
      (_, index) => index % 2 === 0 && raw.rawHeaders[index]!.toLowerCase() === "set-cookie",
    );
    expect(lines).toHaveLength(2);

    const viaFetch = await fetch(`${server.origin}/cookies`);
    expect(viaFetch.headers.getSetCookie()).toHaveLength(2);
  });

  it("sends redirects and empty bodies", async () => {
    server = await startServer((request) =>
      new URL(request.url).pathname === "/redirect"
        ? Response.redirect("https://app.example.test/next", 302)
        : new Response(null, { status: 204 }),
    );
    const redirect = await rawRequest(server.port, { path: "/redirect" });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe("https://app.example.test/next");
    const empty = await rawRequest(server.port, { path: "/empty" });
    expect(empty).toMatchObject({ status: 204, body: "" });
  });

  it("answers HEAD with headers only", async () => {
    server = await startServer(() => new Response("body", { headers: { "x-head": "1" } }));
    const raw = await rawRequest(server.port, { method: "HEAD", path: "/" });
    expect(raw).toMatchObject({ status: 200, body: "" });
    expect(raw.headers["x-head"]).toBe("1");
  });

  it("streams a large response intact", async () => {
    const chunks = 256; // 16 MiB
    server = await startServer(() => {
      let index = 0;
      return new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            if (index === chunks) return controller.close();
            controller.enqueue(new Uint8Array(CHUNK).fill(index++ % 256));
          },
        }),
      );
    });
    const bytes = new Uint8Array(await (await fetch(`${server.origin}/large`)).arrayBuffer());
    expect(bytes.byteLength).toBe(chunks * CHUNK);
    for (let index = 0; index < chunks; index++) {
      expect(bytes[index * CHUNK]).toBe(index % 256);
      expect(bytes[index * CHUNK + CHUNK - 1]).toBe(index % 256);
    }
  });

  it("stops producing while the client does not read (backpressure)", async () => {
    const { state, stream } = endlessBody();
    server = await startServer(() => new Response(stream));
    const client = httpRequest({ host: "127.0.0.1", port: server.port, path: "/endless" });
    const response = await new Promise<import("node:http").IncomingMessage>((resolve) => {
      client.on("response", resolve);
      client.end();
    });
    response.pause();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const producedWhilePaused = state.produced;
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Socket buffers hold a few MiB at most; without backpressure this would be hundreds.
    expect(producedWhilePaused).toBeLessThan(64 * 1024 * 1024);
    expect(state.produced - producedWhilePaused).toBeLessThanOrEqual(2 * CHUNK);
    client.destroy();
    await eventually(() => state.cancelled);
  });

  it("cancels the body when the client disconnects mid-stream, and keeps serving", async () => {
    const { state, stream } = endlessBody();
    server = await startServer((request) =>
      new URL(request.url).pathname === "/endless" ? new Response(stream) : new Response("still here"),
    );
    const controller = new AbortController();
    const response = await fetch(`${server.origin}/endless`, { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await eventually(() => state.cancelled);
    expect(await (await fetch(`${server.origin}/next`)).text()).toBe("still here");
  });

  it("cuts the connection when the body fails mid-stream, without crashing", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    server = await startServer((request) => {
      if (new URL(request.url).pathname !== "/broken") return new Response("fine");
      let sent = false;
      return new Response(
        new ReadableStream<Uint8Array>({
          async pull(controller) {
            if (sent) {
              // Fail after the first chunk has reached the client, as a stalled upstream would.
              await new Promise((resolve) => setTimeout(resolve, 50));
              throw new Error("database went away");
            }
            sent = true;
            controller.enqueue(new TextEncoder().encode("partial"));
          },
        }),
      );
    });
    const response = await fetch(`${server.origin}/broken`);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0]?.[0]).toBe("latchkey: the response body failed while streaming");
    expect(await (await fetch(`${server.origin}/ok`)).text()).toBe("fine");
  });

  it("turns a body that fails before its first byte into a plain 500", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    server = await startServer(
      () =>
        new Response(
          new ReadableStream({
            pull() {
              throw new Error("secret detail");
            },
          }),
          { headers: { "x-would-leak": "1" } },
        ),
    );
    const raw = await rawRequest(server.port, { path: "/" });
    expect(raw.status).toBe(500);
    expect(raw.body).toBe("Internal Server Error");
    expect(raw.headers["x-would-leak"]).toBeUndefined();
  });
});
