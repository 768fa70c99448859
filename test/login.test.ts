/**
 * The sign-in rules in login.ts, through `Auth()` with a credentials provider: the `signIn`
 * callback's verdict, which stored user a sign-in becomes, when it counts as a new user (the
 * `pages.newUser` welcome and the events say so), and the first sign-in that loses a race.
 */
import { describe, expect, it, vi } from "vitest";
import { createMemoryTables, MemoryAdapter } from "../src/adapters/memory.js";
import type { Adapter, AdapterUser } from "../src/adapters/types.js";
import type { AuthConfig, User } from "../src/index.js";
import Credentials from "../src/providers/credentials.js";
import { APP, locationOf, makeConfig, send, signInWithCredentials } from "./core/helpers.js";

/** A config whose authorize returns `user` for any password but "wrong"; records logs and signIn events. */
function setup(user: User, overrides: Partial<AuthConfig> = {}) {
  const signIns: Array<{ user: User; isNewUser?: boolean }> = [];
  const warnings: Array<[string, string | undefined]> = [];
  const errors: Error[] = [];
  const config = makeConfig({
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ password }) => (password === "wrong" ? null : { ...user }),
      }),
    ],
    events: { signIn: (message) => void signIns.push(message) },
    logger: {
      error: (error) => void errors.push(error),
      warn: (code, message) => void warnings.push([code, message]),
      debug: () => undefined,
    },
    ...overrides,
  });
  return { config, signIns, warnings, errors };
}

const ADA: User = {
  id: "app-ada",
  name: "Ada",
  email: "ada@example.test",
  image: "https://img.test/ada.png",
};

const signIn = async (config: AuthConfig) => locationOf((await signInWithCredentials(config)).response);

describe("the signIn callback's verdict", () => {
  it.each([
    ["false", false],
    ["undefined", undefined],
    ["null", null],
  ])("%s refuses the sign-in as AccessDenied, saying the callback refused it", async (_what, verdict) => {
    const { config, warnings } = setup(ADA, { callbacks: { signIn: () => verdict as boolean } });
    const location = await signIn(config);
    expect(location.searchParams.get("error")).toBe("AccessDenied");
    expect(warnings).toContainEqual([
      "AccessDenied",
      "The signIn callback refused this sign-in. (see docs/errors.md#accessdenied)",
    ]);
  });
});

