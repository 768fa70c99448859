/**
 * How request bodies are read, through `Auth()`: which fields `authorize` receives from a form or
 * JSON, which bodies are refused (and with what reason), and which odd but valid bodies still go on
 * to the CSRF check (a 403 MissingCSRF there means the body was read).
 */
import { describe, expect, it } from "vitest";
import { Auth } from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import { APP, expectJsonError, getCsrf, locationOf, makeConfig, send } from "./helpers.js";

/** A credentials provider that records what `authorize` receives and refuses every sign-in. */
function recordingConfig() {
  const received: Array<Record<string, unknown>> = [];
  const config = makeConfig({
    providers: [
      Credentials({
        credentials: { username: {}, password: { type: "password" }, "first name": {} },
        authorize: (credentials) => {
          received.push({ ...credentials });
          return null;
        },
      }),
    ],
  });
  return { config, received };
}

/** Posts `form` (a raw string after the CSRF field) to the credentials callback; returns what authorize saw. */
async function authorizeSees(form: string): Promise<Record<string, unknown>> {
  const { config, received } = recordingConfig();
  const { token, jar } = await getCsrf(config);
  const response = await send(config, "/callback/credentials", {
    cookie: jar,
    form: `csrfToken=${token}&${form}`,
  });
  expect(locationOf(response).searchParams.get("error")).toBe("CredentialsSignin");
  expect(received).toHaveLength(1);
  return received[0] as Record<string, unknown>;
}

/** A POST /session whose body is `body` sent as `contentType`, without any CSRF cookie. */
function postSession(body: BodyInit | null, contentType?: string, headers: Record<string, string> = {}) {
  return Auth(
    new Request(`${APP}/auth/session`, {
      method: "POST",
      headers: { ...(contentType === undefined ? {} : { "content-type": contentType }), ...headers },
      body,
    }),
    makeConfig(),
  );
}

/** The body was read: the request got as far as the CSRF check, which it fails for want of a cookie. */
async function expectBodyRead(response: Response): Promise<void> {
  await expectJsonError(response, 403, "MissingCSRF");
}

async function expectRefusedBody(response: Response, message: string): Promise<void> {
  expect(response.status).toBe(400);
  const body = (await response.json()) as { error: string; message: string };
  expect(body.error).toBe("InvalidRequest");
  expect(body.message).toContain(message);
}

describe("URL-encoded forms", () => {
  it("a field without '=' reaches authorize as an empty string", async () => {
    expect(await authorizeSees("username=alice&password")).toEqual({ username: "alice", password: "" });
  });

  it("empty pairs between fields are skipped, however many", async () => {
    expect(await authorizeSees("&&username=alice&&&password=pw&&")).toEqual({
      username: "alice",
      password: "pw",
    });
  });

  it("'+' and percent-escapes decode in names and values", async () => {
    expect(await authorizeSees("user%6Eame=al+ice&password=%C3%A9%20x&first+name=Ada")).toEqual({
      username: "al ice",
      password: "é x",
      "first name": "Ada",
    });
  });
});

describe("JSON bodies", () => {
  it("an empty or blank JSON body reads as no fields", async () => {
    await expectBodyRead(await postSession("", "application/json"));
    await expectBodyRead(await postSession(" \n\t ", "application/json"));
  });

  it("a JSON body after a UTF-8 byte-order mark is read as JSON", async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"csrfToken":"x"}')]);
    await expectBodyRead(await postSession(bom, "application/json"));
  });

  it("invalid JSON is refused as such", async () => {
    await expectRefusedBody(
      await postSession("{", "application/json"),
      "The request body is not valid JSON.",
    );
  });

  it("a JSON value that is not an object is refused as such", async () => {
    await expectRefusedBody(await postSession("[]", "application/json"), "The JSON body must be an object.");
  });

  it("a null field is accepted like any scalar", async () => {
    await expectBodyRead(await postSession('{"csrfToken":null,"remember":null}', "application/json"));
  });

  it("an array is refused even in data, the one field that may hold an object", async () => {
    await expectRefusedBody(
      await postSession('{"data":[1,2]}', "application/json"),
      'The field "data" must not be an array.',
    );
    await expectBodyRead(await postSession('{"data":{"list":[1,2]}}', "application/json"));
  });

  it("an object anywhere but data is refused", async () => {
    await expectRefusedBody(
      await postSession('{"csrfToken":{}}', "application/json"),
      'The field "csrfToken" must be a string, number, boolean or null.',
    );
  });
});

