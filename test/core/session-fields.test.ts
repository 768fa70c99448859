import { describe, expect, it } from "vitest";
import { createMemoryTables, MemoryAdapter } from "../../src/adapters/memory.js";
import type { AdapterUser } from "../../src/adapters/types.js";
import { encode } from "../../src/jwt/index.js";
import { CookieJar, getCsrf, makeConfig, SECRET, send, signedIn } from "./helpers.js";

const SESSION_COOKIE = "__Secure-authjs.session-token";
const HOUR = 3600;

/** A session JWT as another service (or an older app version) might have written it: extra claims included. */
async function jwtWithExtraClaims(): Promise<CookieJar> {
  const token = await encode({
    token: {
      sub: "user-1",
      name: "Alice",
      email: "alice@example.test",
      picture: "https://cdn.test/a.png",
      role: "admin",
      accessToken: "provider-access-token",
      passwordHash: "$argon2id$...",
    },
    secret: SECRET,
    salt: SESSION_COOKIE,
    maxAge: HOUR,
  });
  return new CookieJar({ [SESSION_COOKIE]: token });
}

/** A database with a user row carrying columns the app added, and a session row for it. */
function databaseWithExtraColumns() {
  const tables = createMemoryTables();
  const user = {
    id: "user-1",
    name: "Alice",
    email: "alice@example.test",
    emailVerified: new Date("2024-01-01T00:00:00Z"),
    image: "https://cdn.test/a.png",
    role: "admin",
    passwordHash: "$argon2id$...",
    stripeCustomerId: "cus_123",
  } as AdapterUser;
  tables.users.set(user.id, user);
  // Written recently (expires - maxAge + updateAge is in the future), so no extension is due.
  const expires = new Date(Date.now() + 30 * 24 * HOUR * 1000 - 60_000);
  tables.sessions.set("raw-session-token", { sessionToken: "raw-session-token", userId: user.id, expires });
  return { tables, expires, jar: new CookieJar({ [SESSION_COOKIE]: "raw-session-token" }) };
}

async function sessionOf(config: ReturnType<typeof makeConfig>, jar: CookieJar): Promise<unknown> {
  const response = await send(config, "/session", { cookie: jar });
  expect(response.status).toBe(200);
  return response.json();
}

describe("GET /session carries only what the callbacks put there", () => {
  it("JWT: extra claims stay out; the default session has user.id/name/email/image and expires only", async () => {
    const session = (await sessionOf(makeConfig(), await jwtWithExtraClaims())) as Record<string, unknown>;
    expect(Object.keys(session).sort()).toEqual(["expires", "user"]);
    expect(session.user).toEqual({
      id: "user-1",
      name: "Alice",
      email: "alice@example.test",
      image: "https://cdn.test/a.png",
    });
    expect(JSON.stringify(session)).not.toMatch(/admin|provider-access-token|argon2/);
  });

  it("JWT: a custom session callback's result is the whole session", async () => {
    const config = makeConfig({
      callbacks: { session: ({ token }) => ({ userId: token?.sub, role: token?.role }) },
    });
    expect(await sessionOf(config, await jwtWithExtraClaims())).toEqual({ userId: "user-1", role: "admin" });
  });

  it("database: extra user columns stay out; the default session has user.id/name/email/image and expires only", async () => {
    const { tables, expires, jar } = databaseWithExtraColumns();
    const config = makeConfig({ adapter: MemoryAdapter(tables) });
    expect(await sessionOf(config, jar)).toEqual({
      user: { id: "user-1", name: "Alice", email: "alice@example.test", image: "https://cdn.test/a.png" },
      expires: expires.toISOString(),
    });
  });

  it("database: a custom session callback's result is the whole session", async () => {
    const { tables, jar } = databaseWithExtraColumns();
    const config = makeConfig({
      adapter: MemoryAdapter(tables),
      callbacks: { session: ({ user }) => ({ id: user?.id, plan: "pro" }) },
    });
    expect(await sessionOf(config, jar)).toEqual({ id: "user-1", plan: "pro" });
  });
});

describe("POST /session cannot smuggle fields into the session", () => {
  const smuggled = { user: { name: "Mallory", email: "mallory@evil.test", role: "admin" }, role: "admin" };

  it("JWT: with the default callbacks the update data is ignored", async () => {
    const config = makeConfig();
    const jar = await signedIn(config);
    const { token } = await getCsrf(config, { cookie: jar });
    const response = await send(config, "/session", {
      cookie: jar,
      json: { csrfToken: token, data: smuggled },
    });
    expect(response.status).toBe(200);
    jar.apply(response);
    for (const session of [await response.json(), await sessionOf(config, jar)]) {
      expect(session).toMatchObject({ user: { name: "Alice", email: "alice@example.test" } });
      expect(JSON.stringify(session)).not.toMatch(/Mallory|admin/);
    }
  });

  it("JWT: only what the jwt callback copies from the update is kept", async () => {
    const config = makeConfig({
      callbacks: {
        jwt: ({ token, trigger, session }) => {
          const name = (session as { user?: { name?: unknown } } | undefined)?.user?.name;
          return trigger === "update" && typeof name === "string" ? { ...token, name } : token;
        },
      },
    });
    const jar = await signedIn(config);
    const { token } = await getCsrf(config, { cookie: jar });
    const response = await send(config, "/session", {
      cookie: jar,
      json: { csrfToken: token, data: smuggled },
    });
    jar.apply(response);
    const session = await sessionOf(config, jar);
    expect(session).toMatchObject({ user: { name: "Mallory", email: "alice@example.test" } });
    expect(JSON.stringify(session)).not.toMatch(/admin|mallory@evil/);
  });

  it("database: the update data reaches the session callback as newSession and nowhere else", async () => {
    const { tables, jar } = databaseWithExtraColumns();
    const seen: unknown[] = [];
    const config = makeConfig({
      adapter: MemoryAdapter(tables),
      callbacks: {
        session: ({ session, trigger, newSession }) => {
          if (trigger === "update") seen.push(newSession);
          return { user: { name: session.user?.name }, expires: session.expires };
        },
      },
    });
    const { token } = await getCsrf(config, { cookie: jar });
    const response = await send(config, "/session", {
      cookie: jar,
      json: { csrfToken: token, data: smuggled },
    });
    expect(response.status).toBe(200);
    expect(JSON.stringify(await response.json())).not.toMatch(/Mallory|admin/);
    expect(seen).toEqual([smuggled]);
    expect(tables.users.get("user-1")?.name).toBe("Alice");
  });

  it("without a session, POST /session answers null", async () => {
    const config = makeConfig();
    const { token, jar } = await getCsrf(config);
    const response = await send(config, "/session", {
      cookie: jar,
      json: { csrfToken: token, data: smuggled },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
  });
});
