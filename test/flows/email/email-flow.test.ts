/**
 * The e-mail flow's rules, attacked through `Auth()`: no address enumeration, links only on the
 * configured origin, the `signIn` callback asked before a mail goes out, per-address limits on
 * mails, secret rotation for tokens, and the pre-hijack defence.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemoryTables, MemoryAdapter, type MemoryTables } from "../../../src/adapters/memory.js";
import type { Adapter } from "../../../src/adapters/types.js";
import type { AuthConfig } from "../../../src/index.js";
import type { EmailUserConfig } from "../../../src/providers/email.js";
import {
  CookieJar,
  getCsrf,
  locationOf,
  makeConfig,
  OLD_SECRET,
  recordingLogger,
  SECRET,
  send,
} from "../../core/helpers.js";
import { confirmLink, lastMail, type Outbox, outboxProvider, requestLink } from "./helpers.js";

const SESSION_COOKIE = "__Secure-authjs.session-token";

interface App {
  config: AuthConfig;
  tables: MemoryTables;
  outbox: Outbox;
  logs: ReturnType<typeof recordingLogger>;
}

function app(
  options: { provider?: Partial<EmailUserConfig>; config?: Partial<AuthConfig>; tables?: MemoryTables } = {},
): App {
  const tables = options.tables ?? createMemoryTables();
  const outbox = outboxProvider(options.provider);
  const logs = recordingLogger();
  const config = makeConfig({
    adapter: MemoryAdapter(tables),
    logger: logs.logger,
    providers: [outbox.provider],
    ...options.config,
  });
  return { config, tables, outbox, logs };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("asking for a link", () => {
  it("answers a known and an unknown address alike, with the same adapter calls and one mail each", async () => {
    const tables = createMemoryTables();
    const calls: string[] = [];
    const base = MemoryAdapter(tables);
    const recording = new Proxy(base, {
      get(target, name: string) {
        const method = target[name as keyof Adapter];
        if (typeof method !== "function") return method;
        return (...args: unknown[]) => {
          calls.push(name);
          return (method as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    await base.createUser({ id: "u1", email: "known@example.test", emailVerified: new Date() });
    const { config, outbox } = app({ config: { adapter: recording } });

    const known = await requestLink(config, "known@example.test");
    const knownCalls = calls.splice(0);
    const unknown = await requestLink(config, "unknown@example.test");
    expect(unknown.status).toBe(known.status);
    // The same page, which names only the address the browser itself typed (for the code form).
    expect(locationOf(unknown).href.replace("unknown%40", "known%40")).toBe(locationOf(known).href);
    expect(unknown.headers.getSetCookie().map((c) => c.split("=")[0])).toEqual(
      known.headers.getSetCookie().map((c) => c.split("=")[0]),
    );
    expect(calls).toEqual(knownCalls);
    expect(outbox.sent.map((mail) => mail.identifier)).toEqual([
      "known@example.test",
      "unknown@example.test",
    ]);
  });

  it("asks the signIn callback first, with verificationRequest: true; a refusal sends nothing", async () => {
    const seen: unknown[] = [];
    const { config, outbox } = app({
      config: {
        callbacks: {
          signIn: ({ user, account, email }) => {
            seen.push({ email: user.email, provider: account?.provider, email_: email });
            return user.email !== "blocked@example.test";
          },
        },
      },
    });
    const refused = await requestLink(config, "blocked@example.test");
    expect(locationOf(refused).searchParams.get("error")).toBe("AccessDenied");
    expect(outbox.sent).toEqual([]);
    await requestLink(config, "ada@example.test");
    expect(seen).toEqual([
      { email: "blocked@example.test", provider: "email", email_: { verificationRequest: true } },
      { email: "ada@example.test", provider: "email", email_: { verificationRequest: true } },
    ]);
    expect(outbox.sent).toHaveLength(1);
  });

  it("a signIn callback that throws also refuses; one that answers a URL redirects on the app's origin only", async () => {
    const answer = (signIn: () => boolean | string) => {
      const { config, outbox } = app({ config: { callbacks: { signIn } } });
      return { sent: outbox.sent, response: requestLink(config, "ada@example.test") };
    };
    const threw = answer(() => {
      throw new Error("directory unavailable");
    });
    expect(locationOf(await threw.response).href).toBe("https://app.test/auth/error?error=AccessDenied");
    const relative = answer(() => "/waitlist");
    expect(locationOf(await relative.response).href).toBe("https://app.test/waitlist");
    const foreign = answer(() => "https://evil.test/waitlist");
    expect(locationOf(await foreign.response).origin).toBe("https://app.test");
    expect([...threw.sent, ...relative.sent, ...foreign.sent]).toEqual([]);
  });

  it("builds the link from AUTH_URL, never from the Host or X-Forwarded-Host the request carried", async () => {
    vi.stubEnv("AUTH_URL", "https://app.example.com/auth");
    const { config, outbox } = app({ config: { trustHost: false } });
    await requestLink(config, "ada@example.test", {
      origin: "https://evil.test",
      headers: { "x-forwarded-host": "evil.test" },
    });
    expect(new URL(lastMail(outbox).url).origin).toBe("https://app.example.com");
  });

  it("sends nothing for a request to an untrusted host when AUTH_URL is not set", async () => {
    vi.stubEnv("AUTH_URL", undefined);
    const { config, outbox } = app({ config: { trustHost: false } });
    const { token, jar } = await getCsrf(makeConfig());
    const response = await send(config, "/signin/email", {
      origin: "https://evil.test",
      cookie: jar,
      form: { csrfToken: token, email: "ada@example.test" },
    });
    expect(response.status).toBe(500);
    expect(outbox.sent).toEqual([]);
  });

  it("stops mailing an address after 5 requests in the window: 429, no mail", async () => {
    const { config, outbox } = app();
    for (let i = 0; i < 5; i++) {
      const response = await requestLink(config, "ada@example.test", {
        headers: { "x-forwarded-for": `198.51.100.${i}` },
      });
      expect(response.status).toBe(302);
    }
    const sixth = await requestLink(config, "ADA@example.test", {
      headers: { "x-forwarded-for": "192.0.2.1" },
    });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("retry-after")).toBe("3600");
    expect(outbox.sent).toHaveLength(5);
    // Another address is still served.
    expect((await requestLink(config, "bob@example.test")).status).toBe(302);
  });

  it("reports a failing sendVerificationRequest as EmailSignInError, logged with its cause", async () => {
    const { config, logs } = app({
      provider: {
        sendVerificationRequest: () => {
          throw new Error("SMTP 554 relay refused");
        },
      },
    });
    const response = await requestLink(config, "ada@example.test");
    expect(locationOf(response).searchParams.get("error")).toBe("Configuration");
    expect(logs.errors.map((error) => error.name)).toEqual(["EmailSignInError"]);
    expect(logs.text()).toContain("SMTP 554 relay refused");
  });

  it("refuses a provider without sendVerificationRequest at startup, naming the fix", async () => {
    const { config, logs } = app({ provider: { sendVerificationRequest: undefined as never } });
    expect((await send(config, "/providers")).status).toBe(500);
    expect(logs.text()).toContain("sendVerificationRequest");
  });
});

describe("using a link", () => {
  it("signs a new address in as a new, verified user", async () => {
    const { config, outbox, tables } = app();
    await requestLink(config, "ada@example.test");
    const response = await confirmLink(config, lastMail(outbox).url);
    expect(locationOf(response).searchParams.get("error")).toBeNull();
    const users = [...tables.users.values()];
    expect(users).toHaveLength(1);
    expect(users[0]?.email).toBe("ada@example.test");
    expect(users[0]?.emailVerified).toBeInstanceOf(Date);
  });

  it("welcomes a new address on pages.newUser and says so in the events; its next sign-in is not new", async () => {
    const events: string[] = [];
    const record = (name: string) => (message: { user: { email?: string | null }; isNewUser?: boolean }) =>
      void events.push(
        `${name}:${message.user.email}${message.isNewUser === undefined ? "" : `:${message.isNewUser}`}`,
      );
    const { config, outbox } = app({
      config: {
        pages: { newUser: "/welcome" },
        events: {
          createUser: record("createUser"),
          signIn: record("signIn"),
          updateUser: record("updateUser"),
        },
      },
    });
    await requestLink(config, "ada@example.test");
    expect(locationOf(await confirmLink(config, lastMail(outbox).url)).pathname).toBe("/welcome");
    await requestLink(config, "ada@example.test");
    expect(locationOf(await confirmLink(config, lastMail(outbox).url)).pathname).toBe("/");
    expect(events).toEqual([
      "createUser:ada@example.test",
      "signIn:ada@example.test:true",
      "signIn:ada@example.test:false",
    ]);
  });

  it("signs in the proven address even when the signIn callback edits the user's e-mail", async () => {
    const tables = createMemoryTables();
    await MemoryAdapter(tables).createUser({
      id: "eve",
      email: "eve@example.test",
      emailVerified: new Date(),
    });
    const { config, outbox } = app({
      tables,
      config: {
        callbacks: {
          signIn: ({ user }) => {
            user.email = "eve@example.test";
            return true;
          },
        },
      },
    });
    await requestLink(config, "ada@example.test");
    const jar = new CookieJar();
    expect(
      locationOf(await confirmLink(config, lastMail(outbox).url, jar)).searchParams.get("error"),
    ).toBeNull();
    const session = (await (await send(config, "/session", { cookie: jar })).json()) as {
      user?: { email?: string };
    };
    expect(session.user?.email).toBe("ada@example.test");
    expect([...tables.users.values()].map((user) => user.email).sort()).toEqual([
      "ada@example.test",
      "eve@example.test",
    ]);
  });

  it("verifies the address of a stored user who never proved it, saying so in updateUser, as not new", async () => {
    const tables = createMemoryTables();
    await MemoryAdapter(tables).createUser({ id: "u-1", email: "ada@example.test", emailVerified: null });
    const events: string[] = [];
    const { config, outbox } = app({
      tables,
      config: {
        pages: { newUser: "/welcome" },
        events: {
          updateUser: ({ user }) =>
            void events.push(`updateUser:${user.id}:${user.emailVerified instanceof Date}`),
          signIn: ({ user, isNewUser }) => void events.push(`signIn:${user.id}:${isNewUser}`),
        },
      },
    });
    await requestLink(config, "ada@example.test");
    expect(locationOf(await confirmLink(config, lastMail(outbox).url)).pathname).toBe("/");
    expect(events).toEqual(["updateUser:u-1:true", "signIn:u-1:false"]);
    expect(tables.users.size).toBe(1);
  });

  it("verifies a link sent before a secret rotation, and hashes new tokens with the newest secret", async () => {
    const tables = createMemoryTables();
    const before = app({ tables, config: { secret: OLD_SECRET } });
    await requestLink(before.config, "ada@example.test");
    const oldLink = lastMail(before.outbox).url;

    const after = app({ tables, config: { secret: [SECRET, OLD_SECRET] } });
    await requestLink(after.config, "bob@example.test");
    const newToken = String(new URL(lastMail(after.outbox).url).searchParams.get("token"));
    const expectedHash = (await import("node:crypto"))
      .createHash("sha256")
      .update(`${newToken}${SECRET}`)
      .digest("hex");
    expect([...tables.verificationTokens.values()].map((token) => token.token)).toContain(expectedHash);

    expect(locationOf(await confirmLink(after.config, oldLink)).searchParams.get("error")).toBeNull();
    // A secret that is no longer configured does not verify.
    const dropped = app({ tables, config: { secret: SECRET } });
    await requestLink(before.config, "cy@example.test");
    const link = lastMail(before.outbox).url;
    expect(locationOf(await confirmLink(dropped.config, link)).searchParams.get("error")).toBe(
      "Verification",
    );
  });

  it("with JWT sessions, signs in too", async () => {
    const { config, outbox } = app({ config: { session: { strategy: "jwt" } } });
    await requestLink(config, "ada@example.test");
    const jar = new CookieJar();
    await confirmLink(config, lastMail(outbox).url, jar);
    const session = (await (await send(config, "/session", { cookie: jar })).json()) as {
      user: { email: string };
    };
    expect(session.user.email).toBe("ada@example.test");
  });

  it("refuses a GET landing without token or address", async () => {
    const { config } = app();
    const response = await send(config, "/callback/email?email=ada%40example.test");
    expect(locationOf(response).searchParams.get("error")).toBe("Verification");
  });

  it("refuses a confirm POST without the CSRF token", async () => {
    const { config, outbox } = app();
    await requestLink(config, "ada@example.test");
    const link = new URL(lastMail(outbox).url);
    const response = await send(config, "/callback/email", {
      form: { token: String(link.searchParams.get("token")), email: "ada@example.test" },
    });
    expect(locationOf(response).searchParams.get("error")).toBe("MissingCSRF");
  });
});

describe("the pre-hijack defence", () => {
  /** A user someone made with Ada's address at a provider that does not verify addresses. */
  async function plantedUser(tables: MemoryTables) {
    const adapter = MemoryAdapter(tables);
    const user = await adapter.createUser({ id: "planted", email: "ada@example.test", emailVerified: null });
    await adapter.linkAccount({
      userId: user.id,
      type: "oauth",
      provider: "sloppy-oauth",
      providerAccountId: "attacker-1",
    });
    await adapter.linkAccount({
      userId: user.id,
      type: "oidc",
      provider: "sloppy-oidc",
      providerAccountId: "attacker-2",
    });
    await adapter.linkAccount({
      userId: user.id,
      type: "webauthn",
      provider: "passkey",
      providerAccountId: "pk-1",
    });
    await adapter.linkAccount({
      userId: user.id,
      type: "email",
      provider: "email",
      providerAccountId: "ada@example.test",
    });
    await adapter.linkAccount({
      userId: user.id,
      type: "credentials",
      provider: "credentials",
      providerAccountId: "c-1",
    });
    await adapter.createSession({
      sessionToken: "attacker-session-token",
      userId: user.id,
      expires: new Date(Date.now() + 86_400_000),
    });
    return user;
  }

  it("unlinks the accounts linked without proof (OAuth, OIDC, passkeys, passwords) and ends the user's sessions when the address is first proven", async () => {
    const tables = createMemoryTables();
    await plantedUser(tables);
    const { config, outbox } = app({ tables });
    const attacker = new CookieJar({ [SESSION_COOKIE]: "attacker-session-token" });
    expect(
      ((await (await send(config, "/session", { cookie: attacker })).json()) as object | null) !== null,
    ).toBe(true);

    await requestLink(config, "ada@example.test");
    const victim = new CookieJar();
    const response = await confirmLink(config, lastMail(outbox).url, victim);
    expect(locationOf(response).searchParams.get("error")).toBeNull();

    const accounts = [...tables.accounts.values()].map((account) => `${account.type}:${account.provider}`);
    expect(accounts.sort()).toEqual(["email:email"]);
    expect(await (await send(config, "/session", { cookie: attacker })).json()).toBeNull();
    const session = (await (await send(config, "/session", { cookie: victim })).json()) as {
      user: { email: string };
    };
    expect(session.user.email).toBe("ada@example.test");
    expect(tables.users.get("planted")?.emailVerified).toBeInstanceOf(Date);
  });

  it("leaves a user whose address was already verified alone", async () => {
    const tables = createMemoryTables();
    await plantedUser(tables);
    const planted = tables.users.get("planted");
    if (planted) planted.emailVerified = new Date(2030, 0, 1);
    const { config, outbox } = app({ tables });
    await requestLink(config, "ada@example.test");
    await confirmLink(config, lastMail(outbox).url);
    expect(tables.accounts.size).toBe(5);
    expect([...tables.sessions.keys()]).toContain("attacker-session-token");
  });

  it("refuses the sign-in, and changes nothing, when the adapter cannot list the user's accounts", async () => {
    const tables = createMemoryTables();
    await plantedUser(tables);
    const { listAccountsByUserId: _, ...adapter } = MemoryAdapter(tables);
    const { config, outbox, logs } = app({ tables, config: { adapter } });
    await requestLink(config, "ada@example.test");
    const response = await confirmLink(config, lastMail(outbox).url);
    expect(locationOf(response).searchParams.get("error")).toBe("Configuration");
    expect(logs.text()).toContain("listAccountsByUserId");
    expect(tables.accounts.size).toBe(5);
    expect(tables.users.get("planted")?.emailVerified).toBeNull();
  });

  it("names every adapter method it lacks: unlinking, and listing sessions under database sessions", async () => {
    const tables = createMemoryTables();
    await plantedUser(tables);
    const { unlinkAccount: _u, listSessionsByUserId: _l, ...adapter } = MemoryAdapter(tables);
    const { config, outbox, logs } = app({ tables, config: { adapter } });
    await requestLink(config, "ada@example.test");
    const response = await confirmLink(config, lastMail(outbox).url);
    expect(locationOf(response).searchParams.get("error")).toBe("Configuration");
    expect(logs.errors.map((error) => error.name)).toEqual(["MissingAdapterMethods"]);
    expect(logs.text()).toContain(
      'An e-mail sign-in proved the address of user "planted" for the first time. Before it counts as verified, the accounts linked to that user without proof must be unlinked and the user\'s sessions ended, which needs the adapter methods unlinkAccount, listSessionsByUserId. The sign-in is refused',
    );
    expect(tables.accounts.size).toBe(5);
    expect(tables.users.get("planted")?.emailVerified).toBeNull();
  });

  it("with JWT sessions, which cannot be ended, needs no way to list sessions, and still unlinks", async () => {
    const tables = createMemoryTables();
    await plantedUser(tables);
    const { listSessionsByUserId: _, ...adapter } = MemoryAdapter(tables);
    const { config, outbox, logs } = app({ tables, config: { adapter, session: { strategy: "jwt" } } });
    await requestLink(config, "ada@example.test");
    const response = await confirmLink(config, lastMail(outbox).url);
    expect(logs.errors).toEqual([]);
    expect(locationOf(response).searchParams.get("error")).toBeNull();
    const accounts = [...tables.accounts.values()].map((account) => account.type);
    expect(accounts.sort()).toEqual(["email"]);
    // The planted database session is not this strategy's to end.
    expect([...tables.sessions.keys()]).toContain("attacker-session-token");
    expect(tables.users.get("planted")?.emailVerified).toBeInstanceOf(Date);
  });
});

