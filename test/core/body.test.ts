import { describe, expect, it } from "vitest";
import { Auth } from "../../src/index.js";
import { APP, authRequest, expectJsonError, getCsrf, makeConfig, send } from "./helpers.js";

const CALLBACK = `${APP}/auth/callback/credentials`;

/** Far past any cap under test, yet finite: a broken cap makes the test fail, not read forever. */
const LONG_BODY_BYTES = 1024 * 1024;

/**
 * A body stream of `LONG_BODY_BYTES` bytes (letters, so JSON parsing of it fails) that counts how
 * much of it was pulled and whether the reader cancelled it. It ends on its own, so a cap that
 * stopped working shows up as a wrong answer and a large `pulledBytes` within milliseconds.
 */
function longStream(chunkBytes = 1024) {
  const state = { pulledBytes: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    cancel() {
      state.cancelled = true;
    },
    pull(controller) {
      if (state.pulledBytes >= LONG_BODY_BYTES) {
        controller.close();
        return;
      }
      state.pulledBytes += chunkBytes;
      controller.enqueue(new Uint8Array(chunkBytes).fill(0x61));
    },
  });
  return { stream, state };
}

function rawPost(body: BodyInit, contentType: string | undefined, headers: Record<string, string> = {}) {
  return new Request(CALLBACK, {
    method: "POST",
    body,
    headers: { ...(contentType === undefined ? {} : { "content-type": contentType }), ...headers },
    duplex: "half",
  } as RequestInit);
}

describe("the body cap (maxBodyBytes)", () => {
  it("refuses a declared Content-Length over the default 64 KiB with 413 without reading the body", async () => {
    const { stream, state } = longStream();
    const request = rawPost(stream, "application/x-www-form-urlencoded", {
      "content-length": String(64 * 1024 + 1),
    });
    await expectJsonError(await Auth(request, makeConfig()), 413, "PayloadTooLarge");
    expect(state.pulledBytes).toBeLessThanOrEqual(64 * 1024);
  });

  it("refuses a streamed body without Content-Length once it passes the cap, without reading on", async () => {
    const { stream, state } = longStream();
    const request = rawPost(stream, "application/json");
    expect(request.headers.get("content-length")).toBeNull();
    await expectJsonError(await Auth(request, makeConfig({ maxBodyBytes: 10_000 })), 413, "PayloadTooLarge");
    expect(state.pulledBytes).toBeLessThan(20_000);
    // Cancelling tells the source (a socket, behind a server's bridge) that nobody will read the rest.
    expect(state.cancelled).toBe(true);
  });

  it("refuses a plain body one byte over a custom cap and accepts one at the cap", async () => {
    const config = makeConfig({ maxBodyBytes: 100 });
    const { token, jar } = await getCsrf(config);
    const base = `csrfToken=${token}&username=alice&password=correct+horse&pad=`;
    const atCap = base + "x".repeat(100 - base.length);
    expect(new TextEncoder().encode(atCap).byteLength).toBe(100);
    const ok = await send(config, "/callback/credentials", { cookie: jar, form: atCap });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe(`${APP}/`);
    await expectJsonError(
      await send(config, "/callback/credentials", { cookie: jar, form: `${atCap}x` }),
      413,
      "PayloadTooLarge",
    );
  });

  it("counts bytes, not characters", async () => {
    const config = makeConfig({ maxBodyBytes: 100 });
    await expectJsonError(
      await send(config, "/callback/credentials", { form: `username=${"é".repeat(60)}` }),
      413,
      "PayloadTooLarge",
    );
  });
});

