/**
 * The HTTP mail services (Resend, SendGrid, Postmark, Mailgun, Forward Email, Loops), through
 * `Auth()` against a stand-in of each API on 127.0.0.1 that checks the request shape the service
 * documents and answers as the service does. Pinned: the request is right and its link signs in,
 * AUTH_<ID>_KEY fills in the key, the service's refusal reaches EmailSignInError in its own words,
 * and the key never reaches a log line, an error message or another host.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryAdapter } from "../../src/adapters/memory.js";
import { type AuthConfig, checkConfig } from "../../src/index.js";
import ForwardEmail from "../../src/providers/forwardemail.js";
import Loops from "../../src/providers/loops.js";
import type { MailServiceConfig } from "../../src/providers/mail-service/provider.js";
import Mailgun from "../../src/providers/mailgun.js";
import Postmark from "../../src/providers/postmark.js";
import Resend from "../../src/providers/resend.js";
import SendGrid from "../../src/providers/sendgrid.js";
import {
  CookieJar,
  getCsrf,
  locationOf,
  makeConfig,
  recordingLogger,
  SECRET,
  send,
} from "../core/helpers.js";
import {
  type Answer,
  type MailApiStandIn,
  type ReceivedCall,
  type ServiceId,
  startMailApiStandIn,
} from "./mail-api-stand-in.js";

const KEY = "mail-api-key-5b1f0c2e9a7d4e38";
const WRONG_KEY = "wrong-api-key-0d9e8c7b6a5f4e3d";
const FROM = "latchkey tests <no-reply@mg.app.test>";
const MAILGUN_DOMAIN = "mg.app.test";
const USER = "ada@example.test";

let standIn: MailApiStandIn;
beforeAll(async () => {
  standIn = await startMailApiStandIn({ key: KEY, mailgunDomain: MAILGUN_DOMAIN });
});
afterAll(async () => {
  await standIn.close();
});
beforeEach(() => {
  standIn.reset();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** What a service received, read back from its own request format. */
interface ReceivedMail {
  to: unknown;
  from?: unknown;
  subject?: unknown;
  /** The sign-in link in the mail (the text body, or Loops's `url` variable). */
  link: string;
  code?: unknown;
}

interface ServiceCase {
  id: ServiceId;
  /** The service's API root in normal use. */
  realRoot: string;
  path: string;
  provider(options: { apiKey?: string; baseUrl?: string; otp?: boolean }): MailServiceConfig;
  /** The forms the key takes in this service's requests: itself, and its Basic credentials. */
  keyForms: string[];
  received(call: ReceivedCall): ReceivedMail;
  /** The service's error answer carrying `message`, as its API documents. */
  refusal(message: string): Answer;
  /** A refusal the service gives in normal use. */
  typicalRefusal: string;
}

const firstLink = (text: unknown) => {
  const match = /https:\/\/app\.test\/auth\/callback\/\S+/.exec(String(text));
  if (!match) throw new Error(`no sign-in link in ${String(text)}`);
  return match[0];
};
const bodyOf = <Body = Record<string, unknown>>(call: ReceivedCall) => JSON.parse(call.body) as Body;

