/**
 * When the adapter fails, the log says which step failed: the message of the AdapterError (or the
 * SessionNotDeleted warning) is how an operator learns whether reading, extending or creating a
 * session broke. Each test breaks one adapter method of a MemoryAdapter and drives `Auth()`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMemoryTables, MemoryAdapter } from "../../src/adapters/memory.js";
import type { Adapter } from "../../src/adapters/types.js";
import { type AuthConfig, listUserSessions, revokeUserSession, revokeUserSessions } from "../../src/index.js";
import Credentials from "../../src/providers/credentials.js";
import { sessionIdOfToken } from "../../src/session/session-token.js";
import { SECRET, TestBrowser } from "./harness.js";

const SESSION_COOKIE = "authjs.session-token";
const DAY_MS = 24 * 60 * 60 * 1000;
const START = new Date("2026-11-01T00:00:00Z");

/** What the config's logger received. */
interface Log {
  errors: Error[];
  warnings: Array<[string, string | undefined]>;
  debug: unknown[][];
}

function setup(adapter: Adapter, overrides: Partial<AuthConfig> = {}) {
  const log: Log = { errors: [], warnings: [], debug: [] };
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter,
    debug: true,
    logger: {
      error: (error) => void log.errors.push(error),
      warn: (code, message) => void log.warnings.push([code, message]),
      debug: (...args) => void log.debug.push(args),
    },
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username }) => ({
          id: `id-${String(username)}`,
          name: String(username),
          email: `${String(username)}@example.test`,
        }),
      }),
    ],
    ...overrides,
  };
  return { config, log, browser: new TestBrowser(config) };
}

const failure = (what: string) => () => {
  throw new Error(`${what} is broken`);
};

/** The adapter with `method` replaced by one that throws. */
const breaking = (adapter: Adapter, method: keyof Adapter): Adapter => ({
  ...adapter,
  [method]: failure(method),
});

const signIn = (browser: TestBrowser, username = "ada") =>
  browser.postForm("/auth/callback/credentials", { username, password: "pw" });

const adapterErrorMessages = (log: Log) =>
  log.errors.filter((error) => error.name === "AdapterError").map((error) => error.message);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("database sessions", () => {
  it("a failed read is logged as reading the session", async () => {
    const adapter = MemoryAdapter();
    const working = setup(adapter);
    await signIn(working.browser);
    const { config, log } = setup(breaking(adapter, "getSessionAndUser"));
    const browser = new TestBrowser(config);
    browser.jar.set(SESSION_COOKIE, working.browser.jar.get(SESSION_COOKIE) as string);
    expect((await browser.fetch("/auth/session")).status).toBe(500);
    expect(adapterErrorMessages(log)).toEqual([
      "The adapter failed to read the session. (see docs/errors.md#adaptererror)",
    ]);
  });

  it("a failed extension is logged as extending the session", async () => {
    const adapter = MemoryAdapter();
    const { browser } = setup(adapter);
    await signIn(browser);
    const broken = setup(breaking(adapter, "updateSession"));
    const later = new TestBrowser(broken.config);
    later.jar.set(SESSION_COOKIE, browser.jar.get(SESSION_COOKIE) as string);
    vi.setSystemTime(new Date(START.valueOf() + 2 * DAY_MS));
    expect((await later.fetch("/auth/session")).status).toBe(500);
    expect(adapterErrorMessages(broken.log)).toEqual([
      "The adapter failed to extend the session. (see docs/errors.md#adaptererror)",
    ]);
  });

  it("a failed session write at sign-in is logged as creating the session", async () => {
    const { browser, log } = setup(breaking(MemoryAdapter(), "createSession"));
    const response = await signIn(browser);
    expect(new URL(response.headers.get("location") as string).searchParams.get("error")).toBe(
      "Configuration",
    );
    expect(adapterErrorMessages(log)).toEqual([
      "The adapter failed to create the session. (see docs/errors.md#adaptererror)",
    ]);
  });

  it.each([
    [
      "an expired session it sees",
      async (browser: TestBrowser) => {
        vi.setSystemTime(new Date(START.valueOf() + 31 * DAY_MS));
        expect(await browser.session()).toBeNull();
      },
      "delete an expired session",
    ],
    [
      "the previous session at a new sign-in",
      async (browser: TestBrowser) => {
        expect((await signIn(browser)).status).toBe(302);
      },
      "end the previous session",
    ],
    [
      "the session at sign-out",
      async (browser: TestBrowser) => {
        const response = await browser.postForm("/auth/signout", {});
        expect(response.status).toBe(302);
      },
      "delete the session",
    ],
  ])("a failed delete of %s is a warning, and the cookie is cleared", async (_what, act, why) => {
    const adapter = MemoryAdapter();
    const first = setup(adapter);
    await signIn(first.browser);
    const { config, log } = setup(breaking(adapter, "deleteSession"));
    const browser = new TestBrowser(config);
    browser.jar.set(SESSION_COOKIE, first.browser.jar.get(SESSION_COOKIE) as string);
    const before = browser.jar.get(SESSION_COOKIE);
    await act(browser);
    expect(browser.jar.get(SESSION_COOKIE)).not.toBe(before);
    expect(log.warnings).toContainEqual([
      "SessionNotDeleted",
      `The adapter failed to ${why}; the cookie is cleared all the same.`,
    ]);
    expect(log.debug).toContainEqual([
      "deleteSession failed",
      expect.objectContaining({ name: "AdapterError" }),
    ]);
    expect(log.errors).toEqual([]);
  });
});

