import { describe, expect, it } from "vitest";
import {
  COOKIE_CHUNK_SIZE,
  carriesChunkedCookie,
  clearChunkedCookie,
  MAX_CHUNKS,
  readChunkedCookie,
  writeChunkedCookie,
} from "../../src/cookie/chunks.js";
import { type CookieToSet, parseCookieHeader, serializeCookie } from "../../src/cookie/header.js";
import { defaultCookies } from "../../src/cookie/names.js";
import { attributesOf, CookieJar } from "./jar.js";

const { name: NAME, options: OPTIONS } = defaultCookies(true).sessionToken;
const BASE64URL_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.";

/** A value of `length` base64url-and-dot characters; `seed` shifts the pattern so two values differ. */
const tokenLikeValue = (length: number, seed = 0) =>
  Array.from({ length }, (_, i) => BASE64URL_CHARS[(i * 7 + seed) % BASE64URL_CHARS.length]).join("");

const serializeAll = (cookies: CookieToSet[]) => cookies.map(serializeCookie);

/** Stores `value` in a jar that already holds `jar`'s cookies, as one response and the next request. */
function store(jar: CookieJar, value: string): string[] {
  const setCookies = serializeAll(writeChunkedCookie(NAME, value, OPTIONS, parseCookieHeader(jar.header())));
  jar.apply(setCookies);
  return setCookies;
}

const readBack = (jar: CookieJar) => readChunkedCookie(parseCookieHeader(jar.header()), NAME);

describe("chunked cookies", () => {
  it("chunk at 3936 characters, as Auth.js does", () => {
    expect(COOKIE_CHUNK_SIZE).toBe(3936);
  });

  it.each([
    [0, [NAME]],
    [1, [NAME]],
    [3936, [NAME]],
    [3937, [`${NAME}.0`, `${NAME}.1`]],
    [7872, [`${NAME}.0`, `${NAME}.1`]],
    [20000, [0, 1, 2, 3, 4, 5].map((i) => `${NAME}.${i}`)],
  ])("round-trip a %i-character value through Set-Cookie and Cookie headers", (length, expectedNames) => {
    const value = tokenLikeValue(length);
    const jar = new CookieJar();
    const setCookies = store(jar, value);
    expect([...jar.cookies.keys()]).toEqual(expectedNames);
    expect(readBack(jar)).toBe(value);
    for (const setCookie of setCookies) {
      // Each Set-Cookie stays within the 4096 bytes a browser keeps for one cookie, and keeps its attributes.
      expect(setCookie.length).toBeLessThanOrEqual(4096);
      expect(attributesOf(setCookie)).toEqual(["HttpOnly", "Path=/", "SameSite=Lax", "Secure"]);
    }
  });

  it("write chunks of exactly 3936 characters, the last one holding the rest", () => {
    const written = writeChunkedCookie(NAME, tokenLikeValue(20000), OPTIONS);
    expect(written.map((cookie) => cookie.value.length)).toEqual([
      3936,
      3936,
      3936,
      3936,
      3936,
      20000 - 5 * 3936,
    ]);
  });

  it("join chunks in index order whatever order the Cookie header lists them in", () => {
    const value = tokenLikeValue(9000, 3);
    const chunks = writeChunkedCookie(NAME, value, OPTIONS).map((cookie) => `${cookie.name}=${cookie.value}`);
    const header = [chunks[2], "other=1", chunks[0], chunks[1]].join("; ");
    expect(readChunkedCookie(parseCookieHeader(header), NAME)).toBe(value);
  });

  it("read the whole cookie, or the chunks, and undefined when neither is there", () => {
    expect(readChunkedCookie({ [NAME]: "whole", other: "1" }, NAME)).toBe("whole");
    expect(readChunkedCookie({ [`${NAME}.0`]: "a", [`${NAME}.1`]: "b" }, NAME)).toBe("ab");
    expect(readChunkedCookie({ [NAME]: "" }, NAME)).toBe("");
    expect(readChunkedCookie({}, NAME)).toBeUndefined();
    expect(readChunkedCookie({ other: "1" }, NAME)).toBeUndefined();
  });

  it("join up to the largest index allowed", () => {
    const cookies = Object.fromEntries(
      Array.from({ length: MAX_CHUNKS }, (_, i) => [`${NAME}.${i}`, String.fromCharCode(65 + (i % 26))]),
    );
    expect(readChunkedCookie(cookies, NAME)).toHaveLength(MAX_CHUNKS);
  });

  it("ignore cookies that share the prefix but do not name a chunk", () => {
    const cookies = {
      [`${NAME}.0`]: "a",
      [`${NAME}.1`]: "b",
      [`${NAME}.sig`]: "x",
      [`${NAME}.0.1`]: "x",
      [`${NAME}.`]: "x",
      [`${NAME}-other.2`]: "x",
      [`${NAME}_2`]: "x",
      [`${NAME}-3`]: "x",
      [`prefix${NAME}.2`]: "x",
    };
    expect(readChunkedCookie(cookies, NAME)).toBe("ab");
  });
});