const SERVICES: ServiceCase[] = [
  {
    id: "resend",
    keyForms: [KEY],
    realRoot: "https://api.resend.com",
    path: "/emails",
    provider: (options) => Resend({ from: FROM, ...options }),
    received: (call) => {
      const body = bodyOf(call);
      return { to: body.to, from: body.from, subject: body.subject, link: firstLink(body.text) };
    },
    refusal: (message) => ({ status: 403, body: { statusCode: 403, name: "validation_error", message } }),
    typicalRefusal:
      "The app.test domain is not verified. Please, add and verify your domain on https://resend.com/domains",
  },
  {
    id: "sendgrid",
    keyForms: [KEY],
    realRoot: "https://api.sendgrid.com",
    path: "/v3/mail/send",
    provider: (options) => SendGrid({ from: FROM, ...options }),
    received: (call) => {
      const body = bodyOf<{
        personalizations: Array<{ to: Array<{ email: string }> }>;
        from: { email: string; name: string };
        subject: string;
        content: Array<{ value: string }>;
      }>(call);
      return {
        to: body.personalizations[0]?.to[0]?.email,
        from: `${body.from.name} <${body.from.email}>`,
        subject: body.subject,
        link: firstLink(body.content[0]?.value),
      };
    },
    refusal: (message) => ({ status: 403, body: { errors: [{ message, field: "from", help: null }] } }),
    typicalRefusal:
      "The from address does not match a verified Sender Identity. Mail cannot be sent until this error is resolved.",
  },
  {
    id: "postmark",
    keyForms: [KEY],
    realRoot: "https://api.postmarkapp.com",
    path: "/email",
    provider: (options) => Postmark({ from: FROM, ...options }),
    received: (call) => {
      const body = bodyOf(call);
      return { to: body.To, from: body.From, subject: body.Subject, link: firstLink(body.TextBody) };
    },
    refusal: (message) => ({ status: 422, body: { ErrorCode: 400, Message: message } }),
    typicalRefusal:
      "The 'From' address you supplied (no-reply@mg.app.test) is not a Sender Signature on your account.",
  },
  {
    id: "mailgun",
    keyForms: [KEY, btoa(`api:${KEY}`)],
    realRoot: "https://api.mailgun.net",
    path: `/v3/${MAILGUN_DOMAIN}/messages`,
    provider: (options) => Mailgun({ from: FROM, ...options }),
    received: (call) => {
      const fields = new URLSearchParams(call.body);
      return {
        to: fields.get("to"),
        from: fields.get("from"),
        subject: fields.get("subject"),
        link: firstLink(fields.get("text")),
      };
    },
    refusal: (message) => ({ status: 400, body: { message } }),
    typicalRefusal: "Domain mg.app.test is not allowed to send: Free accounts are for test purposes only.",
  },
  {
    id: "forwardemail",
    keyForms: [KEY, btoa(`${KEY}:`)],
    realRoot: "https://api.forwardemail.net",
    path: "/v1/emails",
    provider: (options) => ForwardEmail({ from: FROM, ...options }),
    received: (call) => {
      const body = bodyOf(call);
      return { to: body.to, from: body.from, subject: body.subject, link: firstLink(body.text) };
    },
    refusal: (message) => ({ status: 400, body: { statusCode: 400, error: "Bad Request", message } }),
    typicalRefusal: "Domain mg.app.test is not verified.",
  },
  {
    id: "loops",
    keyForms: [KEY],
    realRoot: "https://app.loops.so",
    path: "/api/v1/transactional",
    provider: (options) => Loops({ transactionalId: "clx0signin", ...options }),
    received: (call) => {
      const body = bodyOf<{ email: string; dataVariables: { url: string; code?: string } }>(call);
      return { to: body.email, link: firstLink(body.dataVariables.url), code: body.dataVariables.code };
    },
    refusal: (message) => ({ status: 404, body: { success: false, message } }),
    typicalRefusal: "Transactional email not found",
  },
];

function app(provider: MailServiceConfig) {
  const logs = recordingLogger();
  const config: AuthConfig = makeConfig({
    adapter: MemoryAdapter(),
    logger: logs.logger,
    debug: true,
    providers: [provider],
  });
  /** Every line that reached the logger: errors with their causes, warnings, debug messages and metadata. */
  const everythingLogged = () =>
    [
      logs.text(),
      ...logs.errors.map((error) => error.stack ?? ""),
      ...logs.warningLines,
      ...logs.debugs.map(
        ({ message, metadata }) => `${message} ${String(metadata)} ${JSON.stringify(metadata)}`,
      ),
    ].join("\n");
  return { config, logs, everythingLogged };
}

/** POST /signin/:id as the sign-in page's form does. */
async function requestLink(config: AuthConfig, providerId: string, extra: Record<string, string> = {}) {
  const { token, jar } = await getCsrf(config);
  return send(config, `/signin/${providerId}`, {
    cookie: jar,
    form: { csrfToken: token, email: USER, ...extra },
  });
}

/** Posts the link's token back (the confirm page's button), then reads the session. */
async function signInWithLink(config: AuthConfig, providerId: string, link: string) {
  const url = new URL(link);
  const jar = new CookieJar();
  const { token } = await getCsrf(config, { cookie: jar });
  const response = await send(config, `/callback/${providerId}`, {
    cookie: jar,
    form: {
      csrfToken: token,
      token: String(url.searchParams.get("token")),
      email: String(url.searchParams.get("email")),
    },
  });
  jar.apply(response);
  const session = await send(config, "/session", { cookie: jar });
  return (await session.json()) as { user?: { email?: string } } | null;
}