describe("an adapter step that fails during an e-mail sign-in", () => {
  it.each([
    ["getUserByEmail", "find the user by e-mail", false],
    ["createUser", "create the user", false],
    ["updateUser", "mark the e-mail address verified", true],
    ["listAccountsByUserId", "list the user's accounts", true],
    ["unlinkAccount", "unlink an account linked without a verified e-mail", true],
  ] as const)("%s is reported as failing to %s", async (method, step, existing) => {
    const tables = createMemoryTables();
    const base = MemoryAdapter(tables);
    if (existing) {
      const user = await base.createUser({ id: "u-1", email: "ada@example.test", emailVerified: null });
      await base.linkAccount({ userId: user.id, type: "oauth", provider: "sloppy", providerAccountId: "x" });
    }
    const adapter = {
      ...base,
      [method]: async () => {
        throw new Error("connection reset");
      },
    } as Adapter;
    const { config, outbox, logs } = app({ tables, config: { adapter } });
    await requestLink(config, "ada@example.test");
    const url = outbox.sent.at(-1)?.url;
    if (url === undefined) {
      // Asking for the link already needed the failing step.
      expect(logs.errors.map((error) => error.message)).toContain(
        `The adapter failed to ${step}. (see docs/errors.md#adaptererror)`,
      );
      return;
    }
    const response = await confirmLink(config, url);
    expect(locationOf(response).searchParams.get("error")).toBe("Configuration");
    expect(logs.errors.map((error) => error.message)).toContain(
      `The adapter failed to ${step}. (see docs/errors.md#adaptererror)`,
    );
  });
});

