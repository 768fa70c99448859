import { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { toWebRequest } from "../../src/node/index.js";
import { serializeParsedBody } from "../../src/node/parsed-body.js";

function fakeRequest(options: {
  url: string;
  headers: Record<string, string>;
  encrypted?: boolean;
  originalUrl?: string;
}): IncomingMessage {
  const socket = new Socket();
  if (options.encrypted) Object.assign(socket, { encrypted: true });
  const req = new IncomingMessage(socket);
  req.method = "GET";
  req.url = options.url;
  req.headers = options.headers;
  req.rawHeaders = Object.entries(options.headers).flat();
  if (options.originalUrl) Object.assign(req, { originalUrl: options.originalUrl });
  return req;
}

describe("toWebRequest URL", () => {
  it("uses https when the socket is encrypted", () => {
    const request = toWebRequest(
      fakeRequest({ url: "/auth/csrf", headers: { host: "app.test" }, encrypted: true }),
    );
    expect(request.url).toBe("https://app.test/auth/csrf");
  });

  it("does not let X-Forwarded-Proto downgrade or upgrade without trustProxy", () => {
    const req = fakeRequest({
      url: "/",
      headers: { host: "app.test", "x-forwarded-proto": "http" },
      encrypted: true,
    });
    expect(toWebRequest(req).url).toBe("https://app.test/");
    expect(toWebRequest(req, { trustProxy: true }).url).toBe("http://app.test/");
  });

  it("uses Express's originalUrl so the mount path is kept", () => {
    const req = fakeRequest({
      url: "/signin",
      originalUrl: "/auth/signin?x=1",
      headers: { host: "app.test" },
    });
    expect(toWebRequest(req).url).toBe("http://app.test/auth/signin?x=1");
  });

  it("falls back to localhost when Host is missing or malformed", () => {
    expect(toWebRequest(fakeRequest({ url: "/", headers: {} })).url).toBe("http://localhost/");
    expect(toWebRequest(fakeRequest({ url: "/", headers: { host: "evil.test/path?" } })).url).toBe(
      "http://localhost/",
    );
    expect(toWebRequest(fakeRequest({ url: "/", headers: { host: "user@evil.test" } })).url).toBe(
      "http://localhost/",
    );
    expect(toWebRequest(fakeRequest({ url: "/", headers: { host: "app.test:99999" } })).url).toBe(
      "http://localhost/",
    );
  });

  it("accepts IPv6 literal hosts", () => {
    expect(toWebRequest(fakeRequest({ url: "/a", headers: { host: "[::1]:3000" } })).url).toBe(
      "http://[::1]:3000/a",
    );
  });
});

describe("serializeParsedBody", () => {
  it("writes JSON for JSON media types", () => {
    expect(serializeParsedBody({ a: 1 }, "application/json; charset=utf-8")).toBe('{"a":1}');
    expect(serializeParsedBody({ a: 1 }, "application/merge-patch+json")).toBe('{"a":1}');
  });

  it("writes forms with repeated keys for arrays and brackets for nested objects", () => {
    expect(
      serializeParsedBody(
        { a: "1", b: ["2", "3"], c: { d: "4" }, e: null },
        "application/x-www-form-urlencoded",
      ),
    ).toBe("a=1&b=2&b=3&c%5Bd%5D=4&e=");
  });

  it("passes strings and bytes through and gives up on other types", () => {
    expect(serializeParsedBody("raw", "text/plain")).toBe("raw");
    expect(serializeParsedBody(Buffer.from("hi"), "application/octet-stream")).toEqual(
      new Uint8Array([104, 105]),
    );
    expect(serializeParsedBody({ file: {} }, "multipart/form-data; boundary=x")).toBeNull();
  });
});
