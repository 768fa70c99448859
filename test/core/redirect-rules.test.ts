/**
 * The redirect rule's reasons, and the edges of what it accepts. `checkRedirect` says why it refused
 * a target; that reason reaches the log when a configured page is refused, so it must name the
 * actual fault. The attacks themselves run through `Auth()` in open-redirect.test.ts.
 */
import { describe, expect, it } from "vitest";
import { checkRedirect, safeRedirect } from "../../src/core/redirect.js";
import { APP, CookieJar, getCsrf, locationOf, makeConfig, recordingLogger, send } from "./helpers.js";

describe("checkRedirect names the reason it refuses", () => {
  it.each([
    ["", "it is empty"],
    [42, "it is empty"],
    [`/${"a".repeat(4096)}`, "it is too long"],
    ["/path with space", "it contains whitespace or control characters"],
    ["/tab\there", "it contains whitespace or control characters"],
    ["/%5Cevil.test", "it contains an encoded backslash, whitespace or control character"],
    ["/%0Aevil", "it contains an encoded backslash, whitespace or control character"],
    ["//evil.test", "it is protocol-relative (//host), which leaves the app's origin"],
    ["/%2Fevil.test", "it is protocol-relative (//host), which leaves the app's origin"],
    ["dashboard", "it is neither an absolute URL nor a path starting with /"],
    // Decodes to //evil.test, but as written it is no path: it fails as one, not as protocol-relative.
    ["%2F%2Fevil.test", "it is neither an absolute URL nor a path starting with /"],
    ["javascript:alert(1)", "its scheme is javascript:"],
    ["ftp://app.test/file", "its scheme is ftp:"],
    ["https://user@app.test/", "it carries credentials"],
    ["https://:secret@app.test/", "it carries credentials"],
    ["https://user:secret@app.test/", "it carries credentials"],
    ["https://evil.test/", "it points at another origin (https://evil.test)"],
    ["http://app.test/", "it points at another origin (http://app.test)"],
  ])("%j: %s", (candidate, reason) => {
    expect(checkRedirect(candidate, APP)).toEqual({ refused: reason });
  });

  it("accepts a path, an absolute URL on the origin, and a path that merely ends in //", () => {
    expect(checkRedirect("/dashboard", APP)).toEqual({ url: `${APP}/dashboard` });
    expect(checkRedirect(`${APP}/a?b=c#d`, APP)).toEqual({ url: `${APP}/a?b=c#d` });
    expect(checkRedirect("/files//", APP)).toEqual({ url: `${APP}/files//` });
  });

  it("accepts a target of exactly 4096 characters", () => {
    const path = `/${"a".repeat(4095)}`;
    expect(checkRedirect(path, APP)).toEqual({ url: `${APP}${path}` });
  });

  it("decodes at most three layers: a fourth layer of encoding stays a harmless path on the app", () => {
    // "%25252F" is "/" encoded four times over; three decodings leave "%2F", not "/".
    const path = "/%2525252F%2525252Fevil.test";
    expect(checkRedirect(path, APP)).toEqual({ url: `${APP}${path}` });
    expect(checkRedirect("/%25252F%25252Fevil.test", APP).refused).toBe(
      "it is protocol-relative (//host), which leaves the app's origin",
    );
    expect(safeRedirect(path, APP)).toBe(`${APP}${path}`);
  });
});

describe("callbackUrl from the request", () => {
  it("accepts a callbackUrl of exactly 4096 characters and refuses one longer with 400", async () => {
    const config = makeConfig();
    const path = `/${"a".repeat(4095)}`;
    const ok = await send(config, `/signin?callbackUrl=${encodeURIComponent(path)}`);
    expect(ok.status).toBe(200);
    const tooLong = await send(config, `/signin?callbackUrl=${encodeURIComponent(`${path}a`)}`);
    expect(tooLong.status).toBe(400);
  });

  it("an empty callbackUrl in the body does not hide the remembered one", async () => {
    const config = makeConfig();
    const jar = new CookieJar({ "__Secure-authjs.callback-url": encodeURIComponent(`${APP}/remembered`) });
    const { token } = await getCsrf(config, { cookie: jar });
    const response = await send(config, "/signout", {
      cookie: jar,
      form: { csrfToken: token, callbackUrl: "" },
    });
    expect(locationOf(response).href).toBe(`${APP}/remembered`);
  });

  it("a refused callbackUrl from the request is logged at debug, with the reason and the value", async () => {
    const debug: unknown[][] = [];
    const { logger } = recordingLogger();
    const config = makeConfig({
      debug: true,
      logger: { ...logger, debug: (...args: unknown[]) => void debug.push(args) },
    });
    const { token, jar } = await getCsrf(config);
    const response = await send(config, "/signout", {
      cookie: jar,
      form: { csrfToken: token, callbackUrl: "https://evil.test/" },
    });
    expect(locationOf(response).href).toBe(`${APP}/`);
    expect(debug).toContainEqual([
      "callbackUrl refused: it points at another origin (https://evil.test)",
      { callbackUrl: "https://evil.test/" },
    ]);
  });
});