describe("a lookup of the address that fails only at the callback is reported as that step", () => {
  /** Requests a link, then confirms it with getUserByEmail failing from `failFrom` on. */
  async function confirmWithFailingLookup(failFrom: "callback" | "owner") {
    const tables = createMemoryTables();
    const base = MemoryAdapter(tables);
    let failing = false;
    const adapter: Adapter = {
      ...base,
      getUserByEmail: async (email) => {
        if (failing) throw new Error("connection reset");
        return base.getUserByEmail(email);
      },
    };
    // signIn is asked when the link is requested and again at the callback, after the flow's own
    // lookup of the address; the owner lookup comes after that second time.
    const signIn = ({ email }: { email?: { verificationRequest?: boolean } }) => {
      if (failFrom === "owner" && !email?.verificationRequest) failing = true;
      return true;
    };
    const { config, outbox, logs } = app({ tables, config: { adapter, callbacks: { signIn } } });
    await requestLink(config, "ada@example.test");
    if (failFrom === "callback") failing = true;
    const response = await confirmLink(config, lastMail(outbox).url);
    return { response, logs, tables };
  }

  it.each([
    ["the flow's own lookup, before the signIn callback", "callback"],
    ["the owner lookup, after the signIn callback", "owner"],
  ] as const)("%s", async (_which, failFrom) => {
    const { response, logs, tables } = await confirmWithFailingLookup(failFrom);
    expect(locationOf(response).searchParams.get("error")).toBe("Configuration");
    expect(logs.errors.map((error) => error.message)).toEqual([
      "The adapter failed to find the user by e-mail. (see docs/errors.md#adaptererror)",
    ]);
    expect(tables.users.size).toBe(0);
  });
});