describe("reading fails closed on parts our writer could not have made", () => {
  const chunks = { [`${NAME}.0`]: "a", [`${NAME}.1`]: "b", [`${NAME}.2`]: "c" };

  it.each<[string, Record<string, string>]>([
    ["a gap after the first chunks", { [`${NAME}.0`]: "a", [`${NAME}.1`]: "b", [`${NAME}.3`]: "d" }],
    ["a chunk without index 0", { [`${NAME}.1`]: "orphan" }],
    ["chunks starting at 1", { [`${NAME}.1`]: "b", [`${NAME}.2`]: "c" }],
    ["a tossed chunk far beyond the last", { ...chunks, [`${NAME}.9`]: "x" }],
    ["the same index spelled twice (.1 and .01)", { ...chunks, [`${NAME}.01`]: "x" }],
    ["an index with a leading zero in place of the real one", { [`${NAME}.0`]: "a", [`${NAME}.01`]: "b" }],
    ["index 0 spelled .00", { [`${NAME}.00`]: "a", [`${NAME}.1`]: "b" }],
    ["chunks next to a whole cookie", { ...chunks, [NAME]: "whole" }],
    ["a whole cookie next to a single chunk", { [NAME]: "whole", [`${NAME}.0`]: "a" }],
    ["an empty whole cookie next to chunks", { ...chunks, [NAME]: "" }],
    ["an index at the chunk limit", { ...chunks, [`${NAME}.${MAX_CHUNKS}`]: "x" }],
    ["an index too large for a number", { ...chunks, [`${NAME}.${"9".repeat(400)}`]: "x" }],
  ])("undefined for %s", (_what, cookies) => {
    expect(readChunkedCookie(cookies, NAME)).toBeUndefined();
  });

  it("undefined for more chunks than the limit, even when they are contiguous", () => {
    const cookies = Object.fromEntries(
      Array.from({ length: MAX_CHUNKS + 1 }, (_, i) => [`${NAME}.${i}`, "a"]),
    );
    expect(readChunkedCookie(cookies, NAME)).toBeUndefined();
  });

  it("undefined whatever order the Cookie header lists a refused set in", () => {
    const header = [`${NAME}.01=x`, `${NAME}.1=b`, `${NAME}.0=a`].join("; ");
    expect(readChunkedCookie(parseCookieHeader(header), NAME)).toBeUndefined();
    const reversed = [`${NAME}.0=a`, `${NAME}.1=b`, `${NAME}.01=x`].join("; ");
    expect(readChunkedCookie(parseCookieHeader(reversed), NAME)).toBeUndefined();
  });

  it("still report the refused parts as carried, so they can be cleared", () => {
    expect(carriesChunkedCookie({ ...chunks, [`${NAME}.01`]: "x" }, NAME)).toBe(true);
    expect(carriesChunkedCookie({ [`${NAME}.7`]: "x" }, NAME)).toBe(true);
    expect(carriesChunkedCookie({ [NAME]: "whole" }, NAME)).toBe(true);
    expect(carriesChunkedCookie({ [`${NAME}.sig`]: "x", other: "1" }, NAME)).toBe(false);
  });
});

