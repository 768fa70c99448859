/**
 * Who is signed in, as a stored user (for passkey registration and the user's own records): null
 * for no session, an unreadable or expired one, or a JWT that names no stored user; the adapter is
 * asked only about a user id the session actually names.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemoryTables, MemoryAdapter } from "../../src/adapters/memory.js";
import type { Adapter } from "../../src/adapters/types.js";
import type { AuthConfig } from "../../src/index.js";
import { encode } from "../../src/jwt/index.js";
import { serverContext } from "../../src/pipeline/server-context.js";
import { signedInUser } from "../../src/session/signed-in-user.js";
import { SECRET } from "./harness.js";

const SESSION_COOKIE = "authjs.session-token";
const SESSION_TOKEN = "session-alice-0123456789";

afterEach(() => {
  vi.useRealTimers();
});

/**
 * A MemoryAdapter holding alice and her session, whose lookups refuse a key that is not a
 * non-empty string, as a database adapter's query would (Prisma rejects `where: { id: undefined }`).
 */
async function storage(sessionExpires: Date) {
  const memory = MemoryAdapter(createMemoryTables());
  const adapter: Adapter = {
    ...memory,
    getUser: (id) => {
      if (typeof id !== "string" || id === "") throw new Error(`getUser(${JSON.stringify(id)})`);
      return memory.getUser(id);
    },
    getSessionAndUser: (sessionToken) => {
      if (typeof sessionToken !== "string") throw new Error(`getSessionAndUser(${String(sessionToken)})`);
      return memory.getSessionAndUser(sessionToken);
    },
  };
  await memory.createUser({ id: "user-alice", email: "alice@example.test", emailVerified: null });
  await memory.createSession({ sessionToken: SESSION_TOKEN, userId: "user-alice", expires: sessionExpires });
  return adapter;
}

const failing = () => {
  throw new Error("database down");
};

function request(cookie?: string): Request {
  return new Request(
    "http://app.test/api/me",
    cookie ? { headers: { cookie: `${SESSION_COOKIE}=${cookie}` } } : {},
  );
}

async function whoIs(config: AuthConfig, cookie?: string) {
  return signedInUser(serverContext(request(cookie), config));
}

describe("JWT sessions", () => {
  async function config(): Promise<AuthConfig> {
    return {
      providers: [],
      secret: SECRET,
      trustHost: true,
      adapter: await storage(new Date(Date.now() + 3_600_000)),
      session: { strategy: "jwt" },
    };
  }
  const jwt = (claims: Record<string, unknown>) =>
    encode({ token: claims, secret: SECRET, salt: SESSION_COOKIE, maxAge: 3600 });

  it("is the stored user the token's sub names", async () => {
    expect((await whoIs(await config(), await jwt({ sub: "user-alice" })))?.email).toBe("alice@example.test");
  });

  it("is null for a sub no stored user has", async () => {
    expect(await whoIs(await config(), await jwt({ sub: "user-nobody" }))).toBeNull();
  });

  it.each([undefined, "", 42])("is null, without asking the adapter, for a sub of %j", async (sub) => {
    expect(await whoIs(await config(), await jwt(sub === undefined ? {} : { sub }))).toBeNull();
  });

  it("says which step failed when the adapter cannot look the user up", async () => {
    const broken = { ...(await config()), adapter: { ...(await storage(new Date())), getUser: failing } };
    await expect(whoIs(broken, await jwt({ sub: "user-alice" }))).rejects.toThrow(
      "The adapter failed to find the signed-in user.",
    );
  });

  it("is null without a session cookie, or with one that does not open", async () => {
    expect(await whoIs(await config())).toBeNull();
    expect(await whoIs(await config(), "not-a-jwe")).toBeNull();
  });
});

describe("database sessions", () => {
  async function config(expires: Date): Promise<AuthConfig> {
    return {
      providers: [],
      secret: SECRET,
      trustHost: true,
      adapter: await storage(expires),
      session: { strategy: "database" },
    };
  }

  it("is the session's user until the session expires, and null from that very millisecond", async () => {
    const now = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now });
    expect((await whoIs(await config(new Date(now + 1)), SESSION_TOKEN))?.id).toBe("user-alice");
    expect(await whoIs(await config(new Date(now)), SESSION_TOKEN)).toBeNull();
  });

  it("says which step failed when the adapter cannot read the session", async () => {
    const live = await config(new Date(Date.now() + 3_600_000));
    const broken = { ...live, adapter: { ...live.adapter, getSessionAndUser: failing } };
    await expect(whoIs(broken, SESSION_TOKEN)).rejects.toThrow("The adapter failed to read the session.");
  });

  it("is null without a session cookie, or for a session nobody stored", async () => {
    const live = await config(new Date(Date.now() + 3_600_000));
    expect(await whoIs(live)).toBeNull();
    expect(await whoIs(live, "session-nobody-0123456789")).toBeNull();
  });
});