describe("confirm page", () => {
  it("escapes what the link carried and posts it back with a CSRF token", async () => {
    const { config } = app();
    const jar = new CookieJar();
    const response = await send(
      config,
      `/callback/email?token=%22%3E%3Cscript%3E&email=${encodeURIComponent('"><img src=x>@x.test')}`,
      {
        cookie: jar,
      },
    );
    const html = await response.text();
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img src=x>");
    expect(html).toContain('name="csrfToken"');
    const { token } = await getCsrf(config, { cookie: jar.apply(response) });
    expect(html).toContain(token);
  });
});

describe("races", () => {
  it("of 10 right one-time codes posted at once, exactly one signs in", async () => {
    const { config, outbox, tables } = app({ provider: { otp: true }, config: { rateLimit: false } });
    await requestLink(config, "ada@example.test");
    const code = String(lastMail(outbox).code);
    const browsers = await Promise.all(Array.from({ length: 10 }, () => getCsrf(config)));
    const responses = await Promise.all(
      browsers.map(({ token, jar }) =>
        send(config, "/callback/email", {
          cookie: jar,
          form: { csrfToken: token, email: "ada@example.test", code },
        }),
      ),
    );
    const errors = responses.map((response) => locationOf(response).searchParams.get("error"));
    expect(errors.filter((error) => error === null)).toHaveLength(1);
    expect(tables.sessions.size).toBe(1);
  });

  it("of 20 wrong codes posted at once, at most 5 are tried, and the right code is refused after", async () => {
    const { config, outbox, tables } = app({ provider: { otp: true }, config: { rateLimit: false } });
    await requestLink(config, "ada@example.test");
    const code = String(lastMail(outbox).code);
    const guesses = Array.from({ length: 20 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"),
    );
    const browsers = await Promise.all(guesses.map(() => getCsrf(config)));
    const responses = await Promise.all(
      browsers.map(({ token, jar }, i) =>
        send(config, "/callback/email", {
          cookie: jar,
          form: { csrfToken: token, email: "ada@example.test", code: String(guesses[i]) },
        }),
      ),
    );
    expect(
      responses.every((response) => locationOf(response).searchParams.get("error") === "Verification"),
    ).toBe(true);
    const { token, jar } = await getCsrf(config);
    const right = await send(config, "/callback/email", {
      cookie: jar,
      form: { csrfToken: token, email: "ada@example.test", code },
    });
    expect(locationOf(right).searchParams.get("error")).toBe("Verification");
    expect(tables.verificationTokens.size).toBe(0);
  });

  it("two different links for a new address, used at once, make one user", async () => {
    const { config, outbox, tables } = app();
    await requestLink(config, "new@example.test");
    await requestLink(config, "new@example.test");
    const [first, second] = outbox.sent;
    const responses = await Promise.all([
      confirmLink(config, String(first?.url)),
      confirmLink(config, String(second?.url)),
    ]);
    expect(responses.map((response) => locationOf(response).searchParams.get("error"))).toEqual([null, null]);
    expect(tables.users.size).toBe(1);
    expect(tables.sessions.size).toBe(2);
  });

  it("links for two new addresses, used at once, make two users, each signed in as its own", async () => {
    const tables = createMemoryTables();
    const adapter = MemoryAdapter(tables);
    // A slow createUser keeps the first sign-in running while the second arrives.
    const slow: Adapter = {
      ...adapter,
      createUser: async (user) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return adapter.createUser(user);
      },
    };
    const { config, outbox } = app({ tables, config: { adapter: slow } });
    await requestLink(config, "ada@example.test");
    await requestLink(config, "bob@example.test");
    const [ada, bob] = [new CookieJar(), new CookieJar()];
    await Promise.all([
      confirmLink(config, String(outbox.sent[0]?.url), ada),
      confirmLink(config, String(outbox.sent[1]?.url), bob),
    ]);
    const email = async (jar: CookieJar) =>
      ((await (await send(config, "/session", { cookie: jar })).json()) as { user: { email: string } }).user
        .email;
    expect([await email(ada), await email(bob)]).toEqual(["ada@example.test", "bob@example.test"]);
    expect(tables.users.size).toBe(2);
  });
});
