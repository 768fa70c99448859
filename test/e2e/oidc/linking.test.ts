/**
 * The OAuth/OIDC linking rules of login.ts against the real OpenID Provider, on the MemoryAdapter:
 * the events each rule emits, the tokens a re-login stores, and which session counts as "signed in"
 * when an account is about to be linked to it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryTables, MemoryAdapter, type MemoryTables } from "../../../src/adapters/memory.js";
import type { Adapter } from "../../../src/adapters/types.js";
import type { AuthConfig } from "../../../src/index.js";
import type { OIDCConfig } from "../../../src/providers/types.js";
import { SECRET } from "../../core/helpers.js";
import { newBrowser, sessionOf, signInAtOP } from "./browser.js";
import { providerAt, startOP, type TestOP } from "./op.js";

let op: TestOP;
beforeAll(async () => {
  op = await startOP();
});
afterAll(() => op.close());

const opProvider = (overrides: Partial<OIDCConfig> = {}): OIDCConfig => providerAt(op, overrides);

function app(options: { tables?: MemoryTables; adapter?: Adapter; config?: Partial<AuthConfig> } = {}) {
  const tables = options.tables ?? createMemoryTables();
  const events: string[] = [];
  const config: AuthConfig = {
    // The OP verifies alice's address and the app trusts it to say so; op-b links by address.
    providers: [
      opProvider({ trustEmailVerified: true }),
      opProvider({ id: "op-b", allowDangerousEmailAccountLinking: true }),
    ],
    secret: SECRET,
    trustHost: true,
    adapter: options.adapter ?? MemoryAdapter(tables),
    session: { strategy: "database" },
    events: {
      createUser: ({ user }) => void events.push(`createUser:${user.email}`),
      linkAccount: ({ user, account }) =>
        void events.push(
          `linkAccount:${account.provider}:${account.providerAccountId}->${user.email}:${account.userId === user.id}`,
        ),
    },
    ...options.config,
  };
  return { config, tables, events };
}

const userIdOf = (tables: MemoryTables, provider: string, id: string) =>
  [...tables.accounts.values()].find((a) => a.provider === provider && a.providerAccountId === id)?.userId;

describe("OAuth linking rules", () => {
  it("a first sign-in emits createUser, then linkAccount for the new user", async () => {
    const { config, events } = app();
    await signInAtOP(config, newBrowser(), "op", "alice");
    expect(events).toEqual([
      "createUser:alice@example.test",
      "linkAccount:op:alice->alice@example.test:true",
    ]);
  });

  it("linking to the signed-in user, or by e-mail where allowed, emits linkAccount only", async () => {
    const { config, events, tables } = app();
    const browser = newBrowser();
    await signInAtOP(config, browser, "op", "alice");
    await signInAtOP(config, browser, "op", "bob");
    expect(userIdOf(tables, "op", "bob")).toBe(userIdOf(tables, "op", "alice"));
    await signInAtOP(config, newBrowser(), "op-b", "mallory");
    expect(userIdOf(tables, "op-b", "mallory")).toBe(userIdOf(tables, "op", "alice"));
    expect(events).toEqual([
      "createUser:alice@example.test",
      "linkAccount:op:alice->alice@example.test:true",
      "linkAccount:op:bob->alice@example.test:true",
      "linkAccount:op-b:mallory->alice@example.test:true",
    ]);
    expect(tables.users.size).toBe(1);
  });

  it("a re-login stores the new tokens by the account's key, and nothing that is not a token", async () => {
    const tables = createMemoryTables();
    const base = MemoryAdapter(tables);
    const updates: Array<Record<string, unknown>> = [];
    const adapter: Adapter = {
      ...base,
      updateAccount: async (account) => {
        updates.push({ ...account });
        return base.updateAccount?.(account) ?? null;
      },
    };
    const { config } = app({ tables, adapter });
    await signInAtOP(config, newBrowser(), "op", "alice");
    expect(updates).toEqual([]);
    await signInAtOP(config, newBrowser(), "op", "alice");
    expect(updates).toHaveLength(1);
    const [update] = updates;
    expect(update).toMatchObject({ provider: "op", providerAccountId: "alice", token_type: "bearer" });
    for (const field of ["access_token", "id_token", "refresh_token", "expires_at"]) {
      expect(update?.[field]).toBeDefined();
    }
    expect(Object.keys(update ?? {})).not.toContain("userId");
    expect(Object.keys(update ?? {})).not.toContain("type");
    expect(Object.values(update ?? {})).not.toContain(undefined);
  });

  it("an adapter without updateAccount keeps the first tokens, and the user still signs in", async () => {
    const tables = createMemoryTables();
    const { updateAccount: _, ...adapter } = MemoryAdapter(tables);
    const { config } = app({ tables, adapter });
    await signInAtOP(config, newBrowser(), "op", "alice");
    const first = [...tables.accounts.values()][0]?.access_token;
    const browser = newBrowser();
    await signInAtOP(config, browser, "op", "alice");
    expect((await sessionOf(config, browser))?.user).toMatchObject({ email: "alice@example.test" });
    expect([...tables.accounts.values()][0]?.access_token).toBe(first);
  });

  it("an expired database session is nobody: its browser's next sign-in is not linked to it", async () => {
    const { config, tables } = app();
    const browser = newBrowser();
    await signInAtOP(config, browser, "op", "alice");
    for (const session of tables.sessions.values()) session.expires = new Date(Date.now() - 1_000);
    await signInAtOP(config, browser, "op", "bob");
    expect(userIdOf(tables, "op", "bob")).not.toBe(userIdOf(tables, "op", "alice"));
    expect(tables.users.size).toBe(2);
  });

  it("with JWT sessions, the signed-in user is the session token's subject", async () => {
    const { config, tables } = app({ config: { session: { strategy: "jwt" } } });
    const browser = newBrowser();
    await signInAtOP(config, browser, "op", "alice");
    await signInAtOP(config, browser, "op", "bob");
    expect(userIdOf(tables, "op", "bob")).toBe(userIdOf(tables, "op", "alice"));
    // Signed out (a fresh browser), bob's account signs in as its user, alice.
    const fresh = newBrowser();
    await signInAtOP(config, fresh, "op", "bob");
    expect((await sessionOf(config, fresh))?.user).toMatchObject({ email: "alice@example.test" });
  });

  it('a profile whose e-mail is "" has no address: nobody is looked up by it, and each such user stores null', async () => {
    const tables = createMemoryTables();
    const base = MemoryAdapter(tables);
    const lookedUp: string[] = [];
    const adapter: Adapter = {
      ...base,
      getUserByEmail: (email) => {
        lookedUp.push(email);
        return base.getUserByEmail(email);
      },
    };
    const withoutAddress = opProvider({ profile: (claims) => ({ id: claims.sub as string, email: "" }) });
    const { config } = app({ tables, adapter, config: { providers: [withoutAddress] } });
    for (const user of ["alice", "bob"]) {
      const response = await signInAtOP(config, newBrowser(), "op", user);
      expect(new URL(String(response.headers.get("location"))).searchParams.get("error")).toBeNull();
    }
    expect(lookedUp).toEqual([]);
    expect([...tables.users.values()].map((user) => user.email)).toEqual([null, null]);
  });

  it("with JWT sessions, a session whose user was deleted is nobody: the account signs in as its own user", async () => {
    const { config, tables } = app({ config: { session: { strategy: "jwt" } } });
    await signInAtOP(config, newBrowser(), "op", "bob");
    const browser = newBrowser();
    await signInAtOP(config, browser, "op", "alice");
    await MemoryAdapter(tables).deleteUser(userIdOf(tables, "op", "alice") as string);
    const response = await signInAtOP(config, browser, "op", "bob");
    expect(new URL(String(response.headers.get("location"))).searchParams.get("error")).toBeNull();
    expect((await sessionOf(config, browser))?.user).toMatchObject({ email: "bob@example.test" });
  });

  it("with JWT sessions, a failing getUser for the signed-in user is reported as that step", async () => {
    const tables = createMemoryTables();
    const base = MemoryAdapter(tables);
    let failing = false;
    const adapter: Adapter = {
      ...base,
      getUser: async (id) => {
        if (failing) throw new Error("connection reset");
        return base.getUser(id);
      },
    };
    const errors: string[] = [];
    const logger = { error: (error: Error) => void errors.push(error.message), warn: () => undefined };
    const { config } = app({ tables, adapter, config: { session: { strategy: "jwt" }, logger } });
    const browser = newBrowser();
    await signInAtOP(config, browser, "op", "alice");
    failing = true;
    await signInAtOP(config, browser, "op", "bob");
    expect(errors).toContain(
      "The adapter failed to find the signed-in user. (see docs/errors.md#adaptererror)",
    );
  });

  it("says whether each sign-in made a new user: only the first did", async () => {
    const signIns: boolean[] = [];
    const { config } = app({
      config: {
        session: { strategy: "database" },
        events: { signIn: ({ isNewUser }) => void signIns.push(Boolean(isNewUser)) },
      },
    });
    const browser = newBrowser();
    await signInAtOP(config, browser, "op", "alice"); // new user
    await signInAtOP(config, browser, "op", "bob"); // linked to the signed-in alice
    await signInAtOP(config, newBrowser(), "op", "alice"); // returning
    await signInAtOP(config, newBrowser(), "op-b", "mallory"); // linked by e-mail
    expect(signIns).toEqual([true, false, false, false]);
  });

  it("a signed-in user signing in again with their own account stays signed in as themselves", async () => {
    const { config, tables } = app();
    const browser = newBrowser();
    await signInAtOP(config, browser, "op", "alice");
    const response = await signInAtOP(config, browser, "op", "alice");
    expect(new URL(String(response.headers.get("location"))).searchParams.get("error")).toBeNull();
    expect((await sessionOf(config, browser))?.user).toMatchObject({ email: "alice@example.test" });
    expect(tables.users.size).toBe(1);
  });

  it("attack: two users without an e-mail address are still two: one signed in cannot take the account linked to the other", async () => {
    const withoutAddress = opProvider({
      profile: (profile) => ({ id: profile.sub as string, name: profile.name as string }),
    });
    const { config, tables } = app({ config: { providers: [withoutAddress] } });
    await signInAtOP(config, newBrowser(), "op", "bob");
    const browser = newBrowser();
    await signInAtOP(config, browser, "op", "alice");
    const alice = (await sessionOf(config, browser))?.user as { id: string };
    expect(alice).toMatchObject({ name: "Alice Liddell", email: null });

    const response = await signInAtOP(config, browser, "op", "bob");
    expect(new URL(String(response.headers.get("location"))).searchParams.get("error")).toBe(
      "OAuthAccountNotLinked",
    );
    expect((await sessionOf(config, browser))?.user).toMatchObject({ id: alice.id, name: "Alice Liddell" });
    expect(userIdOf(tables, "op", "bob")).not.toBe(userIdOf(tables, "op", "alice"));
  });

  it("explains each refusal: an account linked to someone else, an address that belongs to another user", async () => {
    const warnings: string[] = [];
    const logger = {
      warn: (code: string, message?: string) => void warnings.push(`${code}: ${message}`),
      error: () => undefined,
      debug: () => undefined,
    };
    const { config } = app({ config: { logger } });
    await signInAtOP(config, newBrowser(), "op", "bob");
    const browser = newBrowser();
    await signInAtOP(config, browser, "op", "alice");
    await signInAtOP(config, browser, "op", "bob");
    await signInAtOP(config, newBrowser(), "op", "mallory");
    expect(warnings.join("\n")).toContain(
      "OAuthAccountNotLinked: This op account is linked to another user; sign out before signing in with it.",
    );
    expect(warnings.join("\n")).toContain(
      "OAuthAccountNotLinked: The e-mail address of this op account belongs to a user who has not linked it. Sign in the way you did before, then link op; or set allowDangerousEmailAccountLinking on a provider that verifies addresses.",
    );
  });

  it("without an adapter, the profile is the session's user and never a new one", async () => {
    const signIns: boolean[] = [];
    const config: AuthConfig = {
      providers: [opProvider()],
      secret: SECRET,
      trustHost: true,
      pages: { newUser: "/welcome" },
      events: { signIn: ({ isNewUser }) => void signIns.push(Boolean(isNewUser)) },
    };
    const response = await signInAtOP(config, newBrowser(), "op", "alice");
    expect(new URL(String(response.headers.get("location"))).pathname).not.toBe("/welcome");
    expect(signIns).toEqual([false]);
  });

  it.each([
    ["getUserByAccount", "find the linked user", false],
    ["getUserByEmail", "find the user by e-mail", false],
    ["getSessionAndUser", "read the session", true],
    ["linkAccount", "link the account", true],
    ["updateAccount", "store the provider's new tokens", true],
  ] as const)("a failing %s is reported as failing to %s", async (method, step, afterFirstSignIn) => {
    const tables = createMemoryTables();
    const base = MemoryAdapter(tables);
    let failing = !afterFirstSignIn;
    const adapter = {
      ...base,
      [method]: async (...args: unknown[]) => {
        if (failing) throw new Error("connection reset");
        return (base[method] as (...args: unknown[]) => unknown)(...args);
      },
    } as Adapter;
    const errors: string[] = [];
    const logger = {
      error: (error: Error) => void errors.push(error.message),
      warn: () => undefined,
      debug: () => undefined,
    };
    const { config } = app({ tables, adapter, config: { logger } });
    const browser = newBrowser();
    if (afterFirstSignIn) {
      await signInAtOP(config, browser, "op", "alice");
      failing = true;
    }
    // Signed in as alice (or not at all), bob's or alice's account: every rule's first step runs.
    await signInAtOP(
      config,
      method === "updateAccount" ? newBrowser() : browser,
      "op",
      method === "updateAccount" ? "alice" : "bob",
    );
    expect(errors).toContain(`The adapter failed to ${step}. (see docs/errors.md#adaptererror)`);
  });
});