describe("database sessions: which user a credentials sign-in becomes", () => {
  it("a first sign-in stores a new user with the standard fields, and welcomes it on pages.newUser", async () => {
    const tables = createMemoryTables();
    const { config, signIns } = setup(ADA, {
      adapter: MemoryAdapter(tables),
      pages: { newUser: "/welcome" },
    });
    const location = await signIn(config);
    expect(location.origin + location.pathname).toBe(`${APP}/welcome`);
    expect(location.searchParams.get("callbackUrl")).toBe(`${APP}/`);
    const [stored] = [...tables.users.values()];
    expect(stored).toMatchObject({
      name: "Ada",
      email: "ada@example.test",
      image: "https://img.test/ada.png",
    });
    expect(signIns.map((event) => event.isNewUser)).toEqual([true]);

    const again = await signIn(config);
    expect(again.href).toBe(`${APP}/`);
    expect(signIns.map((event) => event.isNewUser)).toEqual([true, false]);
  });

  it("a user without an image or e-mail is stored with null for both", async () => {
    const tables = createMemoryTables();
    const { config } = setup({ id: "app-anon", name: "Anon" }, { adapter: MemoryAdapter(tables) });
    await signIn(config);
    expect([...tables.users.values()][0]).toMatchObject({ email: null, image: null });
  });

  it("an id the adapter knows is that user, not a new one", async () => {
    const tables = createMemoryTables();
    const adapter = MemoryAdapter(tables);
    const existing = await adapter.createUser?.({
      id: "app-ada",
      email: "ada@example.test",
      emailVerified: null,
      name: "Ada",
    } as AdapterUser);
    expect(existing).toBeDefined();
    const { config, signIns } = setup(ADA, { adapter, pages: { newUser: "/welcome" } });
    expect((await signIn(config)).href).toBe(`${APP}/`);
    expect(signIns).toEqual([
      expect.objectContaining({ isNewUser: false, user: expect.objectContaining({ id: "app-ada" }) }),
    ]);
    expect(tables.users.size).toBe(1);
  });

  it("prefers the adapter's createUserAndLinkAccount, and reports it returning nothing", async () => {
    const adapter = MemoryAdapter();
    const createUser = vi.fn(adapter.createUser);
    const together = vi.fn(adapter.createUserAndLinkAccount);
    await signIn(
      setup(ADA, { adapter: { ...adapter, createUser, createUserAndLinkAccount: together } }).config,
    );
    expect(together).toHaveBeenCalledTimes(1);
    expect(createUser).not.toHaveBeenCalled();

    const { config, errors } = setup(ADA, {
      adapter: { ...MemoryAdapter(), createUserAndLinkAccount: async () => null as never },
    });
    expect((await signIn(config)).searchParams.get("error")).toBe("Configuration");
    expect(errors.map((error) => error.message)).toContainEqual(
      expect.stringContaining("createUserAndLinkAccount returned nothing."),
    );
  });

  it("does not look a user up by an empty e-mail address, nor without getUserByEmail", async () => {
    const adapter = MemoryAdapter();
    const getUserByEmail = vi.fn(adapter.getUserByEmail);
    const { config } = setup({ ...ADA, email: "" }, { adapter: { ...adapter, getUserByEmail } });
    expect((await signIn(config)).href).toBe(`${APP}/`);
    expect(getUserByEmail).not.toHaveBeenCalled();

    const { getUserByEmail: _omitted, ...withoutLookup } = MemoryAdapter();
    expect((await signIn(setup(ADA, { adapter: withoutLookup as Adapter }).config)).href).toBe(`${APP}/`);
  });

  it("an e-mail address that belongs to another stored user is AccountNotLinked, with both ways out", async () => {
    const adapter = MemoryAdapter();
    await adapter.createUser?.({
      id: "owner-1",
      email: "ada@example.test",
      emailVerified: null,
    } as AdapterUser);
    const { config, errors, warnings } = setup(ADA, { adapter });
    expect((await signIn(config)).searchParams.get("error")).toBe("AccountNotLinked");
    const [, message] = warnings.find(([code]) => code === "AccountNotLinked") ?? [];
    expect(errors).toEqual([]);
    expect(message).toContain(
      'authorize of provider "credentials" returned the id "app-ada", which no stored user has, with an e-mail address that stored user "owner-1" has.',
    );
    expect(message).toContain('return "owner-1" as the id from authorize');
    expect(message).toContain(
      'adapter.linkAccount({ userId: "owner-1", type: "credentials", provider: "credentials", providerAccountId: "app-ada" })',
    );
  });

  it("an e-mail owner that turns out to be this very account, linked meanwhile, is that user", async () => {
    const adapter = MemoryAdapter();
    const owner = (await adapter.createUser?.({
      id: "owner-1",
      email: "ada@example.test",
      emailVerified: null,
    } as AdapterUser)) as AdapterUser;
    let looks = 0;
    const getUserByAccount: Adapter["getUserByAccount"] = async () => (++looks === 1 ? null : owner);
    const { config, signIns } = setup(ADA, { adapter: { ...adapter, getUserByAccount } });
    expect((await signIn(config)).href).toBe(`${APP}/`);
    expect(signIns).toEqual([
      expect.objectContaining({ isNewUser: false, user: expect.objectContaining({ id: "owner-1" }) }),
    ]);
  });

  it("a failure of that second look is reported as looking for the linked user", async () => {
    const adapter = MemoryAdapter();
    await adapter.createUser?.({
      id: "owner-1",
      email: "ada@example.test",
      emailVerified: null,
    } as AdapterUser);
    let looks = 0;
    const getUserByAccount: Adapter["getUserByAccount"] = async () => {
      if (++looks === 2) throw new Error("connection reset");
      return null;
    };
    const { config, errors } = setup(ADA, { adapter: { ...adapter, getUserByAccount } });
    expect((await signIn(config)).searchParams.get("error")).toBe("Configuration");
    expect(errors.map((error) => error.message)).toEqual([
      "The adapter failed to find the linked user. (see docs/errors.md#adaptererror)",
    ]);
  });
});

