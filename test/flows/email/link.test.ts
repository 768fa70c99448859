/**
 * What an e-mail sign-in hands the mailer and the adapter, and how its link is taken back: the mail's
 * fields, the stored hash and lifetime, the provider checks made at startup, the confirm page, the
 * malformed posts refused with 400, and a token's expiry to the millisecond.
 */
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMemoryTables, MemoryAdapter, type MemoryTables } from "../../../src/adapters/memory.js";
import type { Adapter } from "../../../src/adapters/types.js";
import type { AuthConfig } from "../../../src/index.js";
import Email, { type EmailUserConfig } from "../../../src/providers/email.js";
import type { EmailVerificationRequest } from "../../../src/providers/types.js";
import {
  CookieJar,
  expectJsonError,
  getCsrf,
  locationOf,
  makeConfig,
  recordingLogger,
  SECRET,
  send,
} from "../../core/helpers.js";
import { confirmLink, lastMail, type Outbox, outboxProvider, requestLink } from "./helpers.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const sha256hex = (input: string) => createHash("sha256").update(input).digest("hex");

interface App {
  config: AuthConfig;
  tables: MemoryTables;
  outbox: Outbox;
  logs: ReturnType<typeof recordingLogger>;
  /** What the handler told `logger.warn`: the error type and the message saying why. */
  warned: string[];
}

function app(
  options: { provider?: Partial<EmailUserConfig>; config?: Partial<AuthConfig>; adapter?: Adapter } = {},
): App {
  const tables = createMemoryTables();
  const outbox = outboxProvider(options.provider);
  const logs = recordingLogger();
  const warned: string[] = [];
  const config = makeConfig({
    adapter: options.adapter ?? MemoryAdapter(tables),
    logger: { ...logs.logger, warn: (code: string, message?: string) => warned.push(`${code}: ${message}`) },
    providers: [outbox.provider],
    ...options.config,
  });
  return { config, tables, outbox, logs, warned };
}

const errorOf = (response: Response) => locationOf(response).searchParams.get("error");

afterEach(() => {
  vi.useRealTimers();
});

