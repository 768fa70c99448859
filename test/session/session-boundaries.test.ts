/**
 * The edges of both session strategies, to the millisecond or second: when a session is over, when
 * it is renewed, when the cookie is re-issued, and what the callbacks, events and a custom codec
 * are given on the way.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMemoryTables, MemoryAdapter } from "../../src/adapters/memory.js";
import type { AuthConfig } from "../../src/index.js";
import type { JWT } from "../../src/jwt/types.js";
import Credentials from "../../src/providers/credentials.js";
import { SECRET, TestBrowser } from "./harness.js";

const SESSION_COOKIE = "authjs.session-token";
const DAY_MS = 24 * 60 * 60 * 1000;
const START = new Date("2026-11-01T00:00:00Z");

function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username }) =>
          username === "nobody"
            ? { name: "Nobody" }
            : { id: `id-${String(username)}`, name: String(username), email: "ada@example.test" },
      }),
    ],
    ...overrides,
  };
}

async function signedIn(browser: TestBrowser, username = "ada") {
  const response = await browser.postForm("/auth/callback/credentials", { username, password: "pw" });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).not.toContain("error");
}

const at = (milliseconds: number) => vi.setSystemTime(new Date(START.valueOf() + milliseconds));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("database sessions", () => {
  const databaseConfig = (overrides: Partial<AuthConfig> = {}) => {
    const tables = createMemoryTables();
    return { tables, config: config({ adapter: MemoryAdapter(tables), ...overrides }) };
  };

  it("a session is over at the very millisecond it expires", async () => {
    const { config: cfg } = databaseConfig();
    const [early, onTime] = [new TestBrowser(cfg), new TestBrowser(cfg)];
    await signedIn(early);
    await signedIn(onTime);
    at(30 * DAY_MS - 1);
    expect(await early.session()).not.toBeNull();
    at(30 * DAY_MS);
    expect(await onTime.session()).toBeNull();
  });

  it("is renewed exactly updateAge after it was written, not a millisecond before", async () => {
    const { tables, config: cfg } = databaseConfig();
    const browser = new TestBrowser(cfg);
    await signedIn(browser);
    at(DAY_MS - 1);
    expect((await browser.fetch("/auth/session")).headers.getSetCookie()).toEqual([]);
    at(DAY_MS);
    expect((await browser.fetch("/auth/session")).headers.getSetCookie()).toHaveLength(1);
    expect([...tables.sessions.values()][0]?.expires).toEqual(new Date(START.valueOf() + 31 * DAY_MS));
  });

  it("a request without any session cookie gets no cookie back", async () => {
    const { config: cfg } = databaseConfig();
    const response = await new TestBrowser(cfg).fetch("/auth/session");
    expect(await response.json()).toBeNull();
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("uses a custom session token generator, and refuses a token it cannot store safely", async () => {
    const good = databaseConfig({ session: { generateSessionToken: () => "0123456789abcdef-uuid-like" } });
    const browser = new TestBrowser(good.config);
    await signedIn(browser);
    expect(browser.jar.get(SESSION_COOKIE)).toBe("0123456789abcdef-uuid-like");

    // A number is refused even when its digits would make a token of the right shape.
    for (const bad of ["too-short", "has spaces in it, sixteen+", 42, 1234567890123456, "x".repeat(1025)]) {
      const errors: Error[] = [];
      const { config: cfg } = databaseConfig({
        session: { generateSessionToken: () => bad as string },
        logger: { error: (error) => void errors.push(error) },
      });
      const response = await new TestBrowser(cfg).postForm("/auth/callback/credentials", {
        username: "ada",
        password: "pw",
      });
      expect(response.headers.get("location")).toContain("error=Configuration");
      expect(errors.map((error) => error.message)).toEqual([
        "session.generateSessionToken must return 16 to 1024 characters of A-Z a-z 0-9 - . _ ~ + / = (e.g. crypto.randomUUID()). (see docs/errors.md#invalidconfig)",
      ]);
    }
  });
});

describe("JWT sessions", () => {
  it("re-issues the cookie once it is exactly updateAge old, not a second before", async () => {
    const browser = new TestBrowser(config({ session: { updateAge: 60 } }));
    await signedIn(browser);
    at(59_999);
    expect((await browser.fetch("/auth/session")).headers.getSetCookie()).toEqual([]);
    at(60_000);
    expect((await browser.fetch("/auth/session")).headers.getSetCookie()).toHaveLength(1);
  });

  it("an update re-issues the cookie even when nothing in the token changed", async () => {
    const browser = new TestBrowser(config());
    await signedIn(browser);
    const csrfToken = await browser.csrfToken();
    const response = await browser.fetch("/auth/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toHaveLength(1);
  });

  it("a custom jwt callback that changes nothing does not re-issue the cookie; one that changes it does", async () => {
    let stamp = 0;
    const unchanged = new TestBrowser(config({ callbacks: { jwt: ({ token }) => token } }));
    await signedIn(unchanged);
    expect((await unchanged.fetch("/auth/session")).headers.getSetCookie()).toEqual([]);

    const changing = new TestBrowser(
      config({
        callbacks: {
          jwt: ({ token }) => {
            token.stamp = ++stamp;
            return token;
          },
        },
      }),
    );
    await signedIn(changing);
    expect((await changing.fetch("/auth/session")).headers.getSetCookie()).toHaveLength(1);
  });

  it.each([
    ["synchronous", (token: JWT) => ({ ...token, tier: "gold" })],
    ["asynchronous", async (token: JWT) => ({ ...token, tier: "gold" })],
  ])("a %s jwt and session callback shape the session read", async (_kind, shape) => {
    const browser = new TestBrowser(
      config({
        callbacks: {
          jwt: ({ token }) => shape(token),
          session: async ({ session, token }) => ({ ...session, tier: token.tier }),
        },
      }),
    );
    await signedIn(browser);
    expect(await browser.session()).toMatchObject({ tier: "gold", user: { name: "ada" } });
  });

  it("a custom decode never sees an empty session cookie", async () => {
    const decode = vi.fn(async () => ({ sub: "forged", exp: Date.now() / 1000 + 60 }));
    const browser = new TestBrowser(config({ jwt: { decode } }));
    browser.jar.set(SESSION_COOKIE, "");
    expect(await browser.session()).toBeNull();
    expect(decode).not.toHaveBeenCalled();
  });

  it("a custom decode that throws is logged as a JWTSessionError, with its cause, and reads as no session", async () => {
    const errors: Error[] = [];
    const cause = new Error("bad token format");
    const browser = new TestBrowser(
      config({
        jwt: {
          decode: async () => {
            throw cause;
          },
        },
        logger: { error: (error) => void errors.push(error) },
      }),
    );
    browser.jar.set(SESSION_COOKIE, "some-token");
    expect(await browser.session()).toBeNull();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ name: "JWTSessionError", cause });
    expect(errors[0]?.message).toContain("jwt.decode threw");
  });

  it("a custom decode that answers null is the app's verdict: no session, and nothing logged", async () => {
    const errors: Error[] = [];
    const browser = new TestBrowser(
      config({ jwt: { decode: async () => null }, logger: { error: (error) => void errors.push(error) } }),
    );
    browser.jar.set(SESSION_COOKIE, "a-token-the-app-refuses");
    expect(await browser.session()).toBeNull();
    expect(errors).toEqual([]);
  });

  it("the jwt callback at sign-in gets no sub for a user without an id", async () => {
    const initial: JWT[] = [];
    const browser = new TestBrowser(
      config({
        callbacks: {
          jwt: ({ token, user }) => {
            if (user) initial.push({ ...token });
            return token;
          },
        },
      }),
    );
    await signedIn(browser, "nobody");
    expect(initial).toHaveLength(1);
    expect(Object.keys(initial[0] as JWT)).not.toContain("sub");
  });
});

describe("the default redirect callback", () => {
  it("keeps a target on the app that ends with a slash", async () => {
    const browser = new TestBrowser(config());
    await signedIn(browser);
    const csrfToken = await browser.csrfToken();
    const response = await browser.fetch("/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, callbackUrl: "http://app.test/goodbye/" }),
    });
    expect(response.headers.get("location")).toBe("http://app.test/goodbye/");
  });
});