describe("malformed bodies", () => {
  it.each([
    ["bad JSON", "{csrfToken:", "application/json"],
    ["a JSON array", '["csrfToken"]', "application/json"],
    ["a JSON string", '"csrfToken"', "application/json"],
    ["JSON null", "null", "application/json"],
    ["a JSON field holding an object", '{"username":{"$ne":null}}', "application/json"],
    ["a JSON field holding an array", '{"username":["a","b"]}', "application/json"],
    ["a form field named twice", "username=a&username=b", "application/x-www-form-urlencoded"],
    ["a bad percent-escape in a form", "username=%ZZ", "application/x-www-form-urlencoded"],
    ["a truncated percent-escape in a form", "username=%E0%A4%A", "application/x-www-form-urlencoded"],
    ["a percent-escape that is not UTF-8", "username=%C3%28", "application/x-www-form-urlencoded"],
  ])("%s answers 400", async (_what, body, contentType) => {
    await expectJsonError(await Auth(rawPost(body, contentType), makeConfig()), 400, "InvalidRequest");
  });

  it.each([
    ["a form", "application/x-www-form-urlencoded", [0x75, 0x3d, 0xff, 0xfe]],
    ["JSON", "application/json", [0x7b, 0x22, 0x75, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]],
    ["an overlong encoding", "application/json", [0x7b, 0x22, 0xc0, 0xaf, 0x22, 0x3a, 0x31, 0x7d]],
  ])("bytes that are not UTF-8 in %s answer 400", async (_what, contentType, bytes) => {
    const response = await Auth(rawPost(new Uint8Array(bytes), contentType), makeConfig());
    await expectJsonError(response, 400, "InvalidRequest");
  });

  it.each([
    "text/plain",
    "text/plain;charset=UTF-8",
    "multipart/form-data; boundary=x",
    "application/xml",
    "application/json-patch+json",
  ])("Content-Type %s answers 415", async (contentType) => {
    const response = await Auth(rawPost("username=alice", contentType), makeConfig());
    await expectJsonError(response, 415, "UnsupportedMediaType");
  });

  it.each([
    "application/json; charset=iso-8859-1",
    "application/x-www-form-urlencoded; charset=latin1",
    'application/json; charset="utf-16"',
  ])("a non-UTF-8 charset (%s) answers 415", async (contentType) => {
    await expectJsonError(await Auth(rawPost("{}", contentType), makeConfig()), 415, "UnsupportedMediaType");
  });

  it("a body without a Content-Type answers 415", async () => {
    const request = rawPost(new Uint8Array([0x61, 0x3d, 0x31]), undefined);
    expect(request.headers.get("content-type")).toBeNull();
    await expectJsonError(await Auth(request, makeConfig()), 415, "UnsupportedMediaType");
  });

  it("accepts an explicit utf-8 charset in any case", async () => {
    const config = makeConfig();
    const { token, jar } = await getCsrf(config);
    const request = authRequest("/callback/credentials", {
      cookie: jar,
      body: JSON.stringify({ csrfToken: token, username: "alice", password: "correct horse" }),
      headers: { "content-type": "Application/JSON; Charset=UTF-8" },
    });
    const response = await Auth(request, config);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${APP}/`);
  });

  it.each([
    ["a bad percent-escape", "/session?x=%ZZ"],
    ["bytes that are not UTF-8", "/session?x=%FF"],
    ["a field named twice", "/signin?callbackUrl=%2Fa&callbackUrl=%2Fb"],
  ])("a query string with %s answers 400", async (_what, path) => {
    await expectJsonError(await send(makeConfig(), path), 400, "InvalidRequest");
  });

  it("a __proto__ field is refused like any object-valued field and pollutes nothing", async () => {
    const config = makeConfig();
    const { token, jar } = await getCsrf(config);
    const response = await send(config, "/callback/credentials", {
      cookie: jar,
      json: `{"csrfToken":"${token}","username":"alice","password":"correct horse","__proto__":{"polluted":true}}`,
    });
    await expectJsonError(response, 400, "InvalidRequest");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("duplicate JSON fields", () => {
  const cases: Array<[string, string, boolean]> = [
    ["the same top-level key twice", '{"csrfToken":"x","csrfToken":"y"}', true],
    ["a key repeated with an escape that decodes to it", '{"csrfToken":"x","csrf\\u0054oken":"y"}', true],
    ["keys repeated only inside data", '{"data":{"a":1,"a":2},"csrfToken":"x"}', false],
    ["a key that appears as a value", '{"a":"csrfToken","csrfToken":"x"}', false],
    ["a string with an escaped quote", '{"a":"x\\"csrfToken\\":","csrfToken":"x"}', false],
  ];
  it.each(cases)("%s", async (_name, body, refused) => {
    const response = await Auth(
      new Request("http://app.test/auth/session", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      }),
      { secret: "dup-secret", trustHost: true, providers: [] },
    );
    if (refused) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: "InvalidRequest",
        message: expect.stringContaining("more than once"),
      });
    } else {
      expect(response.status).not.toBe(400);
    }
  });
});
