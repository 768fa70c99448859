/**
 * How toNodeHandler writes latchkey's answers: every cookie as its own Set-Cookie field, and what
 * earlier middleware set on the response (a request id, a session store's cookie) kept beside them.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { toNodeHandler } from "../../src/node/index.js";
import Credentials from "../../src/providers/credentials.js";
import { rawRequest } from "./server.js";

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

const latchkey = toNodeHandler({
  secret: "answers-test-secret-0123456789abcdef01",
  trustHost: true,
  providers: [Credentials({ authorize: () => null })],
});

async function start(before?: (req: IncomingMessage, res: ServerResponse) => void): Promise<number> {
  server = createServer(async (req, res) => {
    before?.(req, res);
    await latchkey(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** The names of the cookies a response sets, in order, one per Set-Cookie field. */
function cookieNames(raw: { rawHeaders: string[] }): string[] {
  return raw.rawHeaders
    .filter((_, index) => index % 2 === 1 && raw.rawHeaders[index - 1]!.toLowerCase() === "set-cookie")
    .map((field) => field.slice(0, field.indexOf("=")));
}

describe("toNodeHandler's answers", () => {
  it("sets each of latchkey's cookies as its own field, and no other", async () => {
    const port = await start();
    const page = await rawRequest(port, { path: "/auth/signin?callbackUrl=%2Fdashboard" });
    expect(page.status).toBe(200);
    expect(cookieNames(page)).toEqual(["authjs.csrf-token", "authjs.callback-url"]);
    const providers = await rawRequest(port, { path: "/auth/providers" });
    expect(cookieNames(providers)).toEqual([]);
    expect(Object.keys(JSON.parse(providers.body) as object)).toEqual(["credentials"]);
  });

  it("keeps the headers and cookies earlier middleware set, and adds latchkey's after them", async () => {
    const port = await start((_req, res) => {
      res.setHeader("x-request-id", "r-1");
      res.setHeader("set-cookie", "app.session=s1; Path=/; HttpOnly");
    });
    const page = await rawRequest(port, { path: "/auth/signin?callbackUrl=%2Fdashboard" });
    expect(page.status).toBe(200);
    expect(page.headers["x-request-id"]).toBe("r-1");
    expect(cookieNames(page)).toEqual(["app.session", "authjs.csrf-token", "authjs.callback-url"]);
    expect(page.body).toContain("<!doctype html>");
    expect(page.headers["content-length"]).toBe(String(Buffer.byteLength(page.body)));

    const csrf = await rawRequest(port, { path: "/auth/csrf" });
    expect(cookieNames(csrf)).toEqual(["app.session", "authjs.csrf-token"]);
    expect(JSON.parse(csrf.body)).toEqual({ csrfToken: expect.any(String) });
  });

  it("adds no cookie field to an answer without cookies after middleware set headers", async () => {
    const port = await start((_req, res) => res.setHeader("x-request-id", "r-2"));
    const providers = await rawRequest(port, { path: "/auth/providers" });
    expect(providers.headers["x-request-id"]).toBe("r-2");
    expect(cookieNames(providers)).toEqual([]);
  });
});