describe("the sign-in mail", () => {
  it("hands the mailer the address, a link on the app's origin, the token, its expiry, the provider, theme and request", async () => {
    const theme = { brandColor: "#123456", colorScheme: "dark" as const };
    const { config, outbox, tables } = app({ provider: { maxAge: 600 }, config: { theme } });
    const { token: csrfToken, jar } = await getCsrf(config);
    const before = Date.now();
    const response = await send(config, "/signin/email", {
      cookie: jar,
      form: { csrfToken, email: " Ada@Example.TEST ", callbackUrl: "/dashboard" },
    });
    const after = Date.now();

    const verify = locationOf(response);
    expect(`${verify.origin}${verify.pathname}`).toBe("https://app.test/auth/verify-request");
    expect([...verify.searchParams]).toEqual([
      ["provider", "email"],
      ["type", "email"],
      ["email", "ada@example.test"],
    ]);

    const mail = lastMail(outbox);
    expect(mail.identifier).toBe("ada@example.test");
    expect("code" in mail).toBe(false);
    expect(mail.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const link = new URL(mail.url);
    expect(`${link.origin}${link.pathname}`).toBe("https://app.test/auth/callback/email");
    expect(Object.fromEntries(link.searchParams)).toEqual({
      callbackUrl: "https://app.test/dashboard",
      token: mail.token,
      email: "ada@example.test",
    });
    expect(mail.expires.valueOf()).toBeGreaterThanOrEqual(before + 600_000);
    expect(mail.expires.valueOf()).toBeLessThanOrEqual(after + 600_000);
    expect(mail.provider.id).toBe("email");
    expect(mail.provider.sendVerificationRequest).toBe(outbox.provider.sendVerificationRequest);
    expect(mail.theme).toEqual(theme);
    expect(mail.request).toBeInstanceOf(Request);
    expect(mail.request.url).toBe("https://app.test/auth/signin/email");

    // Stored: the address, the hash of the token with the secret, and the same expiry.
    expect([...tables.verificationTokens.values()]).toEqual([
      { identifier: "ada@example.test", token: sha256hex(`${mail.token}${SECRET}`), expires: mail.expires },
    ]);
  });

  it("lives 24 hours when the provider sets no maxAge", async () => {
    const { config, outbox } = app({ provider: { maxAge: undefined } });
    const before = Date.now();
    await requestLink(config, "ada@example.test");
    const after = Date.now();
    const { expires } = lastMail(outbox);
    expect(expires.valueOf()).toBeGreaterThanOrEqual(before + DAY_MS);
    expect(expires.valueOf()).toBeLessThanOrEqual(after + DAY_MS);
  });

  it("uses the provider's generateVerificationToken, and that token signs in", async () => {
    const { config, outbox } = app({
      provider: { generateVerificationToken: () => "app-made-token-0123456789" },
    });
    await requestLink(config, "ada@example.test");
    expect(lastMail(outbox).token).toBe("app-made-token-0123456789");
    expect(new URL(lastMail(outbox).url).searchParams.get("token")).toBe("app-made-token-0123456789");
    expect(errorOf(await confirmLink(config, lastMail(outbox).url))).toBeNull();
  });

  it("sends the browser to pages.verifyRequest when set, naming the provider and the address", async () => {
    const { config } = app({ config: { pages: { verifyRequest: "/check-your-mail" } } });
    const target = locationOf(await requestLink(config, "ada@example.test"));
    expect(target.href).toBe(
      "https://app.test/check-your-mail?provider=email&type=email&email=ada%40example.test",
    );
  });

  it("shows the signIn callback the user the address would become, and the e-mail account", async () => {
    const seen: unknown[] = [];
    const tables = createMemoryTables();
    const verified = new Date(2030, 0, 1);
    await MemoryAdapter(tables).createUser({
      id: "u-known",
      email: "known@example.test",
      emailVerified: verified,
    });
    const { config } = app({
      adapter: MemoryAdapter(tables),
      config: {
        callbacks: {
          signIn: ({ user, account }) => {
            seen.push({ user, account });
            return true;
          },
        },
      },
    });
    await requestLink(config, "new@example.test");
    await requestLink(config, "known@example.test");
    const [fresh, known] = seen as Array<{ user: { id: string }; account: unknown }>;
    expect(fresh).toEqual({
      user: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), email: "new@example.test", emailVerified: null },
      account: { provider: "email", type: "email", providerAccountId: "new@example.test" },
    });
    expect(known?.user).toMatchObject({
      id: "u-known",
      email: "known@example.test",
      emailVerified: verified,
    });
    expect(known?.account).toEqual({
      provider: "email",
      type: "email",
      providerAccountId: "known@example.test",
    });
  });

  it("follows a signIn callback that answers a URL instead of sending the mail", async () => {
    const { config, outbox } = app({ config: { callbacks: { signIn: () => "/invite-only" } } });
    const response = await requestLink(config, "ada@example.test");
    expect(locationOf(response).href).toBe("https://app.test/invite-only");
    expect(outbox.sent).toEqual([]);
  });

  it("names the adapter step that failed", async () => {
    const failing = (method: keyof Adapter) => {
      const adapter = MemoryAdapter(createMemoryTables());
      return {
        ...adapter,
        [method]: () => {
          throw new Error("database is down");
        },
      } as Adapter;
    };
    const lookup = app({ adapter: failing("getUserByEmail") });
    expect(errorOf(await requestLink(lookup.config, "ada@example.test"))).toBe("Configuration");
    expect(lookup.logs.text()).toContain("The adapter failed to find the user by e-mail.");
    expect(lookup.outbox.sent).toEqual([]);

    const store = app({ adapter: failing("createVerificationToken") });
    expect(errorOf(await requestLink(store.config, "ada@example.test"))).toBe("Configuration");
    expect(store.logs.text()).toContain("The adapter failed to store the verification token.");
    expect(store.outbox.sent).toEqual([]);

    const use = app({ adapter: failing("useVerificationToken") });
    await requestLink(use.config, "ada@example.test");
    expect(errorOf(await confirmLink(use.config, lastMail(use.outbox).url))).toBe("Configuration");
    expect(use.logs.text()).toContain("The adapter failed to use the verification token.");
  });

  it("refuses, with 400 and no mail, what is not one address", async () => {
    const { config, outbox } = app();
    const response = await requestLink(config, "ada@example.test,eve@evil.test");
    await expectJsonError(response, 400, "InvalidRequest");
    expect(outbox.sent).toEqual([]);
  });

  it("counts unusable addresses per client only: six of them from six clients are each a 400, not a 429", async () => {
    const { config } = app();
    for (let i = 0; i < 6; i++) {
      const response = await requestLink(config, `not an address ${i}`, {
        headers: { "x-forwarded-for": `198.51.100.${i}` },
      });
      expect(response.status).toBe(400);
    }
  });

  it("counts an address per provider: the limit of one provider leaves another's alone", async () => {
    const tables = createMemoryTables();
    const sent: EmailVerificationRequest[] = [];
    const sendVerificationRequest = (request: EmailVerificationRequest) => {
      sent.push(request);
    };
    const config = makeConfig({
      adapter: MemoryAdapter(tables),
      logger: recordingLogger().logger,
      providers: [Email({ sendVerificationRequest }), Email({ id: "work-email", sendVerificationRequest })],
    });
    const post = async (providerId: string, i: number) => {
      const { token, jar } = await getCsrf(config);
      return send(config, `/signin/${providerId}`, {
        cookie: jar,
        headers: { "x-forwarded-for": `198.51.100.${i}` },
        form: { csrfToken: token, email: "ada@example.test" },
      });
    };
    for (let i = 0; i < 5; i++) expect((await post("email", i)).status).toBe(302);
    expect((await post("email", 10)).status).toBe(429);
    expect((await post("work-email", 11)).status).toBe(302);
    expect(sent.map((mail) => mail.provider.id)).toEqual([...Array(5).fill("email"), "work-email"]);
  });
});