describe("a first sign-in that loses a race", () => {
  /** An adapter whose sign-up write fails, as when another request created the same account first. */
  async function racedAdapter(winnerOnLook: number | undefined) {
    const adapter = MemoryAdapter();
    // The winner's user, as the other request stored it (its account link is not visible yet).
    const winner = (await adapter.createUser?.({
      id: "winner",
      email: "winner@example.test",
      emailVerified: null,
      name: "Ada",
    } as AdapterUser)) as AdapterUser;
    const looks: number[] = [];
    const started = Date.now();
    const raced: Adapter = {
      ...adapter,
      createUserAndLinkAccount: async () => {
        throw new Error("unique constraint violated");
      },
      getUserByAccount: async () => {
        looks.push(Date.now() - started);
        // The first look is the ordinary one before the sign-up; the retries follow the failed write.
        return winnerOnLook !== undefined && looks.length === winnerOnLook + 1 ? winner : null;
      },
    };
    return { adapter: raced, looks };
  }

  it("is the winner's user when it appears on the fifth look, and not a new user", async () => {
    const { adapter } = await racedAdapter(5);
    const { config, signIns, errors } = setup(ADA, { adapter, pages: { newUser: "/welcome" } });
    const location = await signIn(config);
    expect(errors).toEqual([]);
    expect(location.href).toBe(`${APP}/`);
    expect(signIns).toEqual([
      expect.objectContaining({ isNewUser: false, user: expect.objectContaining({ id: "winner" }) }),
    ]);
  });

  it("a failure while looking for the winner is reported as looking for the linked user", async () => {
    const { adapter } = await racedAdapter(undefined);
    let looks = 0;
    const failingLook: Adapter = {
      ...adapter,
      getUserByAccount: async (key) => {
        if (++looks === 2) throw new Error("connection reset");
        return adapter.getUserByAccount?.(key) ?? null;
      },
    };
    const { config, errors } = setup(ADA, { adapter: failingLook });
    expect((await signIn(config)).searchParams.get("error")).toBe("Configuration");
    expect(errors.map((error) => error.message)).toEqual([
      "The adapter failed to find the linked user. (see docs/errors.md#adaptererror)",
    ]);
  });

  it("looks five times, backing off for about 310 ms, then reports the failed write", async () => {
    const { adapter, looks } = await racedAdapter(undefined);
    const { config, errors } = setup(ADA, { adapter });
    const started = performance.now();
    expect((await signIn(config)).searchParams.get("error")).toBe("Configuration");
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(looks).toHaveLength(6);
    expect(errors.map((error) => error.message)).toEqual([
      "The adapter failed to create the user and link the account. (see docs/errors.md#adaptererror)",
    ]);
  });
});

describe("the signIn callback's other verdicts", () => {
  it("true lets the sign-in through; a same-origin URL sends the browser there instead, signed out", async () => {
    const through = setup(ADA, { callbacks: { signIn: () => true } });
    expect((await signIn(through.config)).href).toBe(`${APP}/`);
    expect(through.signIns).toHaveLength(1);

    const elsewhere = setup(ADA, { callbacks: { signIn: () => "/review?step=2" } });
    const { response, jar } = await signInWithCredentials(elsewhere.config);
    expect(locationOf(response).href).toBe(`${APP}/review?step=2`);
    expect(jar.cookies.has("__Secure-authjs.session-token")).toBe(false);
    expect(elsewhere.signIns).toEqual([]);
  });

  it("is asked with the user, the account and the submitted credentials", async () => {
    const asked: unknown[] = [];
    const { config } = setup(ADA, {
      callbacks: {
        signIn: (params) => {
          asked.push(params);
          return true;
        },
      },
    });
    await signIn(config);
    expect(asked).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ id: "app-ada", email: "ada@example.test" }),
        account: expect.objectContaining({ provider: "credentials", type: "credentials" }),
        credentials: expect.objectContaining({ username: "alice", password: "correct horse" }),
      }),
    ]);
  });
});

describe("jwt sessions: the user authorize returned", () => {
  it("is the session's user as it is: nothing is looked up or stored, even with an adapter", async () => {
    const tables = createMemoryTables();
    const { config, signIns } = setup(ADA, {
      adapter: MemoryAdapter(tables),
      session: { strategy: "jwt" },
      pages: { newUser: "/welcome" },
    });
    expect((await signIn(config)).href).toBe(`${APP}/`);
    expect(tables.users.size).toBe(0);
    expect(tables.accounts.size).toBe(0);
    expect(signIns).toEqual([
      expect.objectContaining({ isNewUser: false, user: expect.objectContaining(ADA) }),
    ]);
  });
});