describe("a top-level JSON field named twice is refused wherever it sits", () => {
  it.each([
    ["after a nested object", '{"data":{"a":1},"csrfToken":"x","csrfToken":"y"}'],
    ["after an array inside data", '{"data":{"list":[1,[2]]},"csrfToken":"x","csrfToken":"y"}'],
    ["after nested objects inside arrays", '{"data":{"l":[{"a":{}}]},"csrfToken":"x","csrfToken":"y"}'],
    ["when its name holds an escaped quote", '{"a\\"b":1,"a\\"b":2}'],
    ["when its name ends in an escaped backslash", '{"a\\\\":1,"a\\\\":2}'],
    ["with whitespace around the tokens", ' {\n "csrfToken" : "x" ,\n "csrfToken" : "y" \n} '],
  ])("%s", async (_where, body) => {
    await expectRefusedBody(await postSession(body, "application/json"), "more than once");
  });

  it.each([
    ["names repeated inside data", '{"data":{"a":{"b":1},"a":2},"csrfToken":"x"}'],
    ["a name repeated as a value", '{"callbackUrl":"csrfToken","csrfToken":"x"}'],
    ["brackets inside strings", '{"callbackUrl":"}]{[\\"","csrfToken":"x","data":{"k":"]"}}'],
    ["a name holding an escaped quote, once", '{"a\\"b":1,"csrfToken":"x"}'],
  ])("but not for %s", async (_what, body) => {
    await expectBodyRead(await postSession(body, "application/json"));
  });
});

describe("Content-Type and charset", () => {
  it("a POST with neither a body nor a Content-Type is read as no fields", async () => {
    await expectBodyRead(await postSession(null));
    await expectBodyRead(await postSession(new Uint8Array(0)));
  });

  it("a body of whitespace without a Content-Type is read as no fields", async () => {
    await expectBodyRead(await postSession(new TextEncoder().encode(" \r\n")));
  });

  it("a body with content but no Content-Type is refused with 415", async () => {
    // A string body would get text/plain from the Request constructor; bytes get no Content-Type.
    await expectJsonError(await postSession(new TextEncoder().encode("{}")), 415, "UnsupportedMediaType");
  });

  it.each([
    "application/json;charset=utf-8",
    "application/json; charset=utf8",
    "application/json; charset=UTF8",
    'application/json; charset="utf-8"',
    "application/json ; charset = utf-8",
  ])("accepts %s", async (contentType) => {
    await expectBodyRead(await postSession('{"csrfToken":"x"}', contentType));
  });

  it.each([
    "application/json;charset=iso-8859-1",
    "application/json; charset = latin1",
    "application/json;\tcharset=utf-16",
  ])("refuses %s with 415", async (contentType) => {
    const response = await postSession('{"csrfToken":"x"}', contentType);
    await expectJsonError(response, 415, "UnsupportedMediaType");
  });
});

describe("the declared length", () => {
  it("a Content-Length exactly at the cap is read; one byte more is refused unread", async () => {
    const config = makeConfig({ maxBodyBytes: 20 });
    const post = (body: string) =>
      Auth(
        new Request(`${APP}/auth/session`, {
          method: "POST",
          headers: { "content-type": "application/json", "content-length": String(body.length) },
          body,
        }),
        config,
      );
    await expectJsonError(await post('{"csrfToken":"1234"}'), 403, "MissingCSRF");
    await expectJsonError(await post('{"csrfToken":"12345"}'), 413, "PayloadTooLarge");
  });
});