describe("checks made at startup", () => {
  it.each([0, -60, Number.NaN, Number.POSITIVE_INFINITY, "3600"])("refuses maxAge %s", async (maxAge) => {
    const { config, logs } = app({ provider: { maxAge: maxAge as number } });
    expect((await send(config, "/providers")).status).toBe(500);
    expect(logs.text()).toContain(
      'maxAge of the e-mail provider "email" must be a positive number of seconds.',
    );
  });

  it("accepts any positive maxAge", async () => {
    const { config } = app({ provider: { maxAge: 0.5 } });
    expect((await send(config, "/providers")).status).toBe(200);
  });

  it("names the provider that lacks sendVerificationRequest", async () => {
    const { config, logs } = app({
      provider: { id: "mailer", sendVerificationRequest: "not a function" as never },
    });
    expect((await send(config, "/providers")).status).toBe(500);
    expect(logs.text()).toContain('The e-mail provider "mailer" needs a `sendVerificationRequest` function');
  });

  it.each([
    "createUser",
    "getUserByEmail",
    "updateUser",
    "createVerificationToken",
    "useVerificationToken",
  ] as const)("needs the adapter method %s, even with JWT sessions", async (method) => {
    const { [method]: _, ...adapter } = MemoryAdapter(createMemoryTables());
    const { config, logs } = app({ adapter, config: { session: { strategy: "jwt" } } });
    expect((await send(config, "/providers")).status).toBe(500);
    expect(logs.text()).toContain(`The adapter lacks methods this configuration calls: ${method}.`);
  });

  it("offers an e-mail form on the sign-in page, and the code form after the mail only with otp", async () => {
    const plain = app();
    const signIn = await (await send(plain.config, "/signin")).text();
    expect(signIn).toContain('action="https://app.test/auth/signin/email"');
    expect(signIn).toContain('name="email" type="email"');
    const verify = await (await send(plain.config, "/verify-request?provider=email&type=email")).text();
    expect(verify).not.toContain('name="code"');

    const withCode = app({ provider: { otp: true } });
    const codePage = await (await send(withCode.config, "/verify-request?provider=email&type=email")).text();
    expect(codePage).toContain('name="code"');
  });
});