describe("stale chunks", () => {
  it("expire .2 to .5 when a request had 6 chunks and the new value needs 2", () => {
    const jar = new CookieJar();
    store(jar, tokenLikeValue(20000));
    expect(jar.cookies.size).toBe(6);

    const next = tokenLikeValue(5000, 11);
    const setCookies = store(jar, next);
    const expired = setCookies.filter((setCookie) => attributesOf(setCookie).includes("Max-Age=0"));
    expect(expired.map((setCookie) => setCookie.split("=")[0]).sort()).toEqual(
      [2, 3, 4, 5].map((i) => `${NAME}.${i}`),
    );
    for (const setCookie of expired) {
      // Clearing must match the attributes the chunk was set with, or the browser keeps the old one.
      expect(attributesOf(setCookie)).toEqual(["HttpOnly", "Max-Age=0", "Path=/", "SameSite=Lax", "Secure"]);
    }
    expect([...jar.cookies.keys()].sort()).toEqual([`${NAME}.0`, `${NAME}.1`]);
    expect(readBack(jar)).toBe(next);
  });

  it("expire every chunk when a chunked value is replaced by one that fits whole", () => {
    const jar = new CookieJar();
    store(jar, tokenLikeValue(9000));
    const setCookies = store(jar, "short");
    expect(
      setCookies
        .filter((c) => c.includes("Max-Age=0"))
        .map((c) => c.split("=")[0])
        .sort(),
    ).toEqual([0, 1, 2].map((i) => `${NAME}.${i}`));
    expect([...jar.cookies.keys()]).toEqual([NAME]);
    expect(readBack(jar)).toBe("short");
  });

  it("expire the whole cookie when a value that fitted is replaced by a chunked one", () => {
    const jar = new CookieJar();
    store(jar, "short");
    const long = tokenLikeValue(4000);
    const setCookies = store(jar, long);
    expect(setCookies.filter((c) => c.includes("Max-Age=0")).map((c) => c.split("=")[0])).toEqual([NAME]);
    expect([...jar.cookies.keys()].sort()).toEqual([`${NAME}.0`, `${NAME}.1`]);
    expect(readBack(jar)).toBe(long);
  });

  it("expire nothing when the new value has the same shape", () => {
    const jar = new CookieJar();
    store(jar, tokenLikeValue(8000));
    const setCookies = store(jar, tokenLikeValue(8000, 5));
    expect(setCookies.some((c) => c.includes("Max-Age=0"))).toBe(false);
  });

  it("leave cookies alone that merely resemble the chunk names", () => {
    const unrelated = {
      [`${NAME}-other`]: "x",
      [`${NAME}.x`]: "x",
      [`${NAME}.0.1`]: "x",
      "__Secure-authjsXsession-token.0": "x",
      [`prefix${NAME}.0`]: "x",
      [NAME.replace(".", "")]: "x",
    };
    const written = writeChunkedCookie(NAME, "v", OPTIONS, unrelated);
    expect(written.map((cookie) => cookie.name)).toEqual([NAME]);
    expect(clearChunkedCookie(NAME, OPTIONS, unrelated).map((cookie) => cookie.name)).toEqual([NAME]);
  });
});

describe("writing over a set the reader refused", () => {
  it("expires every tossed or non-canonical part, so the next request reads the new value", () => {
    const jar = new CookieJar();
    store(jar, tokenLikeValue(9000));
    jar.apply([
      serializeCookie({ name: NAME, value: "planted-whole", options: OPTIONS }),
      serializeCookie({ name: `${NAME}.01`, value: "planted-duplicate", options: OPTIONS }),
      serializeCookie({ name: `${NAME}.7`, value: "planted-gap", options: OPTIONS }),
    ]);
    expect(readBack(jar)).toBeUndefined();

    const next = tokenLikeValue(5000, 9);
    const setCookies = store(jar, next);
    const expired = setCookies.filter((setCookie) => attributesOf(setCookie).includes("Max-Age=0"));
    expect(expired.map((setCookie) => setCookie.split("=")[0]).sort()).toEqual(
      [NAME, `${NAME}.01`, `${NAME}.2`, `${NAME}.7`].sort(),
    );
    expect([...jar.cookies.keys()].sort()).toEqual([`${NAME}.0`, `${NAME}.1`]);
    expect(readBack(jar)).toBe(next);
  });

  it("expires the chunks when the new value fits whole", () => {
    const jar = new CookieJar({ [`${NAME}.0`]: "a", [`${NAME}.00`]: "b", [`${NAME}.1`]: "c" });
    store(jar, "short");
    expect([...jar.cookies.keys()]).toEqual([NAME]);
    expect(readBack(jar)).toBe("short");
  });

  it("clearing expires a refused set completely", () => {
    const jar = new CookieJar({ [NAME]: "w", [`${NAME}.0`]: "a", [`${NAME}.01`]: "b", [`${NAME}.64`]: "c" });
    jar.apply(serializeAll(clearChunkedCookie(NAME, OPTIONS, parseCookieHeader(jar.header()))));
    expect(jar.cookies.size).toBe(0);
  });
});

describe("clearChunkedCookie", () => {
  it("expires the whole cookie and every chunk the request carried", () => {
    const jar = new CookieJar();
    store(jar, tokenLikeValue(9000));
    jar.apply([serializeCookie({ name: NAME, value: "whole", options: OPTIONS })]);
    const cleared = clearChunkedCookie(NAME, OPTIONS, parseCookieHeader(jar.header()));
    expect(cleared.map((cookie) => cookie.name).sort()).toEqual([
      NAME,
      `${NAME}.0`,
      `${NAME}.1`,
      `${NAME}.2`,
    ]);
    jar.apply(serializeAll(cleared));
    expect(jar.cookies.size).toBe(0);
  });

  it("expires the plain name when the request carried none of it", () => {
    const cleared = clearChunkedCookie(NAME, OPTIONS, { other: "1" });
    expect(serializeAll(cleared)).toEqual([`${NAME}=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax`]);
  });
});
