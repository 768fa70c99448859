/**
 * Database sessions and next-auth v4 adoption on an edge runtime, where package.json's
 * `#session-strategies` and `#migrations` pick their `.edge` modules: `Auth` brings neither, so a
 * single-file bundle holds their code only when the app imports the value that carries it
 * (`databaseStrategy` from "latchkey", `nextAuthV4Sessions` from "latchkey/migrate"). Without the
 * import, startup fails naming it; with it, both work as on Node. JWT sessions need nothing.
 */
import { describe, expect, it, vi } from "vitest";
import { createMemoryTables, MemoryAdapter } from "../../src/adapters/memory.js";
import { type AuthConfig, checkConfig, databaseStrategy, getSession } from "../../src/index.js";
import { nextAuthV4Sessions } from "../../src/migrate/index.js";
import Credentials from "../../src/providers/credentials.js";
import { CookieJar, HTTP_APP, recordingLogger, send } from "../core/helpers.js";
import { loadNextAuthV4 } from "../oracles/next-auth-v4.js";
import { SECRET, TestBrowser } from "./harness.js";

vi.mock("#session-strategies", () => import("../../src/session/strategy-registry.edge.js"));
vi.mock("#migrations", () => import("../../src/migrate/registry.edge.js"));

const CACHE_COOKIE = "latchkey.session-cache";
const SESSION_COOKIE = "authjs.session-token";

const credentials = Credentials({
  credentials: { username: {} },
  authorize: ({ username }) => ({ id: `app-${String(username)}`, name: String(username) }),
});

const configWith = (overrides: Partial<AuthConfig>): AuthConfig => ({
  secret: SECRET,
  trustHost: true,
  providers: [credentials],
  ...overrides,
});

/** The log of a startup that fails: every route answers 500 and logs why. */
async function startupError(config: AuthConfig): Promise<string> {
  const log = recordingLogger();
  const response = await send({ ...config, logger: log.logger }, "/providers");
  expect(response.status).toBe(500);
  return log.text();
}

async function signIn(config: AuthConfig): Promise<TestBrowser> {
  const browser = new TestBrowser(config);
  const response = await browser.postForm("/auth/callback/credentials", { username: "ada" });
  expect(response.status).toBe(302);
  return browser;
}

const DATABASE_IMPORT =
  /Database sessions are not built into Auth on edge runtimes: import \{ databaseStrategy \} from "latchkey" and set session: \{ strategy: databaseStrategy \}/;

describe("on an edge runtime, database sessions", () => {
  it.each<[string, Partial<AuthConfig>]>([
    ['named "database"', { adapter: MemoryAdapter(), session: { strategy: "database" } }],
    ["implied by an adapter", { adapter: MemoryAdapter() }],
    [
      "with the cookie cache",
      { adapter: MemoryAdapter(), session: { strategy: "database", cookieCache: { maxAge: 60 } } },
    ],
  ])("%s fail at startup, naming the import that brings them", async (_case, overrides) => {
    expect(await startupError(configWith(overrides))).toMatch(DATABASE_IMPORT);
  });

  it("are reported by checkConfig (latchkey doctor) the same way", () => {
    const findings = checkConfig(configWith({ adapter: MemoryAdapter() }), {});
    expect(findings).toContainEqual(
      expect.objectContaining({ severity: "error", message: expect.stringMatching(DATABASE_IMPORT) }),
    );
  });

  it("work with databaseStrategy: the session lives in the adapter, read by GET /session and getSession", async () => {
    const tables = createMemoryTables();
    const config = configWith({ adapter: MemoryAdapter(tables), session: { strategy: databaseStrategy } });
    const browser = await signIn(config);
    expect(tables.sessions.size).toBe(1);
    expect([...tables.sessions.keys()]).toEqual([browser.jar.get(SESSION_COOKIE)]);
    const [user] = [...tables.users.values()];
    expect(await browser.session()).toMatchObject({ user: { id: user?.id, name: "ada" } });
    const request = new Request("http://app.test/account", { headers: { cookie: browser.cookieHeader() } });
    expect(await getSession(request, config)).toMatchObject({ user: { name: "ada" } });

    await browser.postForm("/auth/signout", {});
    expect(tables.sessions.size).toBe(0);
    expect(await browser.session()).toBeNull();
  });

  it("work with databaseStrategy and the cookie cache", async () => {
    const config = configWith({
      adapter: MemoryAdapter(),
      session: { strategy: databaseStrategy, cookieCache: { maxAge: 60 } },
    });
    const browser = await signIn(config);
    expect(browser.jar.has(CACHE_COOKIE)).toBe(true);
    expect(await browser.session()).toMatchObject({ user: { name: "ada" } });
  });

  it("are not needed for JWT sessions, which sign in and read as on Node", async () => {
    const browser = await signIn(configWith({}));
    expect(await browser.session()).toMatchObject({ user: { name: "ada" } });
  });
});

describe("on an edge runtime, next-auth v4 sessions", () => {
  const v4 = loadNextAuthV4();

  it("with migrate: { nextAuthV4: true } fail at startup, naming the import that brings them", async () => {
    expect(await startupError(configWith({ migrate: { nextAuthV4: true } }))).toMatch(
      /migrate.nextAuthV4: true is not built into Auth on edge runtimes: import \{ nextAuthV4Sessions \} from "latchkey\/migrate"/,
    );
  });

  it("with nextAuthV4Sessions are adopted: a v4 cookie signs in and is re-issued as latchkey's", async () => {
    const config = configWith({ migrate: { nextAuthV4: nextAuthV4Sessions } });
    const v4Token = await v4.jwt.encode({ token: { sub: "user-v4", name: "Vera" }, secret: SECRET });
    const response = await send(config, "/session", {
      origin: HTTP_APP,
      cookie: new CookieJar({ "next-auth.session-token": v4Token }),
    });
    expect(await response.json()).toMatchObject({ user: { id: "user-v4", name: "Vera" } });
    const jar = new CookieJar({ "next-auth.session-token": v4Token }).apply(response);
    expect([...jar.cookies.keys()]).toEqual([SESSION_COOKIE]);
  });

  it("are ignored without the option: a v4 cookie signs nobody in", async () => {
    const v4Token = await v4.jwt.encode({ token: { sub: "user-v4" }, secret: SECRET });
    const response = await send(configWith({}), "/session", {
      origin: HTTP_APP,
      cookie: new CookieJar({ "next-auth.session-token": v4Token }),
    });
    expect(await response.json()).toBeNull();
  });

  it("refuse a migrate value that carries no code", async () => {
    const forged = { migrates: "next-auth-v4" } as const;
    expect(await startupError(configWith({ migrate: { nextAuthV4: forged } }))).toMatch(
      /migrate.nextAuthV4 takes true or nextAuthV4Sessions from "latchkey\/migrate"/,
    );
  });
});
