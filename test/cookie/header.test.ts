import { describe, expect, it } from "vitest";
import { expiredCookie, parseCookieHeader, serializeCookie } from "../../src/cookie/header.js";

describe("Cookie header parsing", () => {
  it("returns no cookies for a missing or empty header", () => {
    expect(parseCookieHeader(null)).toEqual({});
    expect(parseCookieHeader(undefined)).toEqual({});
    expect(parseCookieHeader("")).toEqual({});
  });

  it("reads name=value pairs, trimming spaces and decoding percent-escapes", () => {
    expect(parseCookieHeader("a=1;  b=two%20words ;c=%E2%9C%93")).toEqual({ a: "1", b: "two words", c: "✓" });
  });

  it("treats a name sent twice as absent, whichever copy comes first", () => {
    const cookies = parseCookieHeader("session=tossed; other=1; session=ours");
    expect(cookies.session).toBeUndefined();
    expect(cookies.other).toBe("1");
    expect(Object.keys(cookies)).toContain("session");
  });

  it("does not count a part without '=' as a copy of a name it begins with", () => {
    expect(parseCookieHeader("abc=1; abcd")).toEqual({ abc: "1" });
    expect(parseCookieHeader("a=1; ab")).toEqual({ a: "1" });
  });

  it("keeps a value whose percent-escape is malformed instead of throwing", () => {
    expect(parseCookieHeader("a=%E0%A4%A; b=2")).toEqual({ a: "%E0%A4%A", b: "2" });
  });
});

describe("Set-Cookie serialization", () => {
  it("percent-encodes characters a cookie value cannot carry, so parsing restores them", () => {
    const setCookie = serializeCookie({ name: "n", value: "a b;c", options: { path: "/" } });
    expect(setCookie).toBe("n=a%20b%3Bc; Path=/");
    expect(parseCookieHeader(setCookie.split(";")[0])).toEqual({ n: "a b;c" });
  });

  it("expires a cookie with an empty value and Max-Age=0, dropping Expires and keeping the other attributes", () => {
    const options = {
      path: "/",
      httpOnly: true,
      secure: true,
      sameSite: "lax" as const,
      maxAge: 900,
      expires: new Date(0),
    };
    const cleared = expiredCookie("n", options);
    expect(cleared).toEqual({
      name: "n",
      value: "",
      options: { path: "/", httpOnly: true, secure: true, sameSite: "lax", maxAge: 0 },
    });
    expect(serializeCookie(cleared)).toBe("n=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax");
  });
});