describe.each(SERVICES)("$id", (service) => {
  it("posts the sign-in mail in the shape the service's API documents, and its link signs in", async () => {
    const { config } = app(service.provider({ apiKey: KEY, baseUrl: standIn.baseUrl }));
    const response = await requestLink(config, service.id);
    expect(locationOf(response).pathname).toBe("/auth/verify-request");
    expect(standIn.calls.map(({ service: id, method, path }) => ({ id, method, path }))).toEqual([
      { id: service.id, method: "POST", path: service.path },
    ]);
    const mail = service.received(standIn.calls[0] as ReceivedCall);
    expect(mail.to).toBe(USER);
    if (service.id !== "loops") {
      expect(mail.from).toBe(FROM);
      expect(mail.subject).toBe("Sign in to app.test");
    }
    expect((await signInWithLink(config, service.id, mail.link))?.user?.email).toBe(USER);
  });

  it(`takes the key from AUTH_${service.id.toUpperCase()}_KEY when apiKey is not given`, async () => {
    vi.stubEnv(`AUTH_${service.id.toUpperCase()}_KEY`, KEY);
    const { config } = app(service.provider({ baseUrl: standIn.baseUrl }));
    expect(locationOf(await requestLink(config, service.id)).pathname).toBe("/auth/verify-request");
    expect(standIn.calls).toHaveLength(1);
  });

  it("without a key, sends nothing and names the variable to set", async () => {
    vi.stubEnv(`AUTH_${service.id.toUpperCase()}_KEY`, undefined);
    const { config, logs } = app(service.provider({ baseUrl: standIn.baseUrl }));
    expect(locationOf(await requestLink(config, service.id)).searchParams.get("error")).toBe("Configuration");
    expect(standIn.calls).toHaveLength(0);
    expect(logs.errors.map((error) => error.name)).toEqual(["EmailSignInError"]);
    expect(logs.errors[0]?.message).toContain(`AUTH_${service.id.toUpperCase()}_KEY`);
  });

  it("reports a wrong key as EmailSignInError in the service's words, the key in no log line", async () => {
    const { config, logs, everythingLogged } = app(
      service.provider({ apiKey: WRONG_KEY, baseUrl: standIn.baseUrl }),
    );
    const response = await requestLink(config, service.id);
    expect(locationOf(response).searchParams.get("error")).toBe("Configuration");
    expect(standIn.calls).toHaveLength(1);
    expect(logs.errors.map((error) => error.name)).toEqual(["EmailSignInError"]);
    expect(logs.errors[0]?.message).toMatch(/refused the sign-in e-mail \(HTTP 401\)/);
    expect(everythingLogged()).not.toContain(WRONG_KEY);
    expect(response.headers.get("location")).not.toContain(WRONG_KEY);
  });

  it("reports the service's refusal as EmailSignInError carrying the service's message", async () => {
    const { config, logs, everythingLogged } = app(
      service.provider({ apiKey: KEY, baseUrl: standIn.baseUrl }),
    );
    standIn.refuseNext(service.refusal(service.typicalRefusal));
    const response = await requestLink(config, service.id);
    expect(locationOf(response).searchParams.get("error")).toBe("Configuration");
    expect(logs.errors.map((error) => error.name)).toEqual(["EmailSignInError"]);
    expect(logs.errors[0]?.message).toContain(service.typicalRefusal);
    expect(everythingLogged()).not.toContain(KEY);
    expect(await response.text()).not.toContain(service.typicalRefusal);
  });

  it("keeps a key the service echoes in its refusal out of the logs", async () => {
    const { config, logs, everythingLogged } = app(
      service.provider({ apiKey: KEY, baseUrl: standIn.baseUrl }),
    );
    standIn.refuseNext(service.refusal(`The credentials ${service.keyForms.join(" and ")} may not send.`));
    await requestLink(config, service.id);
    const redacted = service.keyForms.map(() => "[redacted]").join(" and ");
    expect(logs.errors[0]?.message).toContain(`The credentials ${redacted} may not send.`);
    for (const form of service.keyForms) expect(everythingLogged()).not.toContain(form);
  });

  it("does not follow a redirect, so the key never reaches another host", async () => {
    const elsewhere: string[] = [];
    const other = createServer((req, res) => {
      elsewhere.push(JSON.stringify(req.headers));
      res.end("{}");
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = other.address() as AddressInfo;
      const { config, logs } = app(service.provider({ apiKey: KEY, baseUrl: standIn.baseUrl }));
      standIn.refuseNext({ status: 307, headers: { location: `http://localhost:${port}${service.path}` } });
      const response = await requestLink(config, service.id);
      expect(locationOf(response).searchParams.get("error")).toBe("Configuration");
      expect(elsewhere).toEqual([]);
      expect(logs.errors[0]?.message).toContain("answered with a redirect (HTTP 307)");
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it("posts to the service's own API root unless baseUrl says otherwise", () => {
    expect(service.provider({}).baseUrl).toBe(service.realRoot);
    expect(service.provider({ baseUrl: undefined }).baseUrl).toBe(service.realRoot);
  });

  it("refuses a plain-http baseUrl off this machine, where the key would travel in clear", () => {
    expect(() => service.provider({ baseUrl: "http://mail-proxy.internal" })).toThrow(/must use https/);
    expect(() => service.provider({ baseUrl: "not a url" })).toThrow(/is not a URL/);
  });
});

describe("when the service cannot be reached, or says too much", () => {
  it("ends the sign-in with EmailSignInError naming the service and where it was looked for", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const { config, logs, everythingLogged } = app(
      Resend({ from: FROM, apiKey: KEY, baseUrl: `http://127.0.0.1:${port}` }),
    );
    const response = await requestLink(config, "resend");
    expect(locationOf(response).searchParams.get("error")).toBe("Configuration");
    expect(logs.errors[0]?.message).toContain(`Resend could not be reached at http://127.0.0.1:${port}`);
    expect(everythingLogged()).not.toContain(KEY);
  });

  it("cuts a long refusal short, after the key is taken out of it", async () => {
    const { config, logs, everythingLogged } = app(
      Resend({ from: FROM, apiKey: KEY, baseUrl: standIn.baseUrl }),
    );
    standIn.refuseNext({
      status: 400,
      body: { statusCode: 400, name: "validation_error", message: `${"x".repeat(490)}${KEY}` },
    });
    await requestLink(config, "resend");
    expect(logs.errors[0]?.message).toContain(`${"x".repeat(490)}[redacted]`);
    expect(everythingLogged()).not.toContain(KEY.slice(0, 10));
  });
});

describe("service-specific options", () => {
  it("Mailgun: region EU posts to Mailgun's EU API; domain defaults to the sender's", () => {
    const eu = Mailgun({ from: FROM, region: "EU" });
    expect(eu.baseUrl).toBe("https://api.eu.mailgun.net");
    expect(eu.domain).toBe(MAILGUN_DOMAIN);
    expect(Mailgun({ from: FROM, domain: "mg.other.test" }).domain).toBe("mg.other.test");
    expect(() => Mailgun({ from: FROM, region: "APAC" as never })).toThrow(/"US" or "EU"/);
  });

  it("Loops: with otp, the template also gets the one-time code, which signs in", async () => {
    const { config } = app(
      Loops({ transactionalId: "clx0signin", apiKey: KEY, baseUrl: standIn.baseUrl, otp: true }),
    );
    await requestLink(config, "loops");
    const mail = SERVICES.find((service) => service.id === "loops")?.received(
      standIn.calls[0] as ReceivedCall,
    );
    expect(mail?.code).toMatch(/^\d{6}$/);
    const jar = new CookieJar();
    const { token } = await getCsrf(config, { cookie: jar });
    const response = await send(config, "/callback/loops", {
      cookie: jar,
      form: { csrfToken: token, email: USER, code: String(mail?.code) },
    });
    jar.apply(response);
    const session = (await (await send(config, "/session", { cookie: jar })).json()) as {
      user?: { email?: string };
    };
    expect(session.user?.email).toBe(USER);
  });

  it("Loops needs `transactionalId` when made", () => {
    expect(() => Loops({} as never)).toThrow(/needs `transactionalId`/);
  });
});

/** The services that send from the app's own address, each made without one. */
const SENDERS = [
  { id: "resend", name: "Resend", make: Resend },
  { id: "sendgrid", name: "SendGrid", make: SendGrid },
  { id: "postmark", name: "Postmark", make: Postmark },
  { id: "mailgun", name: "Mailgun", make: Mailgun },
  { id: "forwardemail", name: "Forward Email", make: ForwardEmail },
] as const;

describe.each(SENDERS)("$name without `from`", ({ id, name, make }) => {
  it("is made, also passed uncalled as Auth.js apps pass it", () => {
    expect(make().id).toBe(id);
    expect(make({ apiKey: KEY }).type).toBe("email");
  });

  it("refuses each sign-in mail naming `from`, and sends nothing", async () => {
    vi.stubEnv(`AUTH_${id.toUpperCase()}_KEY`, KEY);
    for (const provider of [make({ baseUrl: standIn.baseUrl }), make]) {
      const { config, logs } = app(provider as MailServiceConfig);
      const response = await requestLink(config, id);
      expect(locationOf(response).searchParams.get("error")).toBe("Configuration");
      expect(logs.errors.map((error) => error.name)).toEqual(["EmailSignInError"]);
      expect(logs.errors[0]?.message).toContain(`${name} needs \`from\``);
    }
    expect(standIn.calls).toHaveLength(0);
  });

  it("is reported by checkConfig before any mail, and not once `from` is given", () => {
    const env = { AUTH_SECRET: SECRET, AUTH_URL: "https://app.test" };
    const findings = (provider: AuthConfig["providers"][number]) =>
      checkConfig({ adapter: MemoryAdapter(), providers: [provider] }, env);
    for (const provider of [make(), make]) {
      expect(findings(provider)).toEqual([
        {
          severity: "error",
          code: "EmailSignInError",
          message: expect.stringContaining(`${name} needs \`from\``),
        },
      ]);
    }
    expect(findings(make({ from: FROM }))).toEqual([]);
    // An app that sends the mail itself does not go through the service.
    expect(findings(make({ sendVerificationRequest: async () => undefined }))).toEqual([]);
  });
});
