import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthConfig } from "../../src/index.js";
import { decode, encode } from "../../src/jwt/index.js";
import Credentials from "../../src/providers/credentials.js";
import { SECRET, TestBrowser } from "./harness.js";

const SESSION_COOKIE = "authjs.session-token";

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username, password }) =>
          password === "right"
            ? { id: `id-${String(username)}`, name: String(username), email: "ada@example.test" }
            : null,
      }),
    ],
    ...overrides,
  };
}

async function signedIn(browser: TestBrowser) {
  const response = await browser.postForm("/auth/callback/credentials", {
    username: "ada",
    password: "right",
  });
  expect(response.status).toBe(302);
  expect(browser.jar.has(SESSION_COOKIE) || browser.jar.has(`${SESSION_COOKIE}.0`)).toBe(true);
}

describe("JWT sessions", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-01T00:00:00Z") }));
  afterEach(() => vi.useRealTimers());

  it("signs in with credentials and reads the session back", async () => {
    const browser = new TestBrowser(config());
    await signedIn(browser);
    const session = await browser.session();
    expect(session).toEqual({
      user: { id: "id-ada", name: "ada", email: "ada@example.test", image: null },
      expires: "2026-12-01T00:00:00.000Z",
    });
    const token = await decode({
      token: browser.jar.get(SESSION_COOKIE),
      secret: SECRET,
      salt: SESSION_COOKIE,
    });
    expect(token?.sub).toBe("id-ada");
  });

  it("does not re-issue the cookie while it is younger than updateAge", async () => {
    const browser = new TestBrowser(config());
    await signedIn(browser);
    vi.setSystemTime(new Date("2026-11-01T12:00:00Z"));
    const response = await browser.fetch("/auth/session");
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("re-issues the cookie with a later expiry once it is older than updateAge", async () => {
    const browser = new TestBrowser(config());
    await signedIn(browser);
    const before = browser.jar.get(SESSION_COOKIE);
    vi.setSystemTime(new Date("2026-11-02T00:00:01Z"));
    const response = await browser.fetch("/auth/session");
    expect(response.headers.getSetCookie()).toHaveLength(1);
    expect(browser.jar.get(SESSION_COOKIE)).not.toBe(before);
    expect(((await response.json()) as { expires: string }).expires).toBe("2026-12-02T00:00:01.000Z");
  });

  it("honours a custom updateAge", async () => {
    const browser = new TestBrowser(config({ session: { updateAge: 60 } }));
    await signedIn(browser);
    vi.setSystemTime(new Date("2026-11-01T00:01:01Z"));
    expect((await browser.fetch("/auth/session")).headers.getSetCookie()).toHaveLength(1);
  });

  it("re-issues the cookie when the jwt callback changes the token, even in place", async () => {
    let visits = 0;
    const browser = new TestBrowser(
      config({
        callbacks: {
          jwt: ({ token }) => {
            token.visits = ++visits; // mutates the token it was given instead of returning a copy
            return token;
          },
        },
      }),
    );
    await signedIn(browser);
    const response = await browser.fetch("/auth/session");
    expect(response.headers.getSetCookie()).toHaveLength(1);
    const token = await decode({
      token: browser.jar.get(SESSION_COOKIE),
      secret: SECRET,
      salt: SESSION_COOKIE,
    });
    expect(token?.visits).toBe(2);
  });

  it("returns null and clears the cookie once the token has expired", async () => {
    const browser = new TestBrowser(config({ session: { maxAge: 60 * 60 } }));
    await signedIn(browser);
    vi.setSystemTime(new Date("2026-11-01T01:00:16Z")); // past exp plus the 15 s tolerance
    const response = await browser.fetch("/auth/session");
    expect(await response.json()).toBeNull();
    expect(response.headers.getSetCookie()[0]).toMatch(/^authjs\.session-token=; Max-Age=0/);
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false);
  });

  it("returns null and clears a cookie it cannot decrypt", async () => {
    const forged = await encode({
      token: { sub: "mallory" },
      secret: "another-secret",
      salt: SESSION_COOKIE,
    });
    const browser = new TestBrowser(config());
    browser.jar.set(SESSION_COOKIE, forged);
    expect(await browser.session()).toBeNull();
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false);
  });

  it("signs the user out when the jwt callback returns null", async () => {
    let allow = true;
    const browser = new TestBrowser(config({ callbacks: { jwt: ({ token }) => (allow ? token : null) } }));
    await signedIn(browser);
    allow = false;
    expect(await browser.session()).toBeNull();
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false);
  });

  it("passes trigger signIn on sign-in and update with the posted data on POST /session", async () => {
    const triggers: Array<{ trigger: unknown; session: unknown }> = [];
    const browser = new TestBrowser(
      config({
        callbacks: {
          jwt: ({ token, trigger, session }) => {
            triggers.push({ trigger, session });
            if (trigger === "update") token.name = (session as { name: string }).name;
            return token;
          },
        },
      }),
    );
    await signedIn(browser);
    const csrfToken = await browser.csrfToken();
    const response = await browser.fetch("/auth/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken, data: { name: "Countess", role: "admin" } }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { user: { name: string } }).user.name).toBe("Countess");
    expect(triggers.map((entry) => entry.trigger)).toEqual(["signIn", "update"]);
    const token = await decode({
      token: browser.jar.get(SESSION_COOKIE),
      secret: SECRET,
      salt: SESSION_COOKIE,
    });
    expect(token?.name).toBe("Countess");
    expect(token?.role).toBeUndefined(); // the client cannot set what the callbacks do not copy
  });

  it("a session update without a valid CSRF token changes nothing", async () => {
    const browser = new TestBrowser(
      config({ callbacks: { jwt: ({ token, session }) => ({ ...token, ...(session as object) }) } }),
    );
    await signedIn(browser);
    const before = browser.jar.get(SESSION_COOKIE);
    const response = await browser.fetch("/auth/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken: "guess", data: { name: "Mallory" } }),
    });
    expect(response.status).toBe(403);
    expect(browser.jar.get(SESSION_COOKIE)).toBe(before);
  });

  it("chunks a large session cookie and reads it back", async () => {
    const browser = new TestBrowser(
      config({ callbacks: { jwt: ({ token }) => ({ ...token, blob: "x".repeat(6000) }) } }),
    );
    await signedIn(browser);
    expect(browser.jar.has(`${SESSION_COOKIE}.0`)).toBe(true);
    expect(browser.jar.has(`${SESSION_COOKIE}.1`)).toBe(true);
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false);
    expect(await browser.session()).not.toBeNull();
  });

  it("signs out: clears the cookie and emits signOut with the token", async () => {
    const signOut = vi.fn();
    const browser = new TestBrowser(config({ events: { signOut } }));
    await signedIn(browser);
    const response = await browser.postForm("/auth/signout", {});
    expect(response.status).toBe(302);
    expect(browser.jar.has(SESSION_COOKIE)).toBe(false);
    expect(signOut).toHaveBeenCalledWith({
      token: expect.objectContaining({ sub: "id-ada" }),
      reason: "signOut",
    });
  });

  it("reads sessions from every secret during rotation and writes with the newest", async () => {
    const old = new TestBrowser(config({ secret: "old-secret-0123456789abcdef0123456789" }));
    await signedIn(old);
    const rotated = new TestBrowser(config({ secret: [SECRET, "old-secret-0123456789abcdef0123456789"] }));
    rotated.jar.set(SESSION_COOKIE, old.jar.get(SESSION_COOKIE) as string);
    expect(await rotated.session()).not.toBeNull();
  });
});
