import { Buffer } from "node:buffer";
import type { IncomingMessage, ServerResponse } from "node:http";
import { connect as connectHttp2, createServer as createHttp2Server } from "node:http2";
import { type AddressInfo, connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createNodeHandler } from "../../src/node/index.js";
import { echo, rawRequest, startServer, type TestServer } from "./server.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function echoed(response: Response | { body: string }) {
  const text = response instanceof Response ? await response.text() : response.body;
  return JSON.parse(text) as {
    method: string;
    url: string;
    host: string;
    protocol: string;
    headers: Record<string, string>;
    body: string | null;
  };
}

describe("toWebRequest over real HTTP", () => {
  it("round-trips a JSON body", async () => {
    server = await startServer(echo);
    const payload = { csrfToken: "abc", data: { name: "Zoë", nested: [1, 2] } };
    const response = await fetch(`${server.origin}/auth/session?x=1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload),
    });
    const seen = await echoed(response);
    expect(seen.method).toBe("POST");
    expect(seen.url).toBe(`${server.origin}/auth/session?x=1`);
    expect(seen.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(seen.body!)).toEqual(payload);
  });

  it("round-trips a urlencoded form body", async () => {
    server = await startServer(echo);
    const form = new URLSearchParams({
      csrfToken: "abc",
      email: "ada+test@example.test",
      callbackUrl: "/a?b=c&d",
    });
    const seen = await echoed(
      await fetch(`${server.origin}/auth/signin/email`, { method: "POST", body: form }),
    );
    expect(seen.headers["content-type"]).toBe("application/x-www-form-urlencoded;charset=UTF-8");
    expect(Object.fromEntries(new URLSearchParams(seen.body!))).toEqual(Object.fromEntries(form));
  });

  it("streams a large chunked upload through intact", async () => {
    let received = 0;
    server = await startServer(async (request) => {
      const reader = request.body!.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        received += chunk.value.byteLength;
      return new Response(String(received));
    });
    const size = 8 * 1024 * 1024;
    const upload = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent < size; sent += 64 * 1024)
          controller.enqueue(new Uint8Array(64 * 1024).fill(7));
        controller.close();
      },
    });
    const response = await fetch(`${server.origin}/upload`, {
      method: "POST",
      body: upload,
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    expect(await response.text()).toBe(String(size));
  });

  it("gives a POST without a body a null body, and a GET never a body", async () => {
    const bodies: Array<ReadableStream | null> = [];
    server = await startServer((request) => {
      bodies.push(request.body);
      return new Response("ok");
    });
    await rawRequest(server.port, { method: "POST", path: "/x", headers: { "content-length": "0" } });
    await rawRequest(server.port, { method: "GET", path: "/x" });
    expect(bodies).toEqual([null, null]);
  });

  it("keeps repeated headers and joins repeated Cookie fields with semicolons", async () => {
    server = await startServer(echo);
    const seen = await echoed(
      await rawRequest(server.port, {
        path: "/h",
        headers: { "x-multi": ["one", "two"], cookie: ["a=1", "b=2"], accept: "text/html" },
      }),
    );
    expect(seen.headers["x-multi"]).toBe("one, two");
    expect(seen.headers.cookie).toBe("a=1; b=2");
    expect(seen.headers.accept).toBe("text/html");
  });

  it("builds the URL from Host and ignores X-Forwarded-* without trustProxy", async () => {
    server = await startServer(echo);
    const seen = await echoed(
      await rawRequest(server.port, {
        path: "/auth/csrf?a=b",
        headers: {
          host: "app.example.test:8080",
          "x-forwarded-proto": "https",
          "x-forwarded-host": "evil.test",
        },
      }),
    );
    expect(seen.url).toBe("http://app.example.test:8080/auth/csrf?a=b");
  });

  it("honours X-Forwarded-Proto and X-Forwarded-Host with trustProxy", async () => {
    server = await startServer(echo, { trustProxy: true });
    const seen = await echoed(
      await rawRequest(server.port, {
        path: "/auth/csrf",
        headers: {
          host: "internal:3000",
          "x-forwarded-proto": "https, http",
          "x-forwarded-host": "app.example.test, internal",
        },
      }),
    );
    expect(seen.url).toBe("https://app.example.test/auth/csrf");
  });

  it("falls back to Host and the socket when trusted forwarded values are malformed", async () => {
    server = await startServer(echo, { trustProxy: true });
    const seen = await echoed(
      await rawRequest(server.port, {
        path: "/p",
        headers: {
          host: "app.example.test",
          "x-forwarded-proto": "javascript",
          "x-forwarded-host": "evil.test/x@y",
        },
      }),
    );
    expect(seen.url).toBe("http://app.example.test/p");
  });

  it("keeps a protocol-relative looking target on the request's own host", async () => {
    server = await startServer(echo);
    const seen = await echoed(await rawRequest(server.port, { path: "//evil.test/auth/signin" }));
    expect(seen.host).toBe(`127.0.0.1:${server.port}`);
    expect(new URL(seen.url).pathname).toBe("//evil.test/auth/signin");
  });

  it("joins Cookie fields sent on separate lines with semicolons, as one field per cookie arrives", async () => {
    // node:http's client joins an array itself; a socket sends the lines as an HTTP/2 proxy may.
    server = await startServer(echo);
    const socket = connect(server.port, "127.0.0.1");
    socket.end(
      "GET /h HTTP/1.1\r\nHost: app.test\r\nCookie: a=1\r\nCookie: b=2\r\nConnection: close\r\n\r\n",
    );
    const chunks: Buffer[] = [];
    for await (const chunk of socket) chunks.push(chunk as Buffer);
    const answer = Buffer.concat(chunks).toString("utf8");
    // The body, between the chunk-size lines of a chunked answer.
    const body = answer.slice(answer.indexOf("{"), answer.lastIndexOf("}") + 1);
    expect(JSON.parse(body).headers.cookie).toBe("a=1; b=2");
  });

  it("a Host that could add userinfo or a path is not used: the URL falls back to localhost", async () => {
    server = await startServer(echo);
    for (const host of ["evil.test/x@app.test", "user@evil.test"]) {
      const seen = await echoed(await rawRequest(server.port, { path: "/auth/session", headers: { host } }));
      expect(seen.url).toBe("http://localhost/auth/session");
    }
  });

  it("uses a one-character host name, as a single-label name on a private network may be", async () => {
    server = await startServer(echo);
    for (const host of ["a", "b:8080"]) {
      const seen = await echoed(await rawRequest(server.port, { path: "/auth/session", headers: { host } }));
      expect(seen.url).toBe(`http://${host}/auth/session`);
    }
  });

  it("takes the host of an HTTP/2 request from :authority, which HTTP/2 sends instead of Host", async () => {
    const handler = createNodeHandler(echo);
    // HTTP/2 names the host in :authority (RFC 9113 §8.3.1); node:http2's compatibility API hands
    // it over as a header, and its request and response stand in for node:http's.
    const h2 = createHttp2Server((req, res) =>
      handler(req as unknown as IncomingMessage, res as unknown as ServerResponse),
    );
    await new Promise<void>((resolve) => h2.listen(0, "127.0.0.1", resolve));
    const client = connectHttp2(`http://127.0.0.1:${(h2.address() as AddressInfo).port}`);
    try {
      const stream = client.request({ ":path": "/auth/session", ":authority": "app.example.test:8443" });
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const seen = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { url: string };
      expect(seen.url).toBe("http://app.example.test:8443/auth/session");
    } finally {
      client.close();
      await new Promise<void>((resolve) => h2.close(() => resolve()));
    }
  });

  it("makes up no Cookie field for a request that sent none", async () => {
    server = await startServer(echo);
    const seen = await echoed(await rawRequest(server.port, { path: "/auth/session" }));
    expect(Object.keys(seen.headers)).not.toContain("cookie");
  });

  it("uses only the path of an absolute-form target", async () => {
    server = await startServer(echo);
    const seen = await echoed(
      await rawRequest(server.port, {
        path: "http://other.test/auth/session?q=1",
        headers: { host: "app.test" },
      }),
    );
    expect(seen.url).toBe("http://app.test/auth/session?q=1");
  });

  it("carries bytes that are not UTF-8 through unchanged", async () => {
    let bytes: Uint8Array | undefined;
    server = await startServer(async (request) => {
      bytes = new Uint8Array(await request.arrayBuffer());
      return new Response(null, { status: 204 });
    });
    const sent = Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28]);
    await fetch(`${server.origin}/bin`, { method: "POST", body: sent });
    expect(Buffer.from(bytes!)).toEqual(sent);
  });
});