describe("taking the link back", () => {
  it("the GET shows a confirm page that posts the token, address and callbackUrl back to the callback", async () => {
    const { config, outbox, tables } = app({ provider: { confirm: true } });
    await requestLink(config, "ada@example.test");
    const link = new URL(lastMail(outbox).url);
    const jar = new CookieJar();
    link.searchParams.set("callbackUrl", "/after");
    const landing = await send(config, `/callback/email${link.search}`, { cookie: jar });
    expect(landing.status).toBe(200);
    expect(landing.headers.get("referrer-policy")).toBe("same-origin");
    const html = await landing.text();
    expect(html).toContain('action="https://app.test/auth/callback/email"');
    expect(html).toContain(`name="token" value="${lastMail(outbox).token}"`);
    expect(html).toContain('name="email" value="ada@example.test"');
    expect(html).toContain('name="callbackUrl" value="https://app.test/after"');
    expect(tables.verificationTokens.size).toBe(1);
  });

  it("the GET of a link without its address is refused like one without its token", async () => {
    const { config, outbox, tables, warned } = app();
    await requestLink(config, "ada@example.test");
    const token = String(new URL(lastMail(outbox).url).searchParams.get("token"));
    expect(errorOf(await send(config, `/callback/email?token=${token}`))).toBe("Verification");
    expect(errorOf(await send(config, `/callback/email?token=${token}&email=`))).toBe("Verification");
    expect(tables.verificationTokens.size).toBe(1);
    expect(warned.at(-1)).toContain("Verification: The sign-in link lacks its token or address.");
  });

  it("with confirm: false, an expired link's GET is refused and signs nothing in", async () => {
    const { config, outbox, tables, warned } = app({ provider: { confirm: false } });
    await requestLink(config, "ada@example.test");
    for (const token of tables.verificationTokens.values()) token.expires = new Date(Date.now() - 1);
    const response = await send(config, `/callback/email${new URL(lastMail(outbox).url).search}`);
    expect(errorOf(response)).toBe("Verification");
    expect(warned.join("\n")).toContain("Verification: The sign-in link has expired.");
    expect(tables.users.size).toBe(0);
  });

  it("a link is void from the millisecond it expires", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-02-03T04:05:06.789Z"));
    const { config, outbox, tables } = app();
    await requestLink(config, "ada@example.test");
    await requestLink(config, "bob@example.test");
    const [ada, bob] = outbox.sent;
    for (const token of tables.verificationTokens.values()) {
      token.expires = new Date(Date.now() + (token.identifier === "bob@example.test" ? 1 : 0));
    }
    expect(errorOf(await confirmLink(config, String(ada?.url)))).toBe("Verification");
    expect(errorOf(await confirmLink(config, String(bob?.url)))).toBeNull();
    expect([...tables.users.values()].map((user) => user.email)).toEqual(["bob@example.test"]);
  });

  it("explains in the log why a link was refused", async () => {
    const { config, outbox, warned } = app();
    await requestLink(config, "ada@example.test");
    const url = lastMail(outbox).url;
    expect(errorOf(await confirmLink(config, url))).toBeNull();
    expect(errorOf(await confirmLink(config, url))).toBe("Verification");
    expect(warned.join("\n")).toContain(
      "Verification: The sign-in link is unknown, already used, or for another address.",
    );
  });

  it.each([
    ["an address without token", { email: "ada@example.test" }],
    ["a token without address", { token: "some-token" }],
    ["a code and a token that are not strings", { email: "ada@example.test", code: 123456, token: 42 }],
  ])("refuses a post of %s with 400, saying what to post", async (_, fields) => {
    const { config } = app({ provider: { otp: true } });
    const { token, jar } = await getCsrf(config);
    const response = await send(config, "/callback/email", {
      cookie: jar,
      json: { csrfToken: token, ...fields },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: "InvalidRequest",
      message: "Post the link's `token` and `email`, or an `email` and its one-time `code`.",
    });
  });

  it("refuses a code for a provider that sends none with 400, naming the provider", async () => {
    const { config } = app({ provider: { id: "mailer" } });
    const { token, jar } = await getCsrf(config);
    const response = await send(config, "/callback/mailer", {
      cookie: jar,
      form: { csrfToken: token, email: "ada@example.test", code: "123456" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: "InvalidRequest",
      message: 'Provider "mailer" does not send one-time codes.',
    });
  });

  it("reports a failing mailer as EmailSignInError naming the provider", async () => {
    const { config, logs } = app({
      provider: {
        id: "mailer",
        sendVerificationRequest: () => {
          throw new Error("SMTP 554");
        },
      },
    });
    const { token, jar } = await getCsrf(config);
    await send(config, "/signin/mailer", {
      cookie: jar,
      form: { csrfToken: token, email: "ada@example.test" },
    });
    expect(logs.text()).toContain('EmailSignInError: sendVerificationRequest of provider "mailer" failed.');
  });

  it("refuses an empty token without asking the adapter", async () => {
    const tables = createMemoryTables();
    const base = MemoryAdapter(tables);
    let uses = 0;
    const adapter: Adapter = {
      ...base,
      useVerificationToken: (params) => {
        uses++;
        return base.useVerificationToken?.(params) ?? null;
      },
    };
    const { config, warned } = app({ adapter });
    const { token, jar } = await getCsrf(config);
    for (const fields of [
      { token: "", email: "ada@example.test" },
      { token: "some-token", email: "" },
    ]) {
      const response = await send(config, "/callback/email", {
        cookie: jar,
        form: { csrfToken: token, ...fields },
      });
      expect(errorOf(response)).toBe("Verification");
    }
    expect(uses).toBe(0);
    expect(warned.join("\n")).toContain("Verification: The sign-in link lacks its token or address.");
  });

  it("a sign-in by link sets the session cookie and no other cookie of its own", async () => {
    const { config, outbox } = app();
    await requestLink(config, "ada@example.test");
    const response = await confirmLink(config, lastMail(outbox).url);
    const names = response.headers.getSetCookie().map((cookie) => cookie.split("=")[0]);
    expect(names).toContain("__Secure-authjs.session-token");
    // Beside Auth.js's cookies only the database session's record of how it was signed in.
    expect(names.filter((name) => !name?.includes("authjs."))).toEqual(["__Secure-latchkey.session-auth"]);
  });
});
