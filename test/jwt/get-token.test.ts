import { afterEach, describe, expect, it, vi } from "vitest";
import { MissingSecret } from "../../src/core/errors.js";
import { createJwtCodec } from "../../src/jwt/codec.js";
import { createGetToken } from "../../src/jwt/get-token.js";
import { getToken as publicGetToken } from "../../src/jwt/index.js";
import type { GetTokenParams, JWTDecodeParams } from "../../src/jwt/types.js";
import { OTHER_SECRET, runtimes, SALT, SECRET } from "./support.js";

const SECURE_NAME = "__Secure-authjs.session-token";
const quietLogger = { warn: vi.fn(), debug: vi.fn() };

afterEach(() => {
  vi.unstubAllEnvs();
  vi.clearAllMocks();
});

/** Percent-encodes every character, as a client that over-escapes a Bearer token would. */
const percentEncodeAll = (value: string) =>
  [...value].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0").toUpperCase()}`).join("");

describe.each(runtimes)("getToken with %s", (_name, runtime) => {
  const codec = createJwtCodec(runtime);
  const getToken = createGetToken(codec);
  const sessionJwt = (salt = SALT, token: Record<string, unknown> = { sub: "user-1" }, secret = SECRET) =>
    codec.encode({ token, secret, salt });
  const withCookie = (cookie: string) => new Request("http://localhost/api", { headers: { cookie } });

  describe("from the session cookie", () => {
    it("reads and decodes the plain session cookie of a Web Request", async () => {
      const jwt = await sessionJwt();
      const req = withCookie(`theme=dark; authjs.session-token=${jwt}; other=1`);
      expect(await getToken({ req, secret: SECRET, logger: quietLogger })).toMatchObject({ sub: "user-1" });
    });

    it("joins chunked cookies name.0, name.1, name.2 in index order even when the header lists them out of order", async () => {
      const jwt = await sessionJwt(SALT, { sub: "chunky", blob: "y".repeat(300) });
      const third = Math.ceil(jwt.length / 3);
      const [c0, c1, c2] = [jwt.slice(0, third), jwt.slice(third, 2 * third), jwt.slice(2 * third)];
      const req = withCookie(`${SALT}.2=${c2}; ${SALT}.0=${c0}; unrelated=x; ${SALT}.1=${c1}`);
      expect(await getToken({ req, secret: SECRET, logger: quietLogger })).toMatchObject({ sub: "chunky" });
      expect(await getToken({ req, secret: SECRET, raw: true, logger: quietLogger })).toBe(jwt);
    });

    it("returns null when a middle chunk is missing", async () => {
      const jwt = await sessionJwt();
      const half = Math.ceil(jwt.length / 3);
      const req = withCookie(`${SALT}.0=${jwt.slice(0, half)}; ${SALT}.2=${jwt.slice(2 * half)}`);
      expect(await getToken({ req, secret: SECRET, logger: quietLogger })).toBeNull();
    });

    it("prefers the session cookie over an Authorization header", async () => {
      const fromCookie = await sessionJwt(SALT, { sub: "cookie" });
      const fromHeader = await sessionJwt(SALT, { sub: "header" });
      const req = new Request("http://localhost", {
        headers: { cookie: `${SALT}=${fromCookie}`, authorization: `Bearer ${fromHeader}` },
      });
      expect(await getToken({ req, secret: SECRET, logger: quietLogger })).toMatchObject({ sub: "cookie" });
    });

    it("reads __Secure-authjs.session-token with that name as salt when secureCookie is set", async () => {
      const secureJwt = await sessionJwt(SECURE_NAME, { sub: "secure" });
      const plainJwt = await sessionJwt(SALT, { sub: "plain" });
      const both = withCookie(`${SALT}=${plainJwt}; ${SECURE_NAME}=${secureJwt}`);
      expect(
        await getToken({ req: both, secret: SECRET, secureCookie: true, logger: quietLogger }),
      ).toMatchObject({
        sub: "secure",
      });
      expect(
        await getToken({ req: both, secret: SECRET, secureCookie: false, logger: quietLogger }),
      ).toMatchObject({
        sub: "plain",
      });
      const onlyPlain = withCookie(`${SALT}=${plainJwt}`);
      expect(
        await getToken({ req: onlyPlain, secret: SECRET, secureCookie: true, logger: quietLogger }),
      ).toBeNull();
    });

    it("uses the cookie name as the default salt, so a token sealed for another cookie name does not decode", async () => {
      const sealedForSecureName = await sessionJwt(SECURE_NAME);
      const req = withCookie(`${SALT}=${sealedForSecureName}`);
      expect(await getToken({ req, secret: SECRET, logger: quietLogger })).toBeNull();
      expect(await getToken({ req, secret: SECRET, salt: SECURE_NAME, logger: quietLogger })).toMatchObject({
        sub: "user-1",
      });
    });

    it("reads a custom cookieName with a custom salt, and defaults the salt to the custom name", async () => {
      const req = withCookie(`my.session=${await sessionJwt("my-salt", { sub: "custom-salt" })}`);
      expect(
        await getToken({
          req,
          secret: SECRET,
          cookieName: "my.session",
          salt: "my-salt",
          logger: quietLogger,
        }),
      ).toMatchObject({
        sub: "custom-salt",
      });
      const byName = withCookie(`my.session=${await sessionJwt("my.session", { sub: "name-as-salt" })}`);
      expect(
        await getToken({ req: byName, secret: SECRET, cookieName: "my.session", logger: quietLogger }),
      ).toMatchObject({
        sub: "name-as-salt",
      });
    });

    it("decodes with any secret of a rotation array", async () => {
      const req = withCookie(`${SALT}=${await sessionJwt(SALT, { sub: "old" }, OTHER_SECRET)}`);
      expect(await getToken({ req, secret: [SECRET, OTHER_SECRET], logger: quietLogger })).toMatchObject({
        sub: "old",
      });
      expect(await getToken({ req, secret: SECRET, logger: quietLogger })).toBeNull();
    });
  });

  describe("from Authorization: Bearer", () => {
    const withAuthorization = (authorization: string) =>
      new Request("http://localhost", { headers: { authorization } });

    it("decodes a Bearer token when there is no session cookie", async () => {
      const req = withAuthorization(`Bearer ${await sessionJwt()}`);
      expect(await getToken({ req, secret: SECRET, logger: quietLogger })).toMatchObject({ sub: "user-1" });
    });

    it("percent-decodes a Bearer token", async () => {
      const jwt = await sessionJwt();
      const req = withAuthorization(`Bearer ${percentEncodeAll(jwt)}`);
      expect(await getToken({ req, secret: SECRET, raw: true, logger: quietLogger })).toBe(jwt);
      expect(await getToken({ req, secret: SECRET, logger: quietLogger })).toMatchObject({ sub: "user-1" });
    });

    it.each(["Bearer %E0%A4%A", "Bearer %", "Bearer abc%zz"])(
      "returns null without throwing for malformed percent-encoding (%s)",
      async (header) => {
        const req = withAuthorization(header);
        await expect(getToken({ req, secret: SECRET, logger: quietLogger })).resolves.toBeNull();
        await expect(getToken({ req, secret: SECRET, raw: true, logger: quietLogger })).resolves.toBeNull();
      },
    );

    it.each(["Basic dXNlcjpwYXNz", "Bearer", "Bearer ", "Token abc"])(
      "returns null for an Authorization header that carries no Bearer token (%s)",
      async (header) => {
        await expect(
          getToken({ req: withAuthorization(header), secret: SECRET, logger: quietLogger }),
        ).resolves.toBeNull();
      },
    );

    it.each([
      ["several spaces after Bearer", (jwt: string) => `Bearer   ${jwt}`],
      ["trailing whitespace", (jwt: string) => `Bearer ${jwt} \t`],
    ])("reads a Bearer token with %s", async (_what, header) => {
      const req = withAuthorization(header(await sessionJwt()));
      expect(await getToken({ req, secret: SECRET, logger: quietLogger })).toMatchObject({ sub: "user-1" });
    });

    it("reads a Bearer token followed by whitespace in a plain header record, which nothing trims", async () => {
      const headers = { authorization: `Bearer ${await sessionJwt()} \t` };
      expect(await getToken({ req: { headers }, secret: SECRET, logger: quietLogger })).toMatchObject({
        sub: "user-1",
      });
    });

    it.each([
      ["text before Bearer", (jwt: string) => `xBearer ${jwt}`],
      ["a second word after the token", (jwt: string) => `Bearer ${jwt} extra`],
      ["two tokens", (jwt: string) => `Bearer ${jwt} ${jwt}`],
    ])("returns null for an Authorization header with %s", async (_what, header) => {
      const req = withAuthorization(header(await sessionJwt()));
      expect(await getToken({ req, secret: SECRET, raw: true, logger: quietLogger })).toBeNull();
    });

    it("does not glue two Authorization header lines of a Node-style record into one token", async () => {
      const jwt = await sessionJwt();
      const half = Math.ceil(jwt.length / 2);
      const headers = { authorization: [`Bearer ${jwt.slice(0, half)}`, jwt.slice(half)] };
      expect(await getToken({ req: { headers }, secret: SECRET, raw: true, logger: quietLogger })).toBeNull();
    });

    it("returns null for a Bearer token that does not verify", async () => {
      const req = withAuthorization(`Bearer ${await sessionJwt(SALT, { sub: "u" }, OTHER_SECRET)}`);
      expect(await getToken({ req, secret: SECRET, logger: quietLogger })).toBeNull();
    });
  });

  describe("request shapes", () => {
    it("accepts { headers: Headers }", async () => {
      const headers = new Headers({ cookie: `${SALT}=${await sessionJwt()}` });
      expect(await getToken({ req: { headers }, secret: SECRET, logger: quietLogger })).toMatchObject({
        sub: "user-1",
      });
    });

    it("accepts a plain header record, with lower-case or mixed-case keys", async () => {
      const jwt = await sessionJwt();
      for (const headers of [
        { cookie: `${SALT}=${jwt}` },
        { Cookie: `${SALT}=${jwt}` },
        { COOKIE: `${SALT}=${jwt}` },
      ]) {
        expect(await getToken({ req: { headers }, secret: SECRET, logger: quietLogger })).toMatchObject({
          sub: "user-1",
        });
      }
      const bearer = { Authorization: `Bearer ${jwt}`, "Content-Type": "application/json" };
      expect(await getToken({ req: { headers: bearer }, secret: SECRET, logger: quietLogger })).toMatchObject(
        {
          sub: "user-1",
        },
      );
    });

    it("accepts a Node-style record whose cookie header is an array, including chunks split across entries", async () => {
      const jwt = await sessionJwt();
      const half = Math.ceil(jwt.length / 2);
      const headers = {
        host: "localhost",
        cookie: [`${SALT}.1=${jwt.slice(half)}`, `a=b; ${SALT}.0=${jwt.slice(0, half)}`],
      };
      expect(await getToken({ req: { headers }, secret: SECRET, logger: quietLogger })).toMatchObject({
        sub: "user-1",
      });
    });

    it("ignores undefined header values in a record", async () => {
      const headers = { cookie: undefined, authorization: undefined };
      expect(await getToken({ req: { headers }, secret: SECRET, logger: quietLogger })).toBeNull();
    });

    it("throws a TypeError naming `req` when it is missing", async () => {
      const req = undefined as unknown as Request;
      await expect(getToken({ req, secret: SECRET, logger: quietLogger })).rejects.toThrow(TypeError);
      await expect(getToken({ req, secret: SECRET, logger: quietLogger })).rejects.toThrow(/`req`/);
    });
  });

  describe("options", () => {
    it("returns the token string itself with raw: true, undecoded", async () => {
      const foreign = await sessionJwt(SALT, { sub: "u" }, OTHER_SECRET);
      const req = withCookie(`${SALT}=${foreign}`);
      expect(await getToken({ req, secret: SECRET, raw: true, logger: quietLogger })).toBe(foreign);
    });

    it("hands a custom decode the token, the secret as given, and the salt, and returns its result", async () => {
      const decode = vi.fn((params: JWTDecodeParams) => ({ sub: "from-custom", seen: params.token }));
      const req = withCookie("my.cookie=opaque-value");
      const result = await getToken({
        req,
        secret: SECRET,
        cookieName: "my.cookie",
        decode,
        logger: quietLogger,
      });
      expect(result).toEqual({ sub: "from-custom", seen: "opaque-value" });
      expect(decode).toHaveBeenCalledWith({ token: "opaque-value", secret: SECRET, salt: "my.cookie" });
    });

    it("returns null, and logs at debug level, when a custom decode throws", async () => {
      const failure = new Error("custom decoder rejected the token");
      const decode = vi.fn(async () => {
        throw failure;
      });
      const req = withCookie(`${SALT}=whatever`);
      await expect(getToken({ req, secret: SECRET, decode, logger: quietLogger })).resolves.toBeNull();
      expect(quietLogger.debug).toHaveBeenCalledWith(expect.any(String), failure);
    });

    it("returns null when a custom decode returns null", async () => {
      const req = withCookie(`${SALT}=whatever`);
      expect(await getToken({ req, secret: SECRET, decode: () => null, logger: quietLogger })).toBeNull();
    });

    it("returns null when the request carries no token, or an empty session cookie", async () => {
      const decode = vi.fn();
      expect(
        await getToken({ req: new Request("http://localhost"), secret: SECRET, decode, logger: quietLogger }),
      ).toBeNull();
      expect(
        await getToken({ req: withCookie(`${SALT}=`), secret: SECRET, decode, logger: quietLogger }),
      ).toBeNull();
      expect(decode).not.toHaveBeenCalled();
    });

    it.each([
      ["a string", "cookie: x"],
      ["a function carrying headers", Object.assign(() => undefined, { headers: new Headers() })],
    ])("throws a TypeError for a req that is %s", async (_what, req) => {
      await expect(
        getToken({ req: req as unknown as GetTokenParams["req"], secret: SECRET, logger: quietLogger }),
      ).rejects.toThrow("getToken needs `req`");
    });

    it("logs at debug, and answers null, when a custom decode throws", async () => {
      const failure = new Error("custom decode failed");
      const debug = vi.fn();
      const req = withCookie(`${SALT}=${await sessionJwt()}`);
      const decode = async () => {
        throw failure;
      };
      expect(await getToken({ req, secret: SECRET, decode, logger: { warn: vi.fn(), debug } })).toBeNull();
      expect(debug).toHaveBeenCalledWith("latchkey getToken: the token could not be decoded", failure);
    });

    it("throws MissingSecret when no secret is given", async () => {
      const req = withCookie(`${SALT}=${await sessionJwt()}`);
      await expect(getToken({ req, secret: "", logger: quietLogger })).rejects.toBeInstanceOf(MissingSecret);
    });
  });

  describe("secure cookie default from AUTH_URL", () => {
    it("reads the __Secure- cookie by default when AUTH_URL is https", async () => {
      vi.stubEnv("AUTH_URL", "https://app.example.com");
      const req = withCookie(
        `${SALT}=${await sessionJwt(SALT, { sub: "plain" })}; ${SECURE_NAME}=${await sessionJwt(SECURE_NAME, { sub: "secure" })}`,
      );
      expect(await getToken({ req, secret: SECRET, logger: quietLogger })).toMatchObject({ sub: "secure" });
      expect(await getToken({ req, secret: SECRET, secureCookie: false, logger: quietLogger })).toMatchObject(
        { sub: "plain" },
      );
    });

    it("reads the __Secure- cookie when NEXTAUTH_URL (next-auth v4's name) is https and AUTH_URL unset", async () => {
      vi.stubEnv("AUTH_URL", undefined);
      vi.stubEnv("NEXTAUTH_URL", "https://app.example.com/api/auth");
      const req = withCookie(
        `${SALT}=${await sessionJwt(SALT, { sub: "plain" })}; ${SECURE_NAME}=${await sessionJwt(SECURE_NAME, { sub: "secure" })}`,
      );
      expect(await getToken({ req, secret: SECRET, logger: quietLogger })).toMatchObject({ sub: "secure" });
      vi.stubEnv("NEXTAUTH_URL", undefined);
    });

    it("reads the unprefixed cookie by default when AUTH_URL is http or unset", async () => {
      const req = withCookie(
        `${SALT}=${await sessionJwt(SALT, { sub: "plain" })}; ${SECURE_NAME}=${await sessionJwt(SECURE_NAME, { sub: "secure" })}`,
      );
      vi.stubEnv("AUTH_URL", "http://localhost:3000");
      expect(await getToken({ req, secret: SECRET, logger: quietLogger })).toMatchObject({ sub: "plain" });
      vi.stubEnv("AUTH_URL", undefined);
      expect(await getToken({ req, secret: SECRET, logger: quietLogger })).toMatchObject({ sub: "plain" });
    });
  });
});

