import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import {
  APP,
  aliceCredentials,
  getCsrf,
  HTTP_APP,
  makeConfig,
  type ParsedSetCookie,
  send,
  setCookieNamed,
  signInWithCredentials,
} from "./helpers.js";

function expectBaseAttributes(cookie: ParsedSetCookie, secure: boolean): void {
  expect(cookie.attributes.has("httponly")).toBe(true);
  expect(cookie.attributes.get("samesite")?.toLowerCase()).toBe("lax");
  expect(cookie.attributes.get("path")).toBe("/");
  expect(cookie.attributes.has("domain")).toBe(false);
  expect(cookie.attributes.has("secure")).toBe(secure);
}

function expectExpiresIn(cookie: ParsedSetCookie, seconds: number): void {
  const expires = Date.parse(cookie.attributes.get("expires") ?? "");
  expect(Number.isNaN(expires)).toBe(false);
  // Expires has one-second resolution.
  expect(Math.abs(expires - (Date.now() + seconds * 1000))).toBeLessThan(5000);
}

/** Signs in (JWT sessions) from `origin` after GET /signin remembered a callbackUrl; returns all cookies set. */
async function cookiesOfASignIn(origin: string, headers: Record<string, string> = {}, configOverrides = {}) {
  const config = makeConfig({ session: { maxAge: 3600 }, ...configOverrides });
  const signinPage = await send(config, "/signin?callbackUrl=%2Fnext", { origin, headers });
  const { response } = await signInWithCredentials(config, undefined, { origin, headers });
  return { signinPage, response };
}

describe("cookies over https", () => {
  it("use the __Secure-/__Host- names and are Secure, HttpOnly, SameSite=Lax, Path=/", async () => {
    const { signinPage, response } = await cookiesOfASignIn(APP);
    const csrf = setCookieNamed(signinPage, "__Host-authjs.csrf-token");
    expectBaseAttributes(csrf, true);
    expectBaseAttributes(setCookieNamed(signinPage, "__Secure-authjs.callback-url"), true);
    const session = setCookieNamed(response, "__Secure-authjs.session-token");
    expectBaseAttributes(session, true);
    expect(session.value.split(".")).toHaveLength(5);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs."))).toBe(false);
  });

  it("give the JWT session cookie an Expires of now + maxAge", async () => {
    const { response } = await cookiesOfASignIn(APP);
    expectExpiresIn(setCookieNamed(response, "__Secure-authjs.session-token"), 3600);
  });

  it("follow X-Forwarded-Proto: https when the host is trusted", async () => {
    const { response } = await cookiesOfASignIn("http://internal:3000", {
      "x-forwarded-proto": "https",
      "x-forwarded-host": "app.test",
    });
    expectBaseAttributes(setCookieNamed(response, "__Secure-authjs.session-token"), true);
  });
});

describe("cookies over http", () => {
  it("use unprefixed names without Secure, still HttpOnly, SameSite=Lax, Path=/", async () => {
    const { signinPage, response } = await cookiesOfASignIn(HTTP_APP);
    expectBaseAttributes(setCookieNamed(signinPage, "authjs.csrf-token"), false);
    expectBaseAttributes(setCookieNamed(signinPage, "authjs.callback-url"), false);
    const session = setCookieNamed(response, "authjs.session-token");
    expectBaseAttributes(session, false);
    expectExpiresIn(session, 3600);
    for (const cookie of [...signinPage.headers.getSetCookie(), ...response.headers.getSetCookie()]) {
      expect(cookie).not.toMatch(/^__(Secure|Host)-/);
      expect(cookie).not.toMatch(/;\s*Secure/i);
    }
  });

  it("are prefixed and Secure anyway with useSecureCookies: true", async () => {
    const { response } = await cookiesOfASignIn(HTTP_APP, {}, { useSecureCookies: true });
    expectBaseAttributes(setCookieNamed(response, "__Secure-authjs.session-token"), true);
  });

  it("an https session cookie is not read by the same app over http", async () => {
    const config = makeConfig();
    const { jar } = await signInWithCredentials(config);
    const response = await send(config, "/session", { origin: HTTP_APP, cookie: jar });
    expect(await response.json()).toBeNull();
  });
});

describe("clearing cookies", () => {
  it("sign-out expires the session cookie with the same name, Path and Secure it was set with", async () => {
    for (const origin of [APP, HTTP_APP]) {
      const config = makeConfig();
      const { jar } = await signInWithCredentials(config, undefined, { origin });
      const { token } = await getCsrf(config, { origin, cookie: jar });
      const response = await send(config, "/signout", { origin, cookie: jar, form: { csrfToken: token } });
      const name = origin === APP ? "__Secure-authjs.session-token" : "authjs.session-token";
      const cleared = setCookieNamed(response, name);
      expect(cleared.value).toBe("");
      expect(cleared.attributes.get("max-age")).toBe("0");
      expectBaseAttributes(cleared, origin === APP);
    }
  });
});

describe("database session cookies", () => {
  it("carry an opaque token, the same attributes, and Expires of now + maxAge", async () => {
    const adapter = MemoryAdapter();
    const config = makeConfig({ adapter, providers: [aliceCredentials()], session: { maxAge: 7200 } });
    const { response } = await signInWithCredentials(config);
    const cookie = setCookieNamed(response, "__Secure-authjs.session-token");
    expectBaseAttributes(cookie, true);
    expectExpiresIn(cookie, 7200);
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
