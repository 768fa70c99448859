/**
 * E-mail sign-in end to end: nodemailer delivers to a real SMTP server on 127.0.0.1, the test reads
 * the message, follows the link like a browser (confirm page, its POST, the session), and attacks
 * it: replayed, expired, wrong-address and tampered tokens, one-time codes, hostile addresses.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMemoryTables, MemoryAdapter, type MemoryTables } from "../../src/adapters/memory.js";
import type { AuthConfig } from "../../src/index.js";
import Nodemailer, { type NodemailerUserConfig } from "../../src/providers/nodemailer.js";
import { CookieJar, getCsrf, locationOf, makeConfig, recordingLogger, send } from "../core/helpers.js";
import { type ReceivedMail, type SmtpSink, startSmtpSink } from "./smtp-sink.js";

const SESSION_COOKIE = "__Secure-authjs.session-token";
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
});
beforeEach(() => {
  sink.reset();
});

interface App {
  config: AuthConfig;
  tables: MemoryTables;
  logs: ReturnType<typeof recordingLogger>;
}

function app(options: Partial<NodemailerUserConfig> = {}, overrides: Partial<AuthConfig> = {}): App {
  const tables = createMemoryTables();
  const logs = recordingLogger();
  const config = makeConfig({
    adapter: MemoryAdapter(tables),
    logger: logs.logger,
    providers: [
      Nodemailer({
        server: { host: "127.0.0.1", port: sink.port, secure: false, ignoreTLS: true },
        from: "latchkey tests <no-reply@app.test>",
        ...options,
      }),
    ],
    ...overrides,
  });
  return { config, tables, logs };
}

/** POST /signin/nodemailer as a browser would, returning its jar and the response. */
async function requestLink(config: AuthConfig, email: string, extra: Record<string, string> = {}) {
  const { token, jar } = await getCsrf(config);
  const response = await send(config, "/signin/nodemailer", {
    cookie: jar,
    form: { csrfToken: token, email, ...extra },
  });
  jar.apply(response);
  return { response, jar };
}