describe.each(runtimes)("secure cookie inferred from the request URL with %s", (_name, runtime) => {
  const codec = createJwtCodec(runtime);
  const getToken = createGetToken(codec);
  /** Both session cookies, each sealed for its own name, so which one was read shows in `sub`. */
  const bothCookies = async () =>
    `${SALT}=${await codec.encode({ token: { sub: "plain" }, secret: SECRET, salt: SALT })}; ` +
    `${SECURE_NAME}=${await codec.encode({ token: { sub: "secure" }, secret: SECRET, salt: SECURE_NAME })}`;
  const read = (req: GetTokenParams["req"], secureCookie?: boolean) =>
    getToken({
      req,
      secret: SECRET,
      logger: quietLogger,
      ...(secureCookie === undefined ? {} : { secureCookie }),
    });

  describe("when AUTH_URL is unset", () => {
    it("reads the __Secure- cookie of an https Request", async () => {
      vi.stubEnv("AUTH_URL", undefined);
      const req = new Request("https://app.example.com/api", { headers: { cookie: await bothCookies() } });
      expect(await read(req)).toMatchObject({ sub: "secure" });
    });

    it("reads the unprefixed cookie of an http Request", async () => {
      vi.stubEnv("AUTH_URL", undefined);
      const req = new Request("http://app.example.com/api", { headers: { cookie: await bothCookies() } });
      expect(await read(req)).toMatchObject({ sub: "plain" });
    });

    it("finds no session on an https request that carries only the unprefixed cookie", async () => {
      vi.stubEnv("AUTH_URL", undefined);
      const plainOnly = `${SALT}=${await codec.encode({ token: { sub: "plain" }, secret: SECRET, salt: SALT })}`;
      const req = new Request("https://app.example.com/api", { headers: { cookie: plainOnly } });
      expect(await read(req)).toBeNull();
    });

    it("reads the url of a plain request object, in any letter case, and treats a bare path as http", async () => {
      vi.stubEnv("AUTH_URL", undefined);
      const headers = { cookie: await bothCookies() };
      expect(await read({ headers, url: "https://app.example.com/api" })).toMatchObject({ sub: "secure" });
      expect(await read({ headers, url: "HTTPS://APP.EXAMPLE.COM/api" })).toMatchObject({ sub: "secure" });
      expect(await read({ headers, url: "/api" })).toMatchObject({ sub: "plain" });
      expect(await read({ headers })).toMatchObject({ sub: "plain" });
    });

    it("treats an http URL that merely mentions https:// as http", async () => {
      vi.stubEnv("AUTH_URL", undefined);
      const headers = { cookie: await bothCookies() };
      expect(await read({ headers, url: "http://app.example.com/?next=https://elsewhere" })).toMatchObject({
        sub: "plain",
      });
    });

    it("treats an empty AUTH_URL as unset", async () => {
      vi.stubEnv("AUTH_URL", "");
      const req = new Request("https://app.example.com/api", { headers: { cookie: await bothCookies() } });
      expect(await read(req)).toMatchObject({ sub: "secure" });
    });
  });

  it("lets the secureCookie option win over the request URL", async () => {
    vi.stubEnv("AUTH_URL", undefined);
    const cookie = await bothCookies();
    expect(
      await read(new Request("https://app.example.com/api", { headers: { cookie } }), false),
    ).toMatchObject({
      sub: "plain",
    });
    expect(
      await read(new Request("http://app.example.com/api", { headers: { cookie } }), true),
    ).toMatchObject({
      sub: "secure",
    });
  });

  it("lets AUTH_URL win over the request URL, as the public URL behind a proxy", async () => {
    const cookie = await bothCookies();
    vi.stubEnv("AUTH_URL", "http://localhost:3000");
    expect(await read(new Request("https://app.example.com/api", { headers: { cookie } }))).toMatchObject({
      sub: "plain",
    });
    vi.stubEnv("AUTH_URL", "https://app.example.com");
    expect(await read(new Request("http://10.0.0.7:3000/api", { headers: { cookie } }))).toMatchObject({
      sub: "secure",
    });
  });
});

describe("latchkey/jwt stands alone", () => {
  it("no module under src/jwt imports config.ts", async () => {
    const { readdir, readFile } = await import("node:fs/promises");
    const dir = new URL("../../src/jwt/", import.meta.url);
    const files = (await readdir(dir)).filter((file) => file.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const source = await readFile(new URL(file, dir), "utf8");
      expect(source, file).not.toMatch(/from\s+["']\.\.\/config(\.js)?["']/);
    }
  });
});

describe("public getToken", () => {
  it("decodes the session cookie with the platform runtime", async () => {
    const codec = createJwtCodec(runtimes[0]![1]);
    const jwt = await codec.encode({ token: { sub: "public" }, secret: SECRET, salt: SALT });
    const req = new Request("http://localhost", { headers: { cookie: `${SALT}=${jwt}` } });
    expect(await publicGetToken({ req, secret: SECRET, logger: quietLogger })).toMatchObject({
      sub: "public",
    });
  });
});