describe("first sign-ins", () => {
  it.each<[keyof Adapter, string]>([
    ["getUser", "find the user"],
    ["getUserByEmail", "find the user by e-mail"],
    ["createUserAndLinkAccount", "create the user and link the account"],
  ])("a failing %s is logged as failing to %s", async (method, what) => {
    const { browser, log } = setup(breaking(MemoryAdapter(), method));
    const response = await signIn(browser);
    expect(new URL(response.headers.get("location") as string).searchParams.get("error")).toBe(
      "Configuration",
    );
    expect(adapterErrorMessages(log)).toEqual([
      `The adapter failed to ${what}. (see docs/errors.md#adaptererror)`,
    ]);
  });

  it("a failing getUserByAccount is logged as failing to find the linked user", async () => {
    const { browser, log } = setup(breaking(MemoryAdapter(), "getUserByAccount"));
    await signIn(browser);
    expect(adapterErrorMessages(log)).toEqual([
      "The adapter failed to find the linked user. (see docs/errors.md#adaptererror)",
    ]);
  });

  it.each<[keyof Adapter, string]>([
    ["createUser", "create the user"],
    ["linkAccount", "link the account"],
  ])("without createUserAndLinkAccount, a failing %s is logged as failing to %s", async (method, what) => {
    const adapter = { ...breaking(MemoryAdapter(), method), createUserAndLinkAccount: undefined };
    const { browser, log } = setup(adapter);
    await signIn(browser);
    expect(adapterErrorMessages(log)).toEqual([
      `The adapter failed to ${what}. (see docs/errors.md#adaptererror)`,
    ]);
  });
});

describe("session management", () => {
  /** Alice signed in on a MemoryAdapter whose tables the test can read. */
  async function signedInUser() {
    const tables = createMemoryTables();
    const adapter = MemoryAdapter(tables);
    const { browser, config } = setup(adapter);
    await signIn(browser);
    const [session] = [...tables.sessions.values()];
    if (!session) throw new Error("sign-in stored no session");
    return { adapter, config, session };
  }

  it("says which step failed", async () => {
    const { adapter, config, session } = await signedInUser();
    const noList = { ...config, adapter: breaking(adapter, "listSessionsByUserId") };
    await expect(listUserSessions(noList, session.userId)).rejects.toThrow(
      "The adapter failed to list sessions.",
    );
    await expect(revokeUserSessions(noList, session.userId)).rejects.toThrow(
      "The adapter failed to list sessions.",
    );
    const noDelete = { ...config, adapter: breaking(adapter, "deleteSession") };
    await expect(
      revokeUserSession(noDelete, session.userId, await sessionIdOfToken(session.sessionToken)),
    ).rejects.toThrow("The adapter failed to revoke a session.");
    await expect(revokeUserSessions(noDelete, session.userId)).rejects.toThrow(
      "The adapter failed to revoke a session.",
    );
  });

  it("lists a session that expires this very millisecond as over", async () => {
    const { config, session } = await signedInUser();
    vi.setSystemTime(new Date(session.expires.valueOf() - 1));
    expect(await listUserSessions(config, session.userId)).toHaveLength(1);
    vi.setSystemTime(session.expires);
    expect(await listUserSessions(config, session.userId)).toEqual([]);
  });
});