describe("database sessions: what a first credentials sign-in stores", () => {
  it("refuses a user without an id, saying authorize must return one", async () => {
    const { config, errors } = setup({ name: "Nobody", email: "n@example.test" } as User, {
      adapter: MemoryAdapter(),
    });
    expect((await signIn(config)).searchParams.get("error")).toBe("Configuration");
    expect(errors.map((error) => error.message)).toContainEqual(
      expect.stringContaining("With database sessions, `authorize` must return a user with an `id`."),
    );
  });

  it("stores null for a missing name, a fresh id, an unverified address, and never the app's own fields", async () => {
    const tables = createMemoryTables();
    const { config } = setup({ id: "app-x", email: "x@example.test", passwordHash: "secret" } as User, {
      adapter: MemoryAdapter(tables),
    });
    await signIn(config);
    const [stored] = [...tables.users.values()];
    expect(stored).toEqual({
      id: expect.any(String),
      email: "x@example.test",
      emailVerified: null,
      name: null,
      image: null,
    });
    expect(stored?.id).not.toBe("app-x");
    expect([...tables.accounts.values()]).toEqual([
      expect.objectContaining({
        userId: stored?.id,
        type: "credentials",
        provider: "credentials",
        providerAccountId: "app-x",
      }),
    ]);
  });

  it("emits createUser, then linkAccount with the new user's id on the account", async () => {
    const events: string[] = [];
    const { config } = setup(ADA, {
      adapter: MemoryAdapter(),
      events: {
        createUser: ({ user }) => void events.push(`createUser:${user.email}`),
        linkAccount: ({ user, account }) =>
          void events.push(
            `linkAccount:${account.provider}:${account.providerAccountId}:${account.userId === user.id}`,
          ),
      },
    });
    await signIn(config);
    expect(events).toEqual(["createUser:ada@example.test", "linkAccount:credentials:app-ada:true"]);
  });

  it("without createUserAndLinkAccount, creates then links; a failed link removes the user again", async () => {
    const tables = createMemoryTables();
    const { createUserAndLinkAccount: _, ...adapter } = MemoryAdapter(tables);
    const ok = setup(ADA, { adapter: adapter as Adapter });
    expect((await signIn(ok.config)).href).toBe(`${APP}/`);
    expect(tables.users.size).toBe(1);
    expect(tables.accounts.size).toBe(1);

    const failing = createMemoryTables();
    const { createUserAndLinkAccount: _c, ...base } = MemoryAdapter(failing);
    const broken = setup(
      { ...ADA, id: "app-bob", email: "bob@example.test" },
      {
        adapter: {
          ...base,
          linkAccount: async () => {
            throw new Error("accounts table is read-only");
          },
        } as Adapter,
      },
    );
    expect((await signIn(broken.config)).searchParams.get("error")).toBe("Configuration");
    expect(failing.users.size).toBe(0);
    expect(broken.errors.map((error) => error.message)).toContainEqual(
      "The adapter failed to link the account. (see docs/errors.md#adaptererror)",
    );
  });
});

describe("first sign-ins of different people at the same moment", () => {
  it("each become their own user: only sign-ins of one account wait for each other", async () => {
    const tables = createMemoryTables();
    const adapter = MemoryAdapter(tables);
    // A slow createUserAndLinkAccount keeps the first sign-up running while the second arrives.
    const slow: Adapter = {
      ...adapter,
      createUserAndLinkAccount: async (user, account) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return adapter.createUserAndLinkAccount?.(user, account) ?? null;
      },
    };
    const config = makeConfig({
      adapter: slow,
      providers: [
        Credentials({
          credentials: { username: {}, password: {} },
          authorize: ({ username }) => ({ id: `app-${username}`, email: `${username}@example.test` }),
        }),
      ],
    });
    const [ada, bob] = await Promise.all([
      signInWithCredentials(config, { username: "ada", password: "x" }),
      signInWithCredentials(config, { username: "bob", password: "x" }),
    ]);
    const emails = async (jar: typeof ada.jar) =>
      ((await (await send(config, "/session", { cookie: jar })).json()) as { user: { email: string } }).user
        .email;
    expect([await emails(ada.jar), await emails(bob.jar)]).toEqual(["ada@example.test", "bob@example.test"]);
    expect(tables.users.size).toBe(2);
  });
});