function linkIn(mail: ReceivedMail): URL {
  const match = /https:\/\/\S+\/auth\/callback\/nodemailer\?\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in ${mail.text}`);
  return new URL(match[0]);
}

/** The confirm page's form fields, as the browser would post them. */
function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[name as string] = (value as string)
      .replaceAll("&amp;", "&")
      .replaceAll("&quot;", '"')
      .replaceAll("&#39;", "'")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">");
  }
  return fields;
}

/** Opens the link in `jar`'s browser and presses the confirm button. */
async function followLink(config: AuthConfig, link: URL, jar = new CookieJar()): Promise<Response> {
  const landing = await send(config, `${link.pathname.replace("/auth", "")}${link.search}`, { cookie: jar });
  expect(landing.status).toBe(200);
  jar.apply(landing);
  const response = await send(config, "/callback/nodemailer", {
    cookie: jar,
    form: formFields(await landing.text()),
  });
  jar.apply(response);
  return response;
}

async function sessionOf(config: AuthConfig, jar: CookieJar): Promise<{ user?: { email?: string } } | null> {
  return (await send(config, "/session", { cookie: jar })).json() as Promise<{
    user?: { email?: string };
  } | null>;
}

const errorOf = (response: Response) => locationOf(response).searchParams.get("error");

describe("e-mail sign-in through nodemailer and a real SMTP server", () => {
  it("mails one link to the one address, whose confirm page signs in on POST only", async () => {
    const { config, tables } = app();
    const { response } = await requestLink(config, "  Ada@Example.TEST ", { callbackUrl: "/dashboard" });
    const verify = locationOf(response);
    expect(verify.pathname).toBe("/auth/verify-request");
    expect(verify.searchParams.get("provider")).toBe("nodemailer");

    const mail = await sink.nextMessage();
    expect(mail.recipients).toEqual(["ada@example.test"]);
    expect(mail.subject).toBe("Sign in to app.test");
    expect(mail.text).toContain("Sign in to app.test");
    expect(mail.html).toContain("Sign in to <strong>app.test</strong>");
    const link = linkIn(mail);
    expect(link.origin).toBe("https://app.test");
    expect(link.searchParams.get("email")).toBe("ada@example.test");
    // Only the hash of the token is stored.
    const [stored] = [...tables.verificationTokens.values()];
    expect(stored?.token).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.token).not.toBe(link.searchParams.get("token"));

    // A mail scanner fetching the link twice uses nothing up and gets no session.
    const jar = new CookieJar();
    for (let i = 0; i < 2; i++) {
      const landing = await send(config, `/callback/nodemailer${link.search}`, { cookie: jar });
      expect(landing.status).toBe(200);
      expect(landing.headers.get("referrer-policy")).toBe("same-origin");
      expect(landing.headers.getSetCookie().some((c) => c.startsWith(SESSION_COOKIE))).toBe(false);
    }
    expect(tables.verificationTokens.size).toBe(1);

    const signedIn = await followLink(config, link, jar);
    expect(locationOf(signedIn).href).toBe("https://app.test/dashboard");
    expect((await sessionOf(config, jar))?.user?.email).toBe("ada@example.test");
    const [user] = [...tables.users.values()];
    expect(user?.emailVerified).toBeInstanceOf(Date);
    expect(tables.verificationTokens.size).toBe(0);
  });

  it("refuses a replayed link", async () => {
    const { config } = app();
    await requestLink(config, "ada@example.test");
    const link = linkIn(await sink.nextMessage());
    const jar = new CookieJar();
    const landing = await send(config, `/callback/nodemailer${link.search}`, { cookie: jar });
    jar.apply(landing);
    const fields = formFields(await landing.text());
    expect(errorOf(await send(config, "/callback/nodemailer", { cookie: jar, form: fields }))).toBeNull();
    const replay = await send(config, "/callback/nodemailer", { cookie: jar, form: fields });
    expect(errorOf(replay)).toBe("Verification");
  });

  it("refuses an expired link, and uses it up", async () => {
    const { config, tables } = app();
    await requestLink(config, "ada@example.test");
    const link = linkIn(await sink.nextMessage());
    for (const token of tables.verificationTokens.values()) token.expires = new Date(Date.now() - 1000);
    expect(errorOf(await followLink(config, link))).toBe("Verification");
    expect(tables.verificationTokens.size).toBe(0);
    expect(tables.users.size).toBe(0);
  });

  it("refuses a link posted for another address, and the right address still works after", async () => {
    const { config } = app();
    await requestLink(config, "ada@example.test");
    const link = linkIn(await sink.nextMessage());
    const { token, jar } = await getCsrf(config);
    const other = await send(config, "/callback/nodemailer", {
      cookie: jar,
      form: { csrfToken: token, token: String(link.searchParams.get("token")), email: "eve@example.test" },
    });
    expect(errorOf(other)).toBe("Verification");
    expect(errorOf(await followLink(config, link))).toBeNull();
  });

  it("refuses a tampered token", async () => {
    const { config } = app();
    await requestLink(config, "ada@example.test");
    const link = linkIn(await sink.nextMessage());
    const token = String(link.searchParams.get("token"));
    link.searchParams.set("token", `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`);
    expect(errorOf(await followLink(config, link))).toBe("Verification");
  });

  it("with confirm: false, the GET of the link signs in at once, as in Auth.js", async () => {
    const { config } = app({ confirm: false });
    await requestLink(config, "ada@example.test");
    const link = linkIn(await sink.nextMessage());
    const jar = new CookieJar();
    const response = await send(config, `/callback/nodemailer${link.search}`, { cookie: jar });
    jar.apply(response);
    expect(errorOf(response)).toBeNull();
    expect((await sessionOf(config, jar))?.user?.email).toBe("ada@example.test");
  });

  it("never adopts a session cookie the browser already carried", async () => {
    const { config } = app();
    await requestLink(config, "ada@example.test");
    const link = linkIn(await sink.nextMessage());
    const planted = "planted-session-token-0123456789abcdef";
    const jar = new CookieJar({ [SESSION_COOKIE]: planted });
    await followLink(config, link, jar);
    const issued = jar.get(SESSION_COOKIE);
    expect(issued).toBeTruthy();
    expect(issued).not.toBe(planted);
  });

  describe("one-time codes", () => {
    async function codeFor(config: AuthConfig, email = "ada@example.test"): Promise<string> {
      await requestLink(config, email);
      const mail = await sink.nextMessage();
      const code = /enter this code on the sign-in page: (\d{6})/.exec(mail.text)?.[1];
      expect(mail.html).toContain(String(code));
      return String(code);
    }

    async function postCode(config: AuthConfig, code: string, email = "ada@example.test") {
      const { token, jar } = await getCsrf(config);
      const response = await send(config, "/callback/nodemailer", {
        cookie: jar,
        form: { csrfToken: token, email, code },
      });
      jar.apply(response);
      return { response, jar };
    }

    const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

    it("signs in with the right code, typed with another case and spaces around the address", async () => {
      const { config } = app({ otp: true });
      const code = await codeFor(config);
      const { response, jar } = await postCode(config, code, "  ADA@example.test");
      expect(errorOf(response)).toBeNull();
      expect((await sessionOf(config, jar))?.user?.email).toBe("ada@example.test");
      // Used: the same code again is refused.
      expect(errorOf((await postCode(config, code)).response)).toBe("Verification");
    });

    it("refuses a wrong code, and after 5 wrong codes refuses the right one and voids the link", async () => {
      const { config, tables } = app({ otp: true });
      const code = await codeFor(config);
      for (let i = 0; i < 5; i++)
        expect(errorOf((await postCode(config, wrong(code))).response)).toBe("Verification");
      expect(errorOf((await postCode(config, code)).response)).toBe("Verification");
      expect(tables.verificationTokens.size).toBe(0);
      expect(tables.users.size).toBe(0);
    });

    it("the verify-request page offers the code form", async () => {
      const { config } = app({ otp: true });
      const { response, jar } = await requestLink(config, "ada@example.test");
      const page = await send(
        config,
        `${locationOf(response).pathname.replace("/auth", "")}${locationOf(response).search}`,
        {
          cookie: jar,
        },
      );
      const html = await page.text();
      expect(html).toContain('name="code"');
      expect(html).toContain('action="https://app.test/auth/callback/nodemailer"');
    });

    it("is refused for a provider without otp", async () => {
      const { config } = app();
      const { token, jar } = await getCsrf(config);
      const response = await send(config, "/callback/nodemailer", {
        cookie: jar,
        form: { csrfToken: token, email: "ada@example.test", code: "123456" },
      });
      expect(response.status).toBe(400);
    });
  });

  describe("hostile addresses never reach a second recipient", () => {
    it.each([
      ["a fullwidth @", "victim＠evil.test@app.test"],
      ["a fullwidth @ alone", "victim＠evil.test"],
      ["a small commercial at", "victim﹫evil.test@app.test"],
      ["a quoted local part", '"eve@evil.test"@app.test'],
      ["two addresses", "ada@example.test,eve@evil.test"],
      ["two addresses with a semicolon", "ada@example.test;eve@evil.test"],
      ["a display name", "Ada <eve@evil.test>"],
      ["a space inside", "ada@example.test eve@evil.test"],
      ["a header injection", "ada@example.test\r\nBcc: eve@evil.test"],
      ["no @", "ada.example.test"],
    ])("refuses %s with 400 and sends nothing", async (_, email) => {
      const { config } = app();
      const { response } = await requestLink(config, email);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe("InvalidRequest");
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(sink.messages).toEqual([]);
    });

    it("refuses an address a normalizeIdentifier turns into two", async () => {
      const { config } = app({ normalizeIdentifier: (identifier) => `${identifier},eve@evil.test` });
      const { response } = await requestLink(config, "ada@example.test");
      expect(response.status).toBe(400);
      expect(sink.messages).toEqual([]);
    });

    it("refuses a form or JSON body that names email twice: at most one mail, to one address", async () => {
      const { config } = app();
      const { token, jar } = await getCsrf(config);
      const form = await send(config, "/signin/nodemailer", {
        cookie: jar,
        form: `csrfToken=${token}&email=ada%40example.test&email=eve%40evil.test`,
      });
      expect(form.status).toBe(400);
      const json = await send(config, "/signin/nodemailer", {
        cookie: jar,
        json: `{"csrfToken":"${token}","email":"ada@example.test","email":"eve@evil.test"}`,
      });
      expect(json.status).toBe(400);
      expect(sink.messages).toEqual([]);
    });

    it("uses the provider's normalizeIdentifier when it returns one plain address", async () => {
      const { config } = app({
        normalizeIdentifier: (identifier) => identifier.trim().replace(/\+.*@/, "@"),
      });
      await requestLink(config, "ada+news@example.test");
      expect((await sink.nextMessage()).recipients).toEqual(["ada@example.test"]);
    });
  });
});
