import { describe, expect, it } from "vitest";
import { serializeCookie } from "../../src/cookie/header.js";
import { type CookieRole, defaultCookies, sessionCookieName } from "../../src/cookie/names.js";
import { attributesOf } from "./jar.js";

const BASE_NAMES: Record<CookieRole, string> = {
  sessionToken: "authjs.session-token",
  callbackUrl: "authjs.callback-url",
  csrfToken: "authjs.csrf-token",
  pkceCodeVerifier: "authjs.pkce.code_verifier",
  state: "authjs.state",
  nonce: "authjs.nonce",
  webauthnChallenge: "authjs.challenge",
  // latchkey's own (session.cookieCache), which Auth.js ignores.
  sessionCache: "latchkey.session-cache",
  // latchkey's own: database sessions' amr/auth_time, and two-factor sign-in's pending first factor.
  sessionAuthentication: "latchkey.session-auth",
  twoFactorPending: "latchkey.two-factor",
  // Two-factor sign-in's "trust this device" (one per user: the name gets a suffix).
  twoFactorTrusted: "latchkey.trusted-device",
};
const roles = Object.keys(BASE_NAMES) as CookieRole[];

describe("cookie names", () => {
  it("are the Auth.js v5 names (and latchkey's cache cookie), unprefixed, when the app is not served over https", () => {
    const cookies = defaultCookies(false);
    expect(Object.keys(cookies).sort()).toEqual([...roles].sort());
    for (const role of roles) expect(cookies[role].name).toBe(BASE_NAMES[role]);
  });

  it("take __Secure- over https, except the CSRF cookie, which takes __Host-", () => {
    const cookies = defaultCookies(true);
    expect(cookies.sessionToken.name).toBe("__Secure-authjs.session-token");
    expect(cookies.csrfToken.name).toBe("__Host-authjs.csrf-token");
    expect(cookies.callbackUrl.name).toBe("__Secure-authjs.callback-url");
    expect(cookies.pkceCodeVerifier.name).toBe("__Secure-authjs.pkce.code_verifier");
    expect(cookies.state.name).toBe("__Secure-authjs.state");
    expect(cookies.nonce.name).toBe("__Secure-authjs.nonce");
    expect(cookies.webauthnChallenge.name).toBe("__Secure-authjs.challenge");
    expect(cookies.sessionCache.name).toBe("__Secure-latchkey.session-cache");
  });

  it("give the session cookie name that is also the default JWT salt", () => {
    expect(sessionCookieName(false)).toBe("authjs.session-token");
    expect(sessionCookieName(true)).toBe("__Secure-authjs.session-token");
    expect(sessionCookieName(true)).toBe(defaultCookies(true).sessionToken.name);
  });
});

describe("cookie attributes on the Set-Cookie header", () => {
  it.each(roles)("are HttpOnly, SameSite=Lax, Path=/ and Secure over https (%s)", (role) => {
    const spec = defaultCookies(true)[role];
    const setCookie = serializeCookie({ name: spec.name, value: "v", options: spec.options });
    expect(setCookie.startsWith(`${spec.name}=v;`)).toBe(true);
    expect(attributesOf(setCookie)).toEqual(["HttpOnly", "Path=/", "SameSite=Lax", "Secure"]);
  });

  it.each(roles)("are HttpOnly, SameSite=Lax, Path=/ and not Secure without https (%s)", (role) => {
    const spec = defaultCookies(false)[role];
    const setCookie = serializeCookie({ name: spec.name, value: "v", options: spec.options });
    expect(attributesOf(setCookie)).toEqual(["HttpOnly", "Path=/", "SameSite=Lax"]);
  });

  it("meet the __Host- prefix rules for the CSRF cookie: Secure, Path=/, no Domain", () => {
    const spec = defaultCookies(true).csrfToken;
    const attributes = attributesOf(serializeCookie({ name: spec.name, value: "t", options: spec.options }));
    expect(attributes).toContain("Secure");
    expect(attributes).toContain("Path=/");
    expect(attributes.some((attribute) => attribute.startsWith("Domain="))).toBe(false);
  });
});

describe("cookie overrides", () => {
  it("replace the name and merge options for one role only", () => {
    const cookies = defaultCookies(true, {
      sessionToken: { name: "app.session", options: { domain: "example.com", sameSite: "strict" } },
    });
    expect(cookies.sessionToken.name).toBe("app.session");
    expect(cookies.sessionToken.options).toEqual({
      httpOnly: true,
      path: "/",
      secure: true,
      sameSite: "strict",
      domain: "example.com",
    });
    expect(cookies.state).toEqual(defaultCookies(true).state);
  });

  it("keep the default name when an override gives only options", () => {
    const cookies = defaultCookies(false, { nonce: { options: { path: "/auth" } } });
    expect(cookies.nonce.name).toBe("authjs.nonce");
    expect(cookies.nonce.options.path).toBe("/auth");
    expect(cookies.nonce.options.httpOnly).toBe(true);
  });

  it("do not leak between calls through shared option objects", () => {
    const first = defaultCookies(true);
    first.sessionToken.options.path = "/changed";
    expect(defaultCookies(true).sessionToken.options.path).toBe("/");
    expect(first.state.options.path).toBe("/");
  });
});
